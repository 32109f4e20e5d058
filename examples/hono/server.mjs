// Starts the Hono example on Node: reads the environment (with the Express example's rules, so
// both read the same settings alike), creates the verifier once (it holds the ledger
// connection), picks the nonce store (memory, or Redis when REDIS_URL is set), listens, and
// shuts down cleanly on SIGTERM/SIGINT. Sessions need no store: they live in a sealed cookie.
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { createMemoryNonceStore } from "sign-in-with-xrpl";
import { ConfigError } from "../express/config.mjs";
import { shownHost, shutDownOnSignals, stop, stopOnListenError } from "../express/server-process.mjs";
import { connectRedis, loadConfigAndVerifier } from "../express/server-start.mjs";
import { createApp } from "./app.mjs";

const { config, verifier } = loadConfigAndVerifier(process.env);

let redis;
let nonceStore;
if (config.redisUrl === undefined) {
  nonceStore = createMemoryNonceStore();
} else {
  // Several processes behind a load balancer read each other's sealed cookies already (same
  // SESSION_SECRET); a shared nonce store is what keeps a nonce single-use across them.
  redis = await connectRedis(config.redisUrl, verifier);
  const { createRedisNonceStore } = await import("sign-in-with-xrpl/redis");
  nonceStore = createRedisNonceStore(redis);
}

let app;
try {
  ({ app } = createApp({
    verifier,
    nonceStore,
    sessionSecret: config.sessionSecret,
    cookieName: config.cookieName,
    production: config.production,
    ...(config.domain === undefined ? {} : { domain: config.domain }),
    chainId: config.chainId,
    ...(config.allowedOrigins === undefined ? {} : { allowedOrigins: config.allowedOrigins }),
    nonceRateLimit: config.nonceRateLimit,
    ...(config.trustProxy === undefined ? {} : { trustProxy: config.trustProxy }),
    ...(config.claims === undefined ? {} : { claims: config.claims }),
    ...(config.requireClaims === undefined ? {} : { requireClaims: config.requireClaims }),
    ...(config.revalidateAfterSeconds === undefined ? {} : { revalidateAfterSeconds: config.revalidateAfterSeconds }),
    // The Express example's demo page, served as is: it talks to the same routes.
    publicDir: fileURLToPath(new URL("../express/public", import.meta.url)),
    logger: console,
  }));
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  await closeResources();
  stop(error.message);
}

const server = serve({ fetch: app.fetch, port: config.port, ...(config.host === undefined ? {} : { hostname: config.host }) });
stopOnListenError(server, config.port, closeResources);
server.on("listening", () => {
  const { port } = server.address();
  const stores = redis === undefined ? "sealed-cookie sessions, nonces in memory" : "sealed-cookie sessions, nonces in Redis";
  console.log(`Sign-In with XRPL Hono example listening on http://${shownHost(config.host)}:${port} (${stores})`);
});

async function closeResources() {
  await verifier.close().catch((error) => console.error("Closing the verifier failed:", error));
  if (redis?.isOpen) await redis.close().catch((error) => console.error("Closing Redis failed:", error));
}

shutDownOnSignals(server, closeResources);
