import { compactSignature, createVerifier } from "sign-in-with-xrpl";
import { createDurableObjectNonceStore, type NonceStoreNamespace } from "sign-in-with-xrpl/cloudflare";
import { createFetchHandler, type FetchHandler } from "sign-in-with-xrpl/fetch";

// The Durable Object class that keeps used nonces and signed-out sessions for every isolate.
export { NonceStoreObject } from "sign-in-with-xrpl/cloudflare";

interface Env {
  APP_DOMAIN: string;
  SESSION_SECRET: string;
  NONCES: NonceStoreNamespace;
}

// Built on the first request: a Worker sees its settings (`env`) only inside `fetch`.
let auth: FetchHandler | undefined;

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    auth ??= createFetchHandler({
      // Compact signatures by the account's master key, no ledger connection: a master key the
      // account has disabled is NOT refused (see "ledger: never" below).
      verifier: createVerifier({ strategies: [compactSignature({ ledger: "never" })] }),
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
