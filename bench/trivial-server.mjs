// The benchmark's baselines, on the Express example's middleware stack (no-store header,
// express-session with the same cookie options, in-memory store) and none of the library's
// request-time code. Started by flow.bench.mjs as a child process; prints its URL like the example.
//
// - GET /api/ping: one trivial route that reads and writes an existing session, so every request
//   pays the same session cost as a sign-in request (the literal baseline).
// - /api/bare/*: a "bare flow", the four routes of a sign-in with exactly the express-session work
//   a sign-in causes (new session with a nonce, JSON body of the same size, regenerate on sign-in,
//   read, destroy and clear the cookie) and the example's own nonce rate limiter, but no nonce
//   generation, no message parsing or validation, no signature check and no nonce store. The flow
//   minus this minus one signature check is what the library itself adds.
import { randomBytes } from "node:crypto";
import express from "express";
import { rateLimit } from "express-rate-limit";
import { sessionCookieOptions } from "sign-in-with-xrpl";
import { BODY_LIMIT, createSessionMiddleware } from "../examples/express/app.mjs";

const COOKIE_NAME = "siwx_session";
const production = false;

const app = express();
app.disable("x-powered-by");
const api = express.Router();
api.use((_req, res, next) => {
  res.set("Cache-Control", "no-store");
  next();
});
api.use(createSessionMiddleware({ secret: process.env.SESSION_SECRET ?? "x".repeat(64), cookieName: COOKIE_NAME, production }));

api.get("/ping", (req, res) => {
  req.session.hits = (req.session.hits ?? 0) + 1;
  res.json({ ok: true, hits: req.session.hits });
});

// Same limiter as the example's nonce route (the bench raises its limit there too).
const nonceLimiter = rateLimit({
  windowMs: 60_000,
  limit: Number(process.env.NONCE_RATE_LIMIT ?? 1_000_000),
  standardHeaders: "draft-7",
  legacyHeaders: false,
  handler: (_req, res) => {
    res.status(429).json({ error: "Too many nonce requests. Try again in a minute." });
  },
});
// Computed once at start, as the example does; nothing of the library runs per request.
const { maxAge: _lifetime, ...clearCookieAttributes } = sessionCookieOptions({ variant: "store", production, name: COOKIE_NAME }).cookie;

api.get("/bare/nonce", nonceLimiter, (req, res) => {
  // The same two fields the library stores (a 32-hex-character nonce and its issue time).
  req.session.pendingNonce = randomBytes(16).toString("hex");
  req.session.nonceIssuedAt = Date.now();
  res.json({ nonce: req.session.pendingNonce });
});

api.post("/bare/verify", express.json({ limit: BODY_LIMIT }), (req, res, next) => {
  const address = req.body?.address;
  if (typeof req.session.pendingNonce !== "string" || typeof address !== "string") {
    res.status(400).json({ error: "No pending nonce. Request /nonce first." });
    return;
  }
  req.session.regenerate((error) => {
    if (error) return next(error);
    req.session.address = address;
    req.session.authenticatedAt = Date.now();
    res.json({ ok: true, address });
  });
});

api.get("/bare/me", (req, res) => {
  const address = req.session.address;
  if (typeof address === "string" && address !== "") res.json({ address });
  else res.status(401).json({ error: "Not authenticated." });
});

api.post("/bare/signout", (req, res, next) => {
  req.session.destroy((error) => {
    if (error) return next(error);
    res.clearCookie(COOKIE_NAME, clearCookieAttributes);
    res.json({ ok: true });
  });
});

app.use("/api", api);

const server = app.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  console.log(`Trivial bench server listening on http://localhost:${server.address().port}`);
});
const stop = () => server.close(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
