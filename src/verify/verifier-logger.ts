// A verifier created without a logger can be handed one later, once: the handlers it is given to
// attach theirs, so one `logger` option (or the development default) reaches every part of a
// sign-in. Kept outside the `Verifier` interface: a verifier written by hand needs nothing new,
// and a logger given to `createVerifier` is never replaced.
import type { Logger } from "../shared/logger.js";
import type { Verifier } from "./types.js";

const takesLogger = new WeakMap<object, (logger: Logger) => void>();

/**
 * Marks `verifier` as created without a logger: `attach` installs one the first time
 * {@link attachVerifierLogger} is called.
 *
 * @internal
 */
export function acceptLaterLogger(verifier: Verifier, attach: (logger: Logger) => void): void {
  takesLogger.set(verifier, attach);
}

/**
 * Gives `logger` to a verifier from `createVerifier` that has none yet; does nothing for one
 * created with a logger, one that already got one this way, or a verifier of your own. Returns
 * whether the verifier took it.
 *
 * @internal
 */
export function attachVerifierLogger(verifier: Verifier, logger: Logger): boolean {
  const attach = takesLogger.get(verifier);
  if (attach === undefined) return false;
  takesLogger.delete(verifier);
  attach(logger);
  return true;
}
