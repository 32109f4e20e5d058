import { createVerifier } from "sign-in-with-xrpl";
import { createFetchHandler } from "sign-in-with-xrpl/fetch";

export const auth = createFetchHandler({
  // One verifier per process: it keeps the ledger connection that every sign-in's key check uses.
  verifier: createVerifier(),
  // The host(s) your users sign in on; unset: localhost only. Never taken from the request.
  domain: process.env.APP_DOMAIN?.split(","),
  // At least 32 characters (openssl rand -hex 32), the same on every instance.
  sessionSecret: process.env.SESSION_SECRET ?? "",
});
