// Checks the options of validateMessage and turns them into numbers and parsed domains.
import { InvalidOptionsError } from "../errors.js";
import { normalizeChainId } from "./chain-id.js";
import { parseDomain, type DomainParts } from "./domain.js";
import { isDate } from "./is-date.js";
import { describeValue, quote } from "./issues.js";
import type { DomainPredicate, ValidateOptions } from "./types.js";
import { resolveUriSchemes } from "./uri-schemes.js";

const DEFAULT_MAX_AGE_SECONDS = 300;
const DEFAULT_CLOCK_SKEW_SECONDS = 60;

export interface ResolvedValidateOptions {
  /** The expected domains, or the function that decides. */
  domains: readonly DomainParts[] | DomainPredicate;
  nonce: string | undefined;
  address: string | undefined;
  uri: string | undefined;
  /** Lowercase schemes the message URI may use; undefined: any. */
  uriSchemes: readonly string[] | undefined;
  chainId: string | undefined;
  maxAgeMs: number;
  clockSkewMs: number;
  nowMs: number;
}

function expectedDomain(value: unknown): DomainParts {
  if (typeof value !== "string" || value === "") {
    throw new InvalidOptionsError(
      `validateMessage option "domain" must be a non-empty host such as "example.com" or "localhost:3000" (or a list of them), got ${typeof value === "string" ? "an empty string" : describeValue(value)}.`,
    );
  }
  const parts = parseDomain(value);
  if (parts === undefined) {
    throw new InvalidOptionsError(
      `validateMessage option "domain" ${quote(value)} is not a host[:port]; pass the host the user sees, such as "example.com" or "localhost:3000", without scheme or path.`,
    );
  }
  return parts;
}

function optionalString(options: ValidateOptions, name: "nonce" | "address" | "uri"): string | undefined {
  const value: unknown = options[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string") {
    throw new InvalidOptionsError(
      `validateMessage option "${name}" must be a string (or left out to skip the check), got ${describeValue(value)}.`,
    );
  }
  return value;
}

function seconds(options: ValidateOptions, name: "maxAgeSeconds" | "clockSkewSeconds", fallback: number): number {
  const value: unknown = options[name];
  if (value === undefined) return fallback * 1000;
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
    throw new InvalidOptionsError(
      `validateMessage option "${name}" must be a finite number of seconds >= 0 (default ${fallback}), got ${typeof value === "number" ? String(value) : describeValue(value)}.`,
    );
  }
  return value * 1000;
}

function nowMs(value: unknown): number {
  if (value === undefined) return Date.now();
  const ms = isDate(value) ? Date.prototype.getTime.call(value) : typeof value === "number" ? value : Number.NaN;
  if (!Number.isFinite(ms)) {
    throw new InvalidOptionsError(
      `validateMessage option "now" must be a valid Date or a finite number of milliseconds since the epoch (or left out for the current time), got ${isDate(value) ? "an invalid Date" : typeof value === "number" ? String(value) : describeValue(value)}.`,
    );
  }
  return ms;
}

/** Checks `options` and answers them resolved; throws InvalidOptionsError saying how to fix a bad one. */
export function resolveValidateOptions(options: ValidateOptions): ResolvedValidateOptions {
  if (options === null || typeof options !== "object") {
    throw new InvalidOptionsError(
      `validateMessage needs options with at least the expected domain, such as { domain: "example.com" }; got ${describeValue(options)}.`,
    );
  }
  const domainOption: unknown = options.domain;
  if (domainOption === undefined) {
    throw new InvalidOptionsError(
      'validateMessage option "domain" is required: pass the host your users sign in to, such as { domain: "example.com" }.',
    );
  }
  let domains: DomainParts[] | DomainPredicate;
  if (typeof domainOption === "function") {
    domains = domainOption as DomainPredicate;
  } else if (Array.isArray(domainOption)) {
    if (domainOption.length === 0) {
      throw new InvalidOptionsError('validateMessage option "domain" is an empty list; give at least one host, such as ["example.com"].');
    }
    domains = (domainOption as readonly unknown[]).map(expectedDomain);
  } else {
    domains = [expectedDomain(domainOption)];
  }
  let chainId: string | undefined;
  const chainOption: unknown = options.chainId;
  if (chainOption !== undefined) {
    chainId = typeof chainOption === "string" ? normalizeChainId(chainOption) : undefined;
    if (chainId === undefined) {
      throw new InvalidOptionsError(
        `validateMessage option "chainId" must be a CAIP-2 XRPL chain id such as "xrpl:0" (mainnet) or "xrpl:1" (testnet), got ${typeof chainOption === "string" ? quote(chainOption) : describeValue(chainOption)}.`,
      );
    }
  }
  const uriSchemes = resolveUriSchemes(options.uriSchemes);
  if (uriSchemes !== undefined && "problem" in uriSchemes) {
    throw new InvalidOptionsError(`validateMessage option "uriSchemes" ${uriSchemes.problem}.`);
  }
  return {
    domains,
    nonce: optionalString(options, "nonce"),
    address: optionalString(options, "address"),
    uri: optionalString(options, "uri"),
    uriSchemes,
    chainId,
    maxAgeMs: seconds(options, "maxAgeSeconds", DEFAULT_MAX_AGE_SECONDS),
    clockSkewMs: seconds(options, "clockSkewSeconds", DEFAULT_CLOCK_SKEW_SECONDS),
    nowMs: nowMs(options.now),
  };
}
