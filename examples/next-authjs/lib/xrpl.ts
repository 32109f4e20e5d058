// The XRPL provider's settings, read from the environment. auth.ts creates the provider once per
// bundle: it throws Auth.js's own error class when it refuses a sign-in, and Auth.js recognises
// it only when both come from the same copy of `@auth/core`. Next bundles each entry (routes,
// instrumentation) apart, so a provider kept on globalThis and shared between bundles would turn
// every refusal into a server error.
import { createVerifier } from "sign-in-with-xrpl";
import type { XrplProviderOptions } from "sign-in-with-xrpl/authjs";

/**
 * APP_DOMAIN (the host(s) users sign in on, comma-separated; required in production, never taken
 * from the request), XRPL_NODE_URL (the ledger node, for signed transactions and regular keys).
 * AUTH_SECRET is read by the provider itself, as by Auth.js. The verifier connects on first use.
 */
export function xrplOptions(): XrplProviderOptions {
  return {
    verifier: createVerifier(process.env.XRPL_NODE_URL ? { nodeUrl: process.env.XRPL_NODE_URL } : {}),
    domain: process.env.APP_DOMAIN ? process.env.APP_DOMAIN.split(",") : undefined,
    chainId: "xrpl:0",
    logger: console,
  };
}
