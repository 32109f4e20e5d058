/**
 * Where the library writes what it cannot return: a failed session destroy, a ledger node that
 * dropped the connection, why a sign-in proof was refused. Any console-like object fits.
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
}

/** The logger used when the caller gives none: it drops everything, so the library stays quiet. */
export const SILENT_LOGGER: Logger = { warn() {}, error() {} };
