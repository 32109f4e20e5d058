import { createVerifier } from "sign-in-with-xrpl";
import { createFetchHandler } from "sign-in-with-xrpl/fetch";
import { buildServer } from "./server.js";

const auth = createFetchHandler({
  verifier: createVerifier(),
  domain: process.env.APP_DOMAIN?.split(","),
  sessionSecret: process.env.SESSION_SECRET ?? "",
});
const app = await buildServer(auth);
await app.listen({ port: 3000 });
