// Entry `sign-in-with-xrpl/authjs`: Sign-in with XRPL as an Auth.js (@auth/core, next-auth v5)
// Credentials provider. Web-standard only, so it runs wherever Auth.js runs.
export { XrplProvider } from "./provider.js";
export type { XrplCredentialInputs, XrplCredentialsProvider } from "./provider.js";
export type { XrplProviderOptions } from "./options.js";
export type { XrplJwtParams, XrplJwtRequest, XrplSessionClaims } from "./session-token.js";
export { XrplSignInError } from "./sign-in-error.js";
export type { XrplSignInCode } from "./sign-in-error.js";
