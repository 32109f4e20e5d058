// The example's settings for the app, read once per server process through settings.mjs (the
// rules live there, shared with server.mjs and the launcher). A setting the server cannot run
// with throws ConfigError; lib/startup-check.ts turns that into a failed start.
import { ConfigError, readSettings, type Settings } from "../settings.mjs";

export { ConfigError };
export type ServerConfig = Settings;

// On globalThis: Next may load this module once per route bundle, and the generated development
// secret must be the same for all of them.
const globalCache = globalThis as typeof globalThis & { __siwxNextConfig?: ServerConfig };

/** The settings, checked. Throws ConfigError (every call, until the environment is fixed). */
export function getServerConfig(): ServerConfig {
  globalCache.__siwxNextConfig ??= readSettings(process.env, console);
  return globalCache.__siwxNextConfig;
}
