/**
 * Where the library writes what it cannot return: a failed session destroy, a ledger node that
 * dropped the connection, why a sign-in proof was refused. Any console-like object fits.
 * `debug`, when present, gets the details that help while building an app (why a message rule
 * refused a sign-in, with what was expected and what came); a logger without it gets none.
 *
 * @example
 * ```ts
 * const logger: Logger = console;
 * const verifier = createVerifier({ logger });
 * ```
 */
export interface Logger {
  warn(message: string, ...details: unknown[]): void;
  error(message: string, ...details: unknown[]): void;
  debug?(message: string, ...details: unknown[]): void;
}

/** The logger used when the caller gives none in production: it drops everything, so the library stays quiet. */
export const SILENT_LOGGER: Logger = { warn() {}, error() {} };

/**
 * The logger of a caller that gave none: `console` in development, so a misconfigured app says
 * what is wrong where its developer looks; silent in production, where the operator chooses
 * where logs go. The only place the library reaches for `console`.
 *
 * @internal
 */
export function defaultLogger(production: boolean): Logger {
  return production ? SILENT_LOGGER : globalThis.console;
}

/** Writes at `debug` when the logger has it. @internal */
export function logDebug(logger: Logger, message: string, ...details: unknown[]): void {
  if (typeof logger.debug === "function") logger.debug(message, ...details);
}
