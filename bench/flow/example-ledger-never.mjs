// The Express or the Hono example's app (its own createApp: the same routes, middleware, rate
// limit and settings rules), started with a verifier whose compact signatures do not ask the
// ledger whether the master key is disabled: compactSignature({ ledger: "never" }). For the flow
// benchmark's rows labelled `ledger: "never"`, which show what that look-up costs; the default
// rows start the examples' own server.mjs, whose verifier asks. Not a setup to copy blindly: with
// "never", a master key its owner disabled still signs in (see compactSignature's documentation).
// Usage: node example-ledger-never.mjs express|hono  (the examples' environment: SESSION_SECRET,
// XRPL_NODE_URL, APP_DOMAIN, NONCE_RATE_LIMIT, PORT, HOST). Prints "listening on http://...".
import { compactSignature, createMemoryNonceStore, createVerifier, signedTransaction } from "sign-in-with-xrpl";
import { loadConfig } from "../../examples/express/config.mjs";

const which = process.argv[2];
if (which !== "express" && which !== "hono") throw new Error("usage: node example-ledger-never.mjs express|hono");
const config = loadConfig(process.env);
const verifier = createVerifier({
  ...(config.nodeUrl === undefined ? {} : { nodeUrl: config.nodeUrl }),
  strategies: [compactSignature({ ledger: "never" }), signedTransaction()],
});
const options = {
  verifier,
  nonceStore: createMemoryNonceStore(),
  sessionSecret: config.sessionSecret,
  cookieName: config.cookieName,
  production: config.production,
  ...(config.domain === undefined ? {} : { domain: config.domain }),
  chainId: config.chainId,
  nonceRateLimit: config.nonceRateLimit,
  logger: console,
};
const host = config.host ?? "127.0.0.1";

let server;
if (which === "express") {
  const { createApp } = await import("../../examples/express/app.mjs");
  server = createApp(options).listen(config.port, host, () => {
    console.log(`Express example (ledger: "never") listening on http://${host}:${server.address().port}`);
  });
} else {
  const [{ serve }, { createApp }] = await Promise.all([import("@hono/node-server"), import("../../examples/hono/app.mjs")]);
  const { app } = createApp(options);
  server = serve({ fetch: app.fetch, port: config.port, hostname: host }, (info) => {
    console.log(`Hono example (ledger: "never") listening on http://${host}:${info.port}`);
  });
}
const stop = () => server.close(() => verifier.close().then(() => process.exit(0)));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
