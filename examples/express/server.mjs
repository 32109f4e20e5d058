// Starts the Express example: reads the environment, creates the verifier once (it holds the
// ledger connection), picks the session and nonce stores (memory, Redis when REDIS_URL is set,
// PostgreSQL when DATABASE_URL is set), listens, and shuts down cleanly on SIGTERM/SIGINT.
import { fileURLToPath } from "node:url";
import { createMemoryNonceStore, createVerifier } from "sign-in-with-xrpl";
import { createApp } from "./app.mjs";
import { checkedByLibrary, ConfigError, loadConfig, redactUrl } from "./config.mjs";

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
const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
if (databaseUrl !== undefined && config.redisUrl !== undefined) {
  stop("set REDIS_URL or DATABASE_URL, not both: each one holds the sessions and the nonces.");
}

let redis;
let postgres;
let nonceStore;
let sessionStore;
if (databaseUrl !== undefined) {
  const { DatabaseStartError, openPostgresStores } = await import("./postgres-stores.mjs");
  try {
    postgres = await openPostgresStores(databaseUrl);
  } catch (error) {
    await verifier.close();
    if (error instanceof DatabaseStartError) stop(`DATABASE_URL (${redactUrl(databaseUrl)}): ${error.message}`);
    throw error;
  }
  ({ nonceStore, sessionStore } = postgres);
} else if (config.redisUrl === undefined) {
  nonceStore = createMemoryNonceStore();
} else {
  // Loaded only when used, so the default setup needs no Redis packages at all.
  const [{ redisConnection }, { RedisStore }, { createRedisNonceStore }] = await Promise.all([
    import("./redis.mjs"),
    import("connect-redis"),
    import("sign-in-with-xrpl/redis"),
  ]);
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
  sessionStore = new RedisStore({ client: redis, prefix: "siwx:sess:" });
}

let app;
try {
  app = createApp({
    verifier,
    nonceStore,
    sessionSecret: config.sessionSecret,
    ...(sessionStore === undefined ? {} : { sessionStore }),
    cookieName: config.cookieName,
    production: config.production,
    ...(config.domain === undefined ? {} : { domain: config.domain }),
    nonceRateLimit: config.nonceRateLimit,
    ...(config.trustProxy === undefined ? {} : { trustProxy: config.trustProxy }),
    publicDir: fileURLToPath(new URL("./public", import.meta.url)),
    logger: console,
  });
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  await closeResources();
  stop(error.message);
}

const server = config.host === undefined ? app.listen(config.port) : app.listen(config.port, config.host);
server.on("error", async (error) => {
  await closeResources();
  stop(error.code === "EADDRINUSE" ? `port ${config.port} is in use (set PORT to another one).` : String(error.message));
});
server.on("listening", () => {
  const { port } = server.address();
  const stores = redis !== undefined ? "sessions and nonces in Redis" : postgres !== undefined ? "sessions and nonces in PostgreSQL" : "in-memory sessions";
  const shownHost = config.host === undefined || config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host.includes(":") ? `[${config.host}]` : config.host;
  console.log(`Sign-In with XRPL Express example listening on http://${shownHost}:${port} (${stores})`);
});

let closing = false;
async function closeResources() {
  await verifier.close().catch((error) => console.error("Closing the verifier failed:", error));
  if (redis?.isOpen) await redis.close().catch((error) => console.error("Closing Redis failed:", error));
  await postgres?.close().catch((error) => console.error("Closing PostgreSQL failed:", error));
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
    server.closeIdleConnections();
  });
  await closeResources();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
