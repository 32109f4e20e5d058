// Starts the OpenID Provider: reads the environment, creates the verifier once (it holds the
// ledger connection), connects to Redis when REDIS_URL is set (the provider's state and the
// nonces, shared by every instance), builds oidc-provider with the library's configuration,
// listens, and shuts down cleanly on SIGTERM/SIGINT. A bad setting stops the start with one line.
import Provider from "oidc-provider";
import { createMemoryNonceStore, createVerifier } from "sign-in-with-xrpl";
import { createRedisAdapter, createXrplOidc } from "sign-in-with-xrpl/oidc";
import { checkClients, checkedByProvider, checkedProviderOptions, ConfigError, loadConfig, redactUrl } from "./config.mjs";
import { checkedByLibrary } from "../express/settings-rules.mjs";
import { shownHost, shutDownOnSignals, stop, stopOnListenError } from "../express/server-process.mjs";
import { connectRedis } from "../express/server-start.mjs";
import { createApp } from "./app.mjs";

let config;
let verifier;
try {
  config = loadConfig(process.env);
  verifier = checkedByLibrary("XRPL_NODE_URL", config.nodeUrl, () =>
    createVerifier(config.nodeUrl === undefined ? {} : { nodeUrl: config.nodeUrl }),
  );
} catch (error) {
  if (error instanceof ConfigError) stop(error.message);
  throw error;
}

let redis;
let nonceStore = createMemoryNonceStore();
let adapter;
if (config.redisUrl !== undefined) {
  // Loaded only when used, so a single instance needs no Redis package.
  const { createRedisNonceStore } = await import("sign-in-with-xrpl/redis");
  redis = await connectRedis(config.redisUrl, verifier);
  const prefix = config.redisKeyPrefix;
  nonceStore = createRedisNonceStore(redis, {
    prefix: `${prefix}nonce:`,
    revocationPrefix: `${prefix}revoked:`,
    attemptPrefix: `${prefix}attempts:`,
  });
  adapter = createRedisAdapter(redis, { prefix: `${prefix}state:` });
}

let app;
let xrpl;
try {
  xrpl = checkedProviderOptions(() =>
    createXrplOidc({
      issuer: config.issuer,
      verifier,
      production: config.production,
      chainId: config.chainId,
      ...(config.allowedOrigins === undefined ? {} : { allowedOrigins: config.allowedOrigins }),
      nonceStore,
      logger: console,
      ...(config.jwks === undefined ? {} : { jwks: config.jwks }),
      ...(config.cookieKeys === undefined ? {} : { cookieKeys: config.cookieKeys }),
      clients: config.clients,
      ...(adapter === undefined ? {} : { adapter }),
      registration: config.registration,
      ...(config.corsOrigins === undefined ? {} : { corsOrigins: config.corsOrigins }),
    }),
  );
  const provider = await checkedByProvider("OIDC_JWKS", () => new Provider(xrpl.issuer, xrpl.configuration));
  await checkClients(provider, config.clients);
  provider.on("server_error", (_ctx, error) => console.error("oidc-provider: server error", error));
  app = await createApp({
    xrpl,
    provider,
    production: config.production,
    nonceRateLimit: config.nonceRateLimit,
    verifyRateLimit: config.verifyRateLimit,
    ...(config.trustProxy === undefined ? {} : { trustProxy: config.trustProxy }),
    devWallet: !config.production,
  });
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  await closeResources();
  stop(error.message);
}

if (redis === undefined) {
  console.warn(
    "REDIS_URL is not set: sessions, grants, tokens and used nonces live in this process's memory, so this provider is a single instance (and forgets everything when it stops). Set REDIS_URL to run several behind a load balancer.",
  );
}

const server = config.host === undefined ? app.listen(config.port) : app.listen(config.port, config.host);
stopOnListenError(server, config.port, closeResources);
server.on("listening", () => {
  const { port } = server.address();
  const storage = redis === undefined ? "state in memory" : `state in Redis at ${redactUrl(config.redisUrl)}`;
  console.log(
    `Sign-In with XRPL OpenID Provider listening on http://${shownHost(config.host)}:${port}, issuer ${xrpl.issuer} (${storage}, ${config.clients.length} client${config.clients.length === 1 ? "" : "s"})`,
  );
});

async function closeResources() {
  await verifier.close().catch((error) => console.error("Closing the verifier failed:", error));
  if (redis?.isOpen) await redis.close().catch((error) => console.error("Closing Redis failed:", error));
}

shutDownOnSignals(server, closeResources);
