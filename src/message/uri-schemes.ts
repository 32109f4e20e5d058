// The `uriSchemes` rule: which schemes a sign-in message's URI may use. One source for
// validateMessage and the handlers' option of the same name.
import { isScheme } from "./uri.js";

/**
 * Checks a `uriSchemes` value: `undefined` (any scheme), or a non-empty list of RFC 3986 schemes
 * written without the colon (`["https"]`). Answers the schemes in lowercase, or a sentence saying
 * what is wrong.
 *
 * @internal
 */
export function resolveUriSchemes(value: unknown): readonly string[] | undefined | { problem: string } {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length === 0) {
    return { problem: 'must be a non-empty list of URI schemes such as ["https"] (or left out to accept any scheme)' };
  }
  const schemes: string[] = [];
  for (const scheme of value as readonly unknown[]) {
    if (typeof scheme !== "string" || !isScheme(scheme)) {
      return {
        problem: `has ${typeof scheme === "string" ? JSON.stringify(scheme) : typeof scheme}, which is not a URI scheme: write schemes without "://" or ":", such as ["https"]`,
      };
    }
    schemes.push(scheme.toLowerCase());
  }
  return Object.freeze(schemes);
}

/**
 * True when `uri` (an absolute URI, as the parser accepted it) uses one of `schemes` (lowercase).
 * Schemes compare case-insensitively, as RFC 3986 says.
 *
 * @internal
 */
export function uriSchemeAllowed(uri: string, schemes: readonly string[]): boolean {
  const colon = uri.indexOf(":");
  return colon > 0 && schemes.includes(uri.slice(0, colon).toLowerCase());
}
