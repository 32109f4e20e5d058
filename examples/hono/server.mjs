// Starts the Hono example on Node: reads the environment (with the Express example's rules, so
// both read the same settings alike), creates the verifier once (it holds the ledger
// connection), picks the nonce store (memory, or Redis when REDIS_URL is set), listens, and
// shuts down cleanly on SIGTERM/SIGINT. Sessions need no store: they live in a sealed cookie.
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { createMemoryNonceStore, createVerifier } from "sign-in-with-xrpl";
import { checkedByLibrary, ConfigError, loadConfig } from "../express/config.mjs";
import { createApp } from "./app.mjs";

const SHUTDOWN_GRACE_MS = 5000;

/** Prints the problem and exits non-zero, without a stack trace: these are operator errors. */
function stop(message) {
  console.error(`Cannot start the example: ${message}`);
  process.exit(1);
}

let config;
let verifier;
try {
  config = loadConfig(process.env);
  verifier = checkedByLibrary("XRPL_NODE_URL", config.nodeUrl, () => createVerifier(config.nodeUrl === undefined ? {} : { nodeUrl: config.nodeUrl }));
} catch (error) {
  if (error instanceof ConfigError) stop(error.message);
  throw error;
}

let redis;
let nonceStore;
if (config.redisUrl === undefined) {
  nonceStore = createMemoryNonceStore();
} else {
  // Several processes behind a load balancer read each other's sealed cookies already (same
  // SESSION_SECRET); a shared nonce store is what keeps a nonce single-use across them.
  const [{ redisConnection }, { createRedisNonceStore }] = await Promise.all([import("../express/redis.mjs"), import("sign-in-with-xrpl/redis")]);
  const connection = redisConnection(config.redisUrl);
  redis = connection.client;
  try {
    await connection.connect();
  } catch (error) {
    await verifier.close();
    if (error instanceof ConfigError) stop(error.message);
    throw error;
  }
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
    nonceRateLimit: config.nonceRateLimit,
    ...(config.trustProxy === undefined ? {} : { trustProxy: config.trustProxy }),
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
server.on("error", async (error) => {
  await closeResources();
  stop(error.code === "EADDRINUSE" ? `port ${config.port} is in use (set PORT to another one).` : String(error.message));
});
server.on("listening", () => {
  const { port } = server.address();
  const stores = redis === undefined ? "sealed-cookie sessions, nonces in memory" : "sealed-cookie sessions, nonces in Redis";
  const shownHost = config.host === undefined || config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host.includes(":") ? `[${config.host}]` : config.host;
  console.log(`Sign-In with XRPL Hono example listening on http://${shownHost}:${port} (${stores})`);
});

let closing = false;
async function closeResources() {
  await verifier.close().catch((error) => console.error("Closing the verifier failed:", error));
  if (redis?.isOpen) await redis.close().catch((error) => console.error("Closing Redis failed:", error));
}

async function shutdown(signal) {
  if (closing) return;
  closing = true;
  console.log(`${signal}: shutting down`);
  // A request that never ends must not keep the process alive forever.
  setTimeout(() => {
    console.error("Shutdown took too long: exiting");
    process.exit(1);
  }, SHUTDOWN_GRACE_MS).unref();
  await new Promise((resolve) => {
    server.close(resolve);
    server.closeIdleConnections?.();
  });
  await closeResources();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
