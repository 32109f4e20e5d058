// What the handlers read from the HTTP request besides the body: the headers that say where a
// request comes from (`Origin`, `Sec-Fetch-Site`) and the host it was sent to. Every handler and
// the fetch handler read them here, so the cross-site rule and the host of a read have one source.
import { InvalidOptionsError } from "../errors.js";
import { parseDomain } from "../message/domain.js";
import { isScheme } from "../message/uri.js";
import { isExpectedDomain, type ExpectedDomain } from "./expected-domain.js";

/**
 * A request's headers as the handlers read them: a fetch `Headers` (Next route handlers, Hono,
 * any `Request`) or a Node-style record with lowercase names (`req.headers` in Express, Fastify,
 * `node:http`).
 *
 * @example
 * ```ts
 * const fromFetch: RequestHeaders = new Headers({ origin: "https://example.com" });
 * const fromNode: RequestHeaders = { origin: "https://example.com", "sec-fetch-site": "same-origin" };
 * ```
 */
export type RequestHeaders = { get(name: string): string | null } | { readonly [name: string]: string | readonly string[] | undefined };

/**
 * A framework's request object, as far as the handlers read it: its `headers` (an Express `req`,
 * a fetch `Request`, a Fastify `request.raw`...).
 *
 * @example
 * ```ts
 * const request: RequestWithHeaders = req; // Express
 * ```
 */
export interface RequestWithHeaders {
  readonly headers?: RequestHeaders | undefined;
}

/**
 * Where a handler call learns about its HTTP request: pass `request` (your framework's request
 * object), or `headers`, and for reads `host` when the `Host` header is not the host your app
 * serves the request for (a proxy that rewrites it). Everything is optional: a call without it
 * is treated as a request from a server or a test, which no cross-site rule refuses.
 *
 * @example
 * ```ts
 * await handlers.nonce(expressSessionStore(req), { request: req });
 * await handlers.me(store, { headers: request.headers });
 * await handlers.getSignedIn(store, { host: "tenant-a.example.com" });
 * ```
 */
export interface RequestContext {
  /** Your framework's request: its `headers` are read (`Origin`, `Sec-Fetch-Site`, `Host`). */
  request?: RequestWithHeaders | undefined;
  /** The request's headers, when you have them rather than a request object. Read before `request`'s. */
  headers?: RequestHeaders | undefined;
  /**
   * The host (`host[:port]`) the request was sent to, for the reads of a session bound to its
   * sign-in domain. Default: the `Host` header.
   */
  host?: string | undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** @internal The headers of a call's input: its own `headers`, else its `request`'s. */
export function headersOf(input: unknown): unknown {
  if (!isObject(input)) return undefined;
  if (input.headers !== undefined) return input.headers;
  return isObject(input.request) ? input.request.headers : undefined;
}

/**
 * One header of a `RequestHeaders`, or `undefined` when absent. A header sent several times
 * (a Node record's array) reads as its values joined by ", ", as `Headers.get` does.
 *
 * @internal
 */
export function headerValue(headers: unknown, name: string): string | undefined {
  if (!isObject(headers)) return undefined;
  if (typeof headers.get === "function") {
    let value: unknown;
    try {
      value = (headers as { get(name: string): unknown }).get(name);
    } catch {
      // A fetch `Headers` throws for a name it cannot hold (an HTTP/2 pseudo-header): absent.
      return undefined;
    }
    return typeof value === "string" ? value : undefined;
  }
  const value = headers[name];
  if (typeof value === "string") return value;
  if (Array.isArray(value) && value.every((each) => typeof each === "string")) return value.join(", ");
  return undefined;
}

/**
 * The host a call's request was sent to: `input.host`, else the `Host` header (`:authority` over
 * HTTP/2), else the host of the request's absolute `url` (a fetch `Request`). `undefined` when
 * nothing says.
 *
 * @internal
 */
export function requestHost(input: unknown): string | undefined {
  if (!isObject(input)) return undefined;
  if (typeof input.host === "string" && input.host !== "") return input.host;
  const headers = headersOf(input);
  const header = headerValue(headers, "host") ?? headerValue(headers, ":authority");
  if (header !== undefined && header !== "") return header;
  const url = isObject(input.request) ? input.request.url : undefined;
  if (typeof url === "string" && /^[a-z][a-z0-9+.-]*:\/\//iu.test(url)) {
    try {
      const { host } = new URL(url);
      return host === "" ? undefined : host;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

const DEFAULT_PORTS: Readonly<Record<string, string>> = { http: "80", https: "443" };

/**
 * An origin `scheme://host[:port]` split and normalized (lowercase, the scheme's default port
 * dropped, as browsers write the `Origin` header), or `undefined` when `text` is not one.
 */
function parseOrigin(text: string): { origin: string; scheme: string; authority: string } | undefined {
  const separator = text.indexOf("://");
  if (separator <= 0) return undefined;
  const scheme = text.slice(0, separator);
  const authority = text.slice(separator + 3);
  if (!isScheme(scheme)) return undefined;
  const parts = parseDomain(authority);
  if (parts === undefined) return undefined;
  const lowerScheme = scheme.toLowerCase();
  const port = parts.port === DEFAULT_PORTS[lowerScheme] ? undefined : parts.port;
  const normalized = parts.host.toLowerCase() + (port === undefined ? "" : `:${port}`);
  return { origin: `${lowerScheme}://${normalized}`, scheme: lowerScheme, authority: normalized };
}

/**
 * Checks the `allowedOrigins` option: each entry an origin `scheme://host[:port]` without a path.
 * Answers them normalized, for an exact comparison with a browser's `Origin` header.
 *
 * @internal
 */
export function resolveAllowedOrigins(caller: string, value: unknown): ReadonlySet<string> {
  const fail: (problem: string) => never = (problem) => {
    throw new InvalidOptionsError(`sign-in-with-xrpl: ${caller}: ${problem}`);
  };
  if (value === undefined) return new Set();
  if (!Array.isArray(value)) {
    fail('`allowedOrigins` must be a list of origins such as ["https://app.example.com"]; omit it to allow none besides your `domain`.');
  }
  const origins = new Set<string>();
  for (const entry of value as readonly unknown[]) {
    const parsed = typeof entry === "string" ? parseOrigin(entry) : undefined;
    if (parsed === undefined) {
      fail(
        `\`allowedOrigins\` entry ${typeof entry === "string" ? JSON.stringify(entry) : typeof entry} is not an origin: write scheme://host[:port] without a path or a trailing slash, such as "https://app.example.com".`,
      );
    }
    origins.add(parsed.origin);
  }
  return origins;
}

/** What the cross-site rule needs from the options. */
export interface CrossSiteRule {
  domain: ExpectedDomain;
  allowedOrigins: ReadonlySet<string>;
}

/**
 * True when a call's request says it comes from another site, so a state-changing route (and the
 * nonce route) must refuse it:
 * - `Sec-Fetch-Site: cross-site` refuses, unless `Origin` is one of `allowedOrigins`;
 * - an `Origin` refuses unless it is one of `allowedOrigins` or an http(s) origin whose host is
 *   an expected sign-in domain (the `domain` option, by the rule messages are checked with);
 *   `Origin: null` (a sandboxed frame, a redirect across sites) is cross-site;
 * - without either header (a server, a test, a wallet's own client), nothing refuses.
 *
 * @internal
 */
export function isCrossSiteRequest(rule: CrossSiteRule, input: unknown): boolean {
  const headers = headersOf(input);
  const origin = headerValue(headers, "origin")?.trim();
  const fetchSite = headerValue(headers, "sec-fetch-site")?.trim().toLowerCase();
  const parsed = origin === undefined ? undefined : parseOrigin(origin);
  if (parsed !== undefined && rule.allowedOrigins.has(parsed.origin)) return false;
  if (fetchSite === "cross-site") return true;
  if (origin === undefined) return false;
  if (parsed === undefined) return true;
  return !((parsed.scheme === "https" || parsed.scheme === "http") && isExpectedDomain(rule.domain, parsed.authority));
}
