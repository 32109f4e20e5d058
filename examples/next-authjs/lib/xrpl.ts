// The XRPL provider's settings, read from the environment. auth.ts creates the provider once per
// bundle: it throws Auth.js's own error class when it refuses a sign-in, and Auth.js recognises
// it only when both come from the same copy of `@auth/core`. Next bundles each entry (routes,
// instrumentation) apart, so a provider kept on globalThis and shared between bundles would turn
// every refusal into a server error.
import { createVerifier } from "sign-in-with-xrpl";
import type { XrplProviderOptions } from "sign-in-with-xrpl/authjs";
// The settings rules every example shares (the https: URI rule of production among them).
import { DEFAULT_CHAIN_ID, uriSchemesFor } from "../../express/settings-rules.mjs";

/**
 * APP_DOMAIN (the host(s) users sign in on, comma-separated; required in production, never taken
 * from the request), XRPL_NODE_URL (the ledger node, for signed transactions and regular keys),
 * XRPL_CHAIN_ID (the network messages must name: mainnet "xrpl:0" unless set). AUTH_SECRET is
 * read by the provider itself, as by Auth.js. The verifier connects on first use.
 */
export function xrplOptions(): XrplProviderOptions {
  const domain = process.env.APP_DOMAIN ? process.env.APP_DOMAIN.split(",") : undefined;
  return {
    verifier: createVerifier(process.env.XRPL_NODE_URL ? { nodeUrl: process.env.XRPL_NODE_URL } : {}),
    domain,
    chainId: process.env.XRPL_CHAIN_ID?.trim() || DEFAULT_CHAIN_ID,
    // In production a message must name an https: URI (unless APP_DOMAIN is loopback only: a local demo).
    uriSchemes: uriSchemesFor(process.env.NODE_ENV === "production", domain),
    logger: console,
  };
}
