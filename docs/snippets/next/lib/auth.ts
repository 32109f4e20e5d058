import { createVerifier } from "sign-in-with-xrpl";
import { createFetchHandler } from "sign-in-with-xrpl/fetch";

// One handler for every route file: created once per server process.
export const auth = createFetchHandler({
  verifier: createVerifier(),
  domain: process.env.APP_DOMAIN?.split(","),
  sessionSecret: process.env.SESSION_SECRET ?? "",
});
