import { InvalidOptionsError } from "../errors.js";
import { domainMatches } from "../message/domain-match.js";
import { isDomain, parseDomain } from "../message/domain.js";
import type { DomainPredicate } from "../message/types.js";
import type { Logger } from "../shared/logger.js";

/**
 * The hosts a server without a `domain` option accepts sign-in messages for: the loopback
 * names a developer's browser shows, at any port. Nothing a request says can widen this list.
 *
 * @example
 * ```ts
 * import { LOOPBACK_DOMAINS } from "sign-in-with-xrpl";
 * // A demo that runs in production mode on a developer's machine:
 * const handlers = createAuthHandlers({ verifier, sessionKind: "server-store", domain: LOOPBACK_DOMAINS });
 * ```
 */
export const LOOPBACK_DOMAINS: readonly string[] = Object.freeze(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The `domain` option as the handlers take it: the host(s) your users sign in on, or a function
 * that decides for many tenants.
 *
 * @example
 * ```ts
 * const domain: DomainOption = process.env.APP_DOMAIN?.split(",") ?? "localhost";
 * ```
 */
export type DomainOption = string | readonly string[] | DomainPredicate;

/** @internal The expected domains after the checks: what `validateMessage` gets. */
export type ExpectedDomain = readonly string[] | DomainPredicate;

/**
 * Turns the `domain` option into what every message is checked against. The expected domain is
 * configuration only: a request header (`Host`, `X-Forwarded-Host`) is written by whoever sends
 * the request, so taking it from there would let a phishing site relay a signature made for its
 * own domain. Without the option, only loopback hosts are accepted (local development works with
 * no setting), and in production the start is refused.
 *
 * @internal
 */
export function resolveExpectedDomain(caller: string, domain: unknown, production: boolean, logger: Pick<Logger, "warn">): ExpectedDomain {
  const fail = (problem: string): never => {
    throw new InvalidOptionsError(`sign-in-with-xrpl: ${caller}: ${problem}`);
  };
  if (domain === undefined) {
    if (production) {
      fail(
        "`domain` is required in production: set it to the host your users sign in on, e.g. { domain: process.env.APP_DOMAIN } with APP_DOMAIN=example.com (a list of hosts, or a function for many tenants, works too). It is never taken from the request's Host header.",
      );
    }
    logger.warn(
      `sign-in-with-xrpl: ${caller}: no \`domain\` set, so only sign-in messages for ${LOOPBACK_DOMAINS.join(", ")} (any port) are accepted. Set \`domain\` to the host your users sign in on before going to production.`,
    );
    return LOOPBACK_DOMAINS;
  }
  if (typeof domain === "function") {
    const decide = domain as DomainPredicate;
    // A function that throws is the server's fault, not the caller's: report it as a setup error.
    return (messageDomain: string): boolean => {
      try {
        return decide(messageDomain) === true;
      } catch (cause) {
        throw new InvalidOptionsError(
          `sign-in-with-xrpl: ${caller}: the \`domain\` function threw for ${JSON.stringify(messageDomain)}; make it answer true or false.`,
          { cause },
        );
      }
    };
  }
  const domains: readonly unknown[] = Array.isArray(domain) ? domain : [domain];
  if (domains.length === 0 || domains.some((value) => typeof value !== "string" || value.trim() === "")) {
    fail(
      '`domain` must be a non-empty host name such as "example.com" (or a non-empty array of them, or a function); leave it out only in development, where loopback hosts are accepted.',
    );
  }
  const notHost = domains.find((value) => !isDomain(value as string));
  if (notHost !== undefined) {
    fail(
      `\`domain\` ${JSON.stringify(notHost)} is not a host[:port]: pass the host the user sees, such as "example.com" or "localhost:3000", without scheme or path.`,
    );
  }
  return Object.freeze([...(domains as string[])]);
}

/**
 * True when `host` (`host[:port]`, as a sign-in message's domain or a request's `Host` is written)
 * is one of the expected domains, by the rule every sign-in message is checked with: a list entry
 * without a port matches any port, hosts compare case-insensitively, a function decides for
 * itself. A host that is not a valid domain never matches.
 *
 * @internal
 */
export function isExpectedDomain(expected: ExpectedDomain, host: string): boolean {
  const parts = parseDomain(host);
  if (parts === undefined) return false;
  if (typeof expected === "function") return expected(host);
  return domainMatches(
    parts,
    expected.map((domain) => parseDomain(domain)!),
  );
}

/**
 * True when `host` is the domain a session signed in for (`signedInFor`, the message's domain):
 * the same comparison as above with that one domain as the expected one.
 *
 * @internal
 */
export function isSignedInDomain(signedInFor: string, host: string): boolean {
  const expected = parseDomain(signedInFor);
  const actual = parseDomain(host);
  return expected !== undefined && actual !== undefined && domainMatches(actual, [expected]);
}
