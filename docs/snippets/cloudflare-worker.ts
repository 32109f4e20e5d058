import { createVerifier, type Verifier } from "sign-in-with-xrpl";
import { createDurableObjectNonceStore, type NonceStoreNamespace } from "sign-in-with-xrpl/cloudflare";
import { createFetchHandler, type FetchHandler } from "sign-in-with-xrpl/fetch";

// The Durable Object class that keeps used nonces and signed-out sessions for every isolate.
export { NonceStoreObject } from "sign-in-with-xrpl/cloudflare";

interface Env {
  APP_DOMAIN: string;
  SESSION_SECRET: string;
  NONCES: NonceStoreNamespace;
  /** A WebSocket URL of an XRPL node; unset, a public mainnet node. */
  XRPL_NODE_URL?: string;
}

// A Worker may not reuse a socket opened while it served another request: each proof gets a
// verifier of its own, closed once it has answered. The ledger says whether the account has
// disabled its master key, and which regular key or signer list may sign for it.
function verifierPerProof(nodeUrl: string | undefined): Verifier {
  const check: Verifier["check"] = async (request) => {
    const verifier = createVerifier(nodeUrl === undefined ? {} : { nodeUrl });
    try {
      return await verifier.check(request);
    } finally {
      await verifier.close();
    }
  };
  return { check, verify: async (request) => (await check(request)).ok, close: async () => {} };
}

// Built on the first request: a Worker sees its settings (`env`) only inside `fetch`.
let auth: FetchHandler | undefined;

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    auth ??= createFetchHandler({
      verifier: verifierPerProof(env.XRPL_NODE_URL),
      domain: env.APP_DOMAIN,
      sessionSecret: env.SESSION_SECRET,
      // One store for every isolate: a nonce is used once everywhere, a sign-out reaches them all.
      nonceStore: createDurableObjectNonceStore(env.NONCES),
      // A Worker has no NODE_ENV: say it, so a missing domain is refused.
      production: true,
    });

    const { pathname } = new URL(request.url);
    if (pathname === "/api/profile") {
      const signedIn = await auth.getSession(request);
      if (signedIn === null) return Response.json({ error: "Not authenticated." }, { status: 401 });
      return Response.json({ address: signedIn.address });
    }
    // The sign-in routes under /api/auth, and a JSON 404 for anything else.
    return auth.handle(request);
  },
};
