import type { Handle } from "@sveltejs/kit";
import { createVerifier } from "sign-in-with-xrpl";
import { createFetchHandler } from "sign-in-with-xrpl/fetch";

const auth = createFetchHandler({
  verifier: createVerifier({ nodeUrl: process.env.XRPL_NODE_URL }),
  domain: process.env.APP_DOMAIN?.split(","),
  sessionSecret: process.env.SESSION_SECRET ?? "",
});

export const handle: Handle = async ({ event, resolve }) => {
  // GET /api/auth/nonce, POST /api/auth/verify, POST /api/auth/signout, GET /api/auth/me.
  if (event.url.pathname.startsWith("/api/auth/")) return auth.handle(event.request);
  // Every load function and endpoint reads the sign-in from locals: { address, ... } or null.
  event.locals.xrpl = await auth.getSession(event.request);
  if (event.url.pathname.startsWith("/account") && event.locals.xrpl === null) {
    return new Response(null, { status: 303, headers: { location: "/" } });
  }
  return resolve(event);
};
