// The Worker that the size benchmark (bench/worker-size.mjs) measures and the bundle test
// (test/fetch/worker-bundle.test.ts) builds: sign-in with `createFetchHandler` and compact
// signatures by master keys only (`compactSignature({ ledger: "never" })`), settings from the
// Worker's bindings.
import { compactSignature, createVerifier } from "sign-in-with-xrpl";
import { createFetchHandler } from "sign-in-with-xrpl/fetch";

let auth;
export default {
  fetch(request, env) {
    auth ??= createFetchHandler({
      verifier: createVerifier({ strategies: [compactSignature({ ledger: "never" })] }),
      domain: env.APP_DOMAIN,
      sessionSecret: env.SESSION_SECRET,
    });
    return auth.handle(request);
  },
};
