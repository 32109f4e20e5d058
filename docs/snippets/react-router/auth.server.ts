import { createVerifier } from "sign-in-with-xrpl";
import { createFetchHandler } from "sign-in-with-xrpl/fetch";

export const auth = createFetchHandler({
  verifier: createVerifier({ nodeUrl: process.env.XRPL_NODE_URL }),
  domain: process.env.APP_DOMAIN?.split(","),
  sessionSecret: process.env.SESSION_SECRET ?? "",
});
