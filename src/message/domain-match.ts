// The expected-domain rule of validateMessage.
import type { DomainParts } from "./domain.js";

/**
 * True when the message domain matches one expected domain: hosts compare case-insensitively;
 * an expected domain without a port matches the message domain at any port (or none); one with
 * a port needs exactly that port.
 */
export function domainMatches(message: DomainParts, expected: readonly DomainParts[]): boolean {
  const host = message.host.toLowerCase();
  for (const candidate of expected) {
    if (candidate.host.toLowerCase() !== host) continue;
    if (candidate.port === undefined || candidate.port === message.port) return true;
  }
  return false;
}
