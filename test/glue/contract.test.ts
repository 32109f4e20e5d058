/**
 * The HTTP contract the examples keep, run against each glue entry on its real framework: the
 * same routes, statuses, texts, cross-site rule, bad bodies, races, replays and ledger outage.
 */
import { defineHttpContract } from "../examples/contract.js";
import { startExpressGlue, startFastifyGlue, startHonoGlue, startKoaGlue } from "./servers.js";

const sealedCookieTexts = {
  noPendingNonce: "No pending nonce.",
  verifierFailed: "Internal server error.",
  badBody: { status: 400, error: "Invalid request body." },
  notAProof: { status: 500, error: "Internal server error." },
};
const serverStoreTexts = {
  noPendingNonce: "No pending nonce. Request /nonce first.",
  verifierFailed: "Verification service unavailable.",
  badBody: { status: 400, error: "Invalid request body." },
};
const authRoutes = (baseUrl: string) => ({
  nonce: `${baseUrl}/api/auth/nonce`,
  verify: `${baseUrl}/api/auth/verify`,
  signOut: `${baseUrl}/api/auth/signout`,
  me: `${baseUrl}/api/auth/me`,
});

defineHttpContract({
  name: "sign-in-with-xrpl/fastify on Fastify",
  sessionKind: "sealed-cookie",
  start: startFastifyGlue,
  cookieName: "siwx_session",
  unknownPath: "/api/auth/nope",
  texts: sealedCookieTexts,
});

defineHttpContract({
  name: "sign-in-with-xrpl/hono on Hono (Node)",
  sessionKind: "sealed-cookie",
  start: startHonoGlue,
  cookieName: "siwx_session",
  unknownPath: "/api/auth/nope",
  texts: sealedCookieTexts,
});

defineHttpContract({
  name: "sign-in-with-xrpl/express router on Express (express-session)",
  sessionKind: "server-store",
  start: startExpressGlue,
  routes: authRoutes,
  cookieName: "siwx_session",
  unknownPath: "/api/auth/nope",
  texts: serverStoreTexts,
});

defineHttpContract({
  name: "sign-in-with-xrpl/koa on Koa (koa-session, external store)",
  sessionKind: "server-store",
  start: startKoaGlue,
  routes: authRoutes,
  cookieName: "siwx_session",
  unknownPath: "/api/auth/nope",
  texts: serverStoreTexts,
});
