// Starts the Express example: reads the environment, creates the verifier once (it holds the
// ledger connection), picks the session and nonce stores (memory, Redis when REDIS_URL is set,
// PostgreSQL when DATABASE_URL is set), listens, and shuts down cleanly on SIGTERM/SIGINT.
import { fileURLToPath } from "node:url";
import { createMemoryNonceStore } from "sign-in-with-xrpl";
import { createApp } from "./app.mjs";
import { ConfigError, redactUrl } from "./config.mjs";
import { shownHost, shutDownOnSignals, stop, stopOnListenError } from "./server-process.mjs";
import { connectRedis, loadConfigAndVerifier } from "./server-start.mjs";

const { config, verifier } = loadConfigAndVerifier(process.env);
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
  redis = await connectRedis(config.redisUrl, verifier);
  const [{ RedisStore }, { createRedisNonceStore }] = await Promise.all([import("connect-redis"), import("sign-in-with-xrpl/redis")]);
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
    chainId: config.chainId,
    ...(config.allowedOrigins === undefined ? {} : { allowedOrigins: config.allowedOrigins }),
    nonceRateLimit: config.nonceRateLimit,
    ...(config.trustProxy === undefined ? {} : { trustProxy: config.trustProxy }),
    ...(config.claims === undefined ? {} : { claims: config.claims }),
    ...(config.requireClaims === undefined ? {} : { requireClaims: config.requireClaims }),
    ...(config.revalidateAfterSeconds === undefined ? {} : { revalidateAfterSeconds: config.revalidateAfterSeconds }),
    publicDir: fileURLToPath(new URL("./public", import.meta.url)),
    logger: console,
    ...(config.xaman === undefined ? {} : { xaman: config.xaman }),
  });
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  await closeResources();
  stop(error.message);
}

const server = config.host === undefined ? app.listen(config.port) : app.listen(config.port, config.host);
stopOnListenError(server, config.port, closeResources);
server.on("listening", () => {
  const { port } = server.address();
  const stores =
    redis !== undefined
      ? "sessions and nonces in Redis"
      : postgres !== undefined
        ? "sessions and nonces in PostgreSQL"
        : "in-memory sessions";
  console.log(`Sign-In with XRPL Express example listening on http://${shownHost(config.host)}:${port} (${stores})`);
});

async function closeResources() {
  app?.locals.closeXaman?.();
  await verifier.close().catch((error) => console.error("Closing the verifier failed:", error));
  if (redis?.isOpen) await redis.close().catch((error) => console.error("Closing Redis failed:", error));
  await postgres?.close().catch((error) => console.error("Closing PostgreSQL failed:", error));
}

shutDownOnSignals(server, closeResources);
