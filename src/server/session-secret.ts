import { InvalidOptionsError } from "../errors.js";
import { isProductionEnvironment } from "../shared/environment.js";
import type { Logger } from "../shared/logger.js";
import { randomHex } from "../shared/random-hex.js";

/**
 * The shortest session secret accepted (iron-session's own minimum too). In production a shorter
 * one stops the start; in development it is replaced by a random one.
 *
 * @example
 * ```ts
 * if (secret.length < MIN_SESSION_SECRET_LENGTH) throw new Error("SESSION_SECRET is too short");
 * ```
 */
export const MIN_SESSION_SECRET_LENGTH = 32;

/**
 * The fewest different characters a production session secret must contain. Length alone lets
 * `"aaaa…"` or 40 spaces through: a secret made of one or two characters repeated is a
 * placeholder, not a secret. Any random secret passes by far (`openssl rand -hex 32` gives 64
 * characters drawn from 16).
 *
 * @example
 * ```ts
 * const distinct = new Set(secret).size;
 * if (distinct < MIN_SESSION_SECRET_DISTINCT_CHARACTERS) console.warn("SESSION_SECRET looks like a placeholder");
 * ```
 */
export const MIN_SESSION_SECRET_DISTINCT_CHARACTERS = 8;

/** How to make a secret that passes, said in every refusal. */
const HOW_TO_FIX = `set SESSION_SECRET to at least ${MIN_SESSION_SECRET_LENGTH} random characters, e.g. SESSION_SECRET="$(openssl rand -hex 32)"`;

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
  /** In production a missing, short or weak secret throws. Default: `NODE_ENV === "production"`. */
  production?: boolean | undefined;
  /** Told when a development secret is generated, or when a weak one is kept for development. */
  logger?: Pick<Logger, "warn"> | undefined;
}

/**
 * The session secret rule: at least `MIN_SESSION_SECRET_LENGTH` (32) characters from
 * `SESSION_SECRET`, not only whitespace, with at least `MIN_SESSION_SECRET_DISTINCT_CHARACTERS`
 * (8) different characters.
 *
 * - In production a secret that breaks the rule throws `InvalidOptionsError` naming
 *   `SESSION_SECRET` and how to make a good one (call it at start-up so the server stops with a
 *   clear message).
 * - In development a missing or short secret is replaced by a random 64-character one for this
 *   process (sessions then end on restart), and a long enough but weak one is kept, so a fixed
 *   development secret keeps sessions across restarts; both are said through `logger.warn`.
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
  const problem = sessionSecretProblem(secret, "SESSION_SECRET");
  if (problem === undefined) return secret!;
  if (production) {
    throw new InvalidOptionsError(`sign-in-with-xrpl: ${problem.text}: ${HOW_TO_FIX} before starting in production.`);
  }
  if (problem.kind === "weak") {
    logger?.warn(
      `sign-in-with-xrpl: ${problem.text}: kept for this development process, but a production start refuses it; ${HOW_TO_FIX}.`,
    );
    return secret!;
  }
  logger?.warn(
    `sign-in-with-xrpl: ${problem.text}: using a random secret for this development process (sessions end on restart). To keep them, ${HOW_TO_FIX}.`,
  );
  return randomHex(32);
}

/**
 * What is wrong with a session secret: `missing` (unset or too short to use at all) or `weak`
 * (long enough, guessable), with a text that starts with `name`, the setting's name. The one rule
 * behind `resolveSessionSecret` and the fetch handler's `sessionSecret` check.
 *
 * @internal
 */
export function sessionSecretProblem(secret: string | undefined, name: string): { kind: "missing" | "weak"; text: string } | undefined {
  if (secret === undefined || secret === "") return { kind: "missing", text: `${name} is not set` };
  if (secret.length < MIN_SESSION_SECRET_LENGTH) {
    return { kind: "missing", text: `${name} is too short (${secret.length} characters, at least ${MIN_SESSION_SECRET_LENGTH} needed)` };
  }
  if (secret.trim() === "") return { kind: "weak", text: `${name} is only whitespace` };
  // Code points, so a character outside the BMP counts once.
  const distinct = new Set(secret).size;
  if (distinct < MIN_SESSION_SECRET_DISTINCT_CHARACTERS) {
    return {
      kind: "weak",
      text: `${name} has too few different characters (${distinct}, at least ${MIN_SESSION_SECRET_DISTINCT_CHARACTERS} needed): it looks like a placeholder`,
    };
  }
  return undefined;
}

/**
 * The rule of a secret that seals a cookie every instance must read back (the fetch handler's
 * session, the Auth.js provider's nonce): missing or short is refused everywhere, since a secret
 * generated per process would refuse what another instance sealed; weak (whitespace, a repeated
 * character) is refused in production and said through `logger.warn` in development. Every
 * refusal is an `InvalidOptionsError` prefixed `sign-in-with-xrpl: <caller>:`.
 *
 * @internal
 */
export function checkSealingSecret(
  secret: unknown,
  rule: {
    /** The function whose options these are, e.g. `createFetchHandler`. */
    caller: string;
    /** How the setting is named in the texts, e.g. "`sessionSecret`". */
    setting: string;
    /** What to say when the secret is not a string. */
    notAString: string;
    /** How to make a secret that passes, said after every problem. */
    howToFix: string;
    production: boolean;
    logger: Pick<Logger, "warn">;
  },
): string {
  const fail = (message: string): never => {
    throw new InvalidOptionsError(`sign-in-with-xrpl: ${rule.caller}: ${message}`);
  };
  if (secret !== undefined && typeof secret !== "string") fail(rule.notAString);
  const problem = sessionSecretProblem(secret as string | undefined, rule.setting);
  if (problem === undefined) return secret as string;
  if (problem.kind === "missing" || rule.production) fail(`${problem.text}: ${rule.howToFix}.`);
  rule.logger.warn(
    `sign-in-with-xrpl: ${rule.caller}: ${problem.text}: kept for development, but production refuses it; ${rule.howToFix}.`,
  );
  return secret as string;
}
