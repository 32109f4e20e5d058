// Ceiling of the Express example: the same middleware stack (no-store header, express-session
// with the example's cookie options and its in-memory store, the example's nonce rate limiter,
// express.json with its body limit) and the same four routes, doing exactly the session work a
// sign-in causes (a new session with the nonce, regenerate on sign-in, read, destroy) plus one
// raw signature check, and nothing of the library. Prints "listening on http://127.0.0.1:<port>".
import { randomBytes } from "node:crypto";
import express from "express";
import { rateLimit } from "express-rate-limit";
import { sessionCookieOptions } from "sign-in-with-xrpl";
import { BODY_LIMIT, createSessionMiddleware } from "../../examples/express/app.mjs";
import { createRawCheck } from "./raw-check.mjs";

const COOKIE_NAME = "siwx_session";
const production = false;
const rawCheck = await createRawCheck();

const app = express();
app.disable("x-powered-by");
const api = express.Router();
api.use((_req, res, next) => {
  res.set("Cache-Control", "no-store");
  next();
});
api.use(createSessionMiddleware({ secret: process.env.SESSION_SECRET ?? "x".repeat(64), cookieName: COOKIE_NAME, production }));

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
const { maxAge: _lifetime, ...clearCookieAttributes } = sessionCookieOptions({
  sessionKind: "server-store",
  production,
  name: COOKIE_NAME,
}).cookie;

api.get("/auth/nonce", nonceLimiter, (req, res) => {
  // The same two fields the library stores (a 32-hex-character nonce and its issue time).
  req.session.pendingNonce = randomBytes(16).toString("hex");
  req.session.nonceIssuedAt = Date.now();
  res.json({ nonce: req.session.pendingNonce });
});

api.post("/auth/verify", express.json({ limit: BODY_LIMIT }), (req, res, next) => {
  if (typeof req.session.pendingNonce !== "string" || typeof req.body?.address !== "string") {
    res.status(400).json({ error: "No pending nonce. Request /nonce first." });
    return;
  }
  if (!rawCheck(req.body)) {
    res.status(401).json({ error: "Signature verification failed." });
    return;
  }
  const { address } = req.body;
  req.session.regenerate((error) => {
    if (error) return next(error);
    req.session.address = address;
    req.session.authenticatedAt = Date.now();
    res.json({ ok: true, address });
  });
});

api.get("/me", (req, res) => {
  const address = req.session.address;
  if (typeof address === "string" && address !== "") res.json({ address });
  else res.status(401).json({ error: "Not authenticated." });
});

api.post("/auth/signout", (req, res, next) => {
  req.session.destroy((error) => {
    if (error) return next(error);
    res.clearCookie(COOKIE_NAME, clearCookieAttributes);
    res.json({ ok: true });
  });
});

app.use("/api", api);

const server = app.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  console.log(`Ceiling (Express + express-session) listening on http://127.0.0.1:${server.address().port}`);
});
const stop = () => server.close(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
