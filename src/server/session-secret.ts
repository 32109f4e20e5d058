import { InvalidOptionsError } from "../errors.js";
import { isProductionEnvironment } from "../shared/environment.js";
import type { Logger } from "../shared/logger.js";
import { randomHex } from "../shared/random-hex.js";

/**
 * The shortest session secret accepted (seed 2.2; iron-session's own minimum too).
 *
 * @example
 * ```ts
 * if (secret.length < MIN_SESSION_SECRET_LENGTH) throw new Error("SESSION_SECRET is too short");
 * ```
 */
export const MIN_SESSION_SECRET_LENGTH = 32;

/**
 * Options of `resolveSessionSecret`.
 *
 * @example
 * ```ts
 * const input: SessionSecretInput = { secret: process.env.SESSION_SECRET, production: true };
 * ```
 */
export interface SessionSecretInput {
  /** The configured secret, usually `process.env.SESSION_SECRET`. */
  secret: string | undefined;
  /** In production a missing or short secret throws. Default: `NODE_ENV === "production"`. */
  production?: boolean | undefined;
  /** Told when a development secret is generated. */
  logger?: Pick<Logger, "warn"> | undefined;
}

/**
 * The session secret rule of seed 2.2: at least 32 characters from `SESSION_SECRET`. In
 * production a missing or short secret throws `InvalidOptionsError` (call it at start-up so the
 * server stops with a clear message). In development it returns a random 64-character secret
 * for this process instead, and says so through `logger.warn` (sessions then end on restart).
 *
 * @example
 * ```ts
 * import { resolveSessionSecret } from "sign-in-with-xrpl";
 *
 * const secret = resolveSessionSecret({
 *   secret: process.env.SESSION_SECRET,
 *   production: process.env.NODE_ENV === "production",
 *   logger: console,
 * });
 * ```
 */
export function resolveSessionSecret(input: SessionSecretInput): string {
  if (typeof input !== "object" || input === null) {
    throw new InvalidOptionsError("sign-in-with-xrpl: resolveSessionSecret needs { secret: process.env.SESSION_SECRET }.");
  }
  const { secret, production = isProductionEnvironment(), logger } = input;
  if (secret !== undefined && typeof secret !== "string") {
    throw new InvalidOptionsError("sign-in-with-xrpl: resolveSessionSecret: `secret` must be a string (SESSION_SECRET).");
  }
  const usable = secret !== undefined && secret.length >= MIN_SESSION_SECRET_LENGTH;
  if (usable) return secret;
  const problem =
    secret === undefined || secret === ""
      ? "SESSION_SECRET is not set"
      : `SESSION_SECRET is too short (${secret.length} characters, at least ${MIN_SESSION_SECRET_LENGTH} needed)`;
  if (production) {
    throw new InvalidOptionsError(
      `sign-in-with-xrpl: ${problem}: set SESSION_SECRET to at least ${MIN_SESSION_SECRET_LENGTH} random characters (e.g. the output of \`openssl rand -hex 32\`) before starting in production.`,
    );
  }
  logger?.warn(
    `sign-in-with-xrpl: ${problem}: using a random secret for this development process (sessions end on restart). Set SESSION_SECRET to at least ${MIN_SESSION_SECRET_LENGTH} random characters to keep them.`,
  );
  return randomHex(32);
}
