// Entry `sign-in-with-xrpl/better-auth/client`: the plugin for better-auth's `createAuthClient`.
// Browser-safe: test/better-auth checks that its bundle pulls in no server code.
export { xrplClient } from "./client-plugin.js";
export type { XrplSignInAnswer, XrplSignInErrorCode } from "./plugin.js";
export type { XrplLinkedAddress } from "./addresses.js";
export type { XrplVerifyBody } from "./verify-body.js";
