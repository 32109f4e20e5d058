import { compactSignature, createVerifier } from "sign-in-with-xrpl";
import { createFetchHandler, type FetchHandler } from "sign-in-with-xrpl/fetch";

interface Env {
  APP_DOMAIN: string;
  SESSION_SECRET: string;
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
