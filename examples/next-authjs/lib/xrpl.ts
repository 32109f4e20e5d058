// The XRPL provider, configured from the environment. Created on first use, not at import:
// `next build` loads the routes without the runtime settings.
//
// Kept per module, not on globalThis: the provider throws Auth.js's own error class when it
// refuses a sign-in, and Auth.js recognises it only when both come from the same copy of
// `@auth/core`. Next bundles each entry (routes, instrumentation) apart, so a provider made in
// one bundle and used by the Auth.js of another would turn every refusal into a server error.
import { createVerifier } from "sign-in-with-xrpl";
import { XrplProvider, type XrplCredentialsProvider, type XrplProviderOptions } from "sign-in-with-xrpl/authjs";

let provider: XrplCredentialsProvider | undefined;

/**
 * The provider's settings: APP_DOMAIN (the host(s) users sign in on, comma-separated; required in
 * production, never taken from the request), XRPL_NODE_URL (the ledger node, for signed
 * transactions and regular keys). AUTH_SECRET is read by the provider itself, as by Auth.js.
 */
export function xrplOptions(): XrplProviderOptions {
  return {
    verifier: createVerifier(process.env.XRPL_NODE_URL ? { nodeUrl: process.env.XRPL_NODE_URL } : {}),
    domain: process.env.APP_DOMAIN ? process.env.APP_DOMAIN.split(",") : undefined,
    logger: console,
  };
}

/** The provider of this bundle. Throws InvalidOptionsError naming a bad setting. */
export function getXrplProvider(): XrplCredentialsProvider {
  provider ??= XrplProvider(xrplOptions());
  return provider;
}
