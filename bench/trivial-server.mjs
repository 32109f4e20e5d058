// The benchmark's baseline: the Express example's middleware stack (no-store header,
// express-session with the same cookie options, in-memory store) answering one trivial route
// that reads and writes the session, so every request pays the same session cost as a sign-in
// request. Started by flow.bench.mjs as a child process; prints its URL like the example.
import express from "express";
import { createSessionMiddleware } from "../examples/express/app.mjs";

const app = express();
app.disable("x-powered-by");
const api = express.Router();
api.use((_req, res, next) => {
  res.set("Cache-Control", "no-store");
  next();
});
api.use(createSessionMiddleware({ secret: process.env.SESSION_SECRET ?? "x".repeat(64), cookieName: "siwx_session", production: false }));
api.get("/ping", (req, res) => {
  req.session.hits = (req.session.hits ?? 0) + 1;
  res.json({ ok: true, hits: req.session.hits });
});
app.use("/api", api);

const server = app.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  console.log(`Trivial bench server listening on http://localhost:${server.address().port}`);
});
const stop = () => server.close(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
