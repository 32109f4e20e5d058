/** Types of settings.mjs, for the app (lib/config.ts), the launcher and the tests. */

/** The example's settings, checked. */
export interface Settings {
  /** NODE_ENV=production (always so under server.mjs without --dev, as under `next start`). */
  production: boolean;
  port: number;
  host: string | undefined;
  sessionSecret: string;
  cookieName: string;
  nodeUrl: string | undefined;
  /** APP_DOMAIN, split on commas: the host(s) users sign in on. Required in production. */
  domain: string[] | undefined;
  /** XRPL_CHAIN_ID: the network sign-in messages must name, mainnet ("xrpl:0") unless set. */
  chainId: string;
  /** ALLOWED_ORIGINS, split on commas: origins of other sites whose pages may call the sign-in routes. */
  allowedOrigins: string[] | undefined;
  /** REDIS_URL: nonces single-use across every instance that shares it. */
  redisUrl: string | undefined;
  nonceRateLimit: number;
  /** SESSION_MAX_AGE_SECONDS: the absolute lifetime of a sign-in (the library's maxSessionAgeSeconds). */
  sessionMaxAgeSeconds: number;
  /** TRUST_PROXY, checked; server.mjs compiles it with compileTrustProxy. */
  trustProxy: string | undefined;
}

export { ConfigError, checkedByLibrary, redactUrl, uriSchemesFor } from "../express/settings-rules.mjs";
export function readSettings(env: NodeJS.ProcessEnv, logger?: { warn(message: string): void }): Settings;
