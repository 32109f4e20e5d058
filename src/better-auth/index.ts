// Entry `sign-in-with-xrpl/better-auth`: the better-auth server plugin. Its client half is
// `sign-in-with-xrpl/better-auth/client`.
export { xrpl } from "./plugin.js";
export type { XrplSignInAnswer, XrplSignInErrorCode } from "./plugin.js";
export type {
  XrplEmailClaim,
  XrplEmailClaimLink,
  XrplPluginOptions,
  XrplSignInAction,
  XrplSignInContext,
  XrplSignInDecision,
  XrplUserInfo,
  XrplUserInfoInput,
} from "./options.js";
export type { XrplLinkedAddress } from "./addresses.js";
export type { XrplVerifyBody } from "./verify-body.js";
export { XRPL_PROVIDER_ID } from "./routes.js";
export { xrplSessionClaims } from "./session-rules.js";
