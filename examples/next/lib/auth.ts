// One verifier (one ledger connection) and one set of handlers per server process, kept on
// globalThis because Next may evaluate this module once per route bundle.
import { createAuthHandlers, createVerifier, type AuthHandlers, type Verifier } from "sign-in-with-xrpl";
import { getServerConfig, type ServerConfig } from "./config";
import { createFixedWindowLimiter, type FixedWindowLimiter } from "./rate-limit";

export interface Auth {
  config: ServerConfig;
  verifier: Verifier;
  handlers: AuthHandlers;
  nonceLimiter: FixedWindowLimiter;
}

const globalCache = globalThis as typeof globalThis & { __siwxNextAuth?: Auth };

/** The process-wide auth setup, created on first use. Throws ConfigError on a bad environment. */
export function getAuth(): Auth {
  if (globalCache.__siwxNextAuth !== undefined) return globalCache.__siwxNextAuth;
  const config = getServerConfig();
  const verifier = createVerifier(config.nodeUrl === undefined ? {} : { nodeUrl: config.nodeUrl });
  const handlers = createAuthHandlers({
    verifier,
    variant: "cookie",
    // From APP_DOMAIN only, never from the request's Host header.
    ...(config.domain === undefined ? {} : { domain: config.domain }),
    production: config.production,
    logger: console,
  });
  const nonceLimiter = createFixedWindowLimiter({ limit: config.nonceRateLimit, windowMs: 60_000 });
  globalCache.__siwxNextAuth = { config, verifier, handlers, nonceLimiter };
  return globalCache.__siwxNextAuth;
}
