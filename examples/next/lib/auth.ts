// One verifier (one ledger connection), one nonce store and one set of handlers per server
// process, kept on globalThis because Next may evaluate this module once per route bundle.
// Created at start by lib/startup-check.ts, so a bad setting stops the start.
import { createAuthHandlers, createVerifier, type AuthHandlers, type NonceStore, type Verifier } from "sign-in-with-xrpl";
import { createRedisNonceStore } from "sign-in-with-xrpl/redis";
import { checkedByLibrary, uriSchemesFor } from "../settings.mjs";
import { getServerConfig, type ServerConfig } from "./config";
import { createFixedWindowLimiter, type FixedWindowLimiter } from "./rate-limit";
import { redisConnection } from "./redis";

export interface Auth {
  config: ServerConfig;
  verifier: Verifier;
  handlers: AuthHandlers;
  nonceLimiter: FixedWindowLimiter;
}

const globalCache = globalThis as typeof globalThis & { __siwxNextAuth?: Promise<Auth> };

/** The process-wide auth setup, created on first use. Rejects with ConfigError on a bad setting. */
export function getAuth(): Promise<Auth> {
  globalCache.__siwxNextAuth ??= createAuth().catch((error: unknown) => {
    // Not cached: the next call tries again (and fails again until the environment is fixed).
    delete globalCache.__siwxNextAuth;
    throw error;
  });
  return globalCache.__siwxNextAuth;
}

async function createAuth(): Promise<Auth> {
  const config = getServerConfig();
  const verifier = checkedByLibrary("XRPL_NODE_URL", config.nodeUrl, () =>
    createVerifier(config.nodeUrl === undefined ? {} : { nodeUrl: config.nodeUrl }),
  );
  try {
    // Without REDIS_URL the handlers keep used nonces and signed-out session ids in this
    // process's memory: one instance only. With it, Redis keeps both (the nonce store is the
    // revocation store), so a sign-out on one instance ends copies of the cookie on every other.
    const redis = config.redisUrl === undefined ? undefined : redisConnection(config.redisUrl);
    const nonceStore: NonceStore | undefined = redis === undefined ? undefined : createRedisNonceStore(redis.client);
    const handlers = checkedByLibrary("APP_DOMAIN", config.domain?.join(","), () =>
      createAuthHandlers({
        verifier,
        sessionKind: "sealed-cookie",
        // From APP_DOMAIN only, never from the request's Host header.
        ...(config.domain === undefined ? {} : { domain: config.domain }),
        // Only messages for this network (XRPL_CHAIN_ID, mainnet by default) sign anyone in.
        chainId: config.chainId,
        // In production a message must name an https: URI (unless APP_DOMAIN is loopback only: a local demo).
        uriSchemes: uriSchemesFor(config.production, config.domain),
        // Pages of other sites get 403 from nonce, verify and sign-out, except ALLOWED_ORIGINS.
        ...(config.allowedOrigins === undefined ? {} : { allowedOrigins: config.allowedOrigins }),
        ...(nonceStore === undefined ? {} : { nonceStore }),
        maxSessionAgeSeconds: config.sessionMaxAgeSeconds,
        production: config.production,
        logger: console,
      }),
    );
    await redis?.connect();
    const nonceLimiter = createFixedWindowLimiter({ limit: config.nonceRateLimit, windowMs: 60_000 });
    return { config, verifier, handlers, nonceLimiter };
  } catch (error) {
    await verifier.close();
    throw error;
  }
}
