/**
 * The Xaman entry: sign-in with Xaman's `SignIn` sign requests, over `xumm-sdk` (server only: it
 * holds your Xaman API secret).
 *
 * @module sign-in-with-xrpl/xaman
 */
export { createXamanSignIn, webhookSignatureHolds, XAMAN_TEXT } from "./xaman-sign-in.js";
export type { XamanSignIn, XamanSignInOptions } from "./xaman-sign-in.js";
export type { XamanPayloadAnswer, XamanPayloadCreated, XamanSdk } from "./types.js";
