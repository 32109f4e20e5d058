import { createAuthHandlers, createVerifier } from "sign-in-with-xrpl";

// One set of handlers per process, shared by the routes (main.ts) and the guard.
export const handlers = createAuthHandlers({
  verifier: createVerifier({ nodeUrl: process.env.XRPL_NODE_URL }),
  sessionKind: "server-store",
  domain: process.env.APP_DOMAIN?.split(","),
});
