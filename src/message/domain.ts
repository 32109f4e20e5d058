// The `domain` rule of the sign-in message: an RFC 3986 authority without userinfo, limited to
// the hosts a browser origin can have (DNS name, IPv4, bracketed IPv6, localhost) and a port.
import { isAlphanumeric, isDigit } from "./char-codes.js";
import { isIPv4In, isIPv6In } from "./uri.js";

/** A domain split into its host (brackets kept for IPv6) and its port text (undefined: none). */
export interface DomainParts {
  host: string;
  port: string | undefined;
}

const MAX_DNS_NAME_LENGTH = 253;
const MAX_DNS_LABEL_LENGTH = 63;

/**
 * A DNS host name: dot-separated labels of letters, digits and hyphens (1 to 63 characters, no
 * hyphen at either end), at most 253 characters, no trailing dot. A name whose last label is all
 * digits is read as an IPv4 address instead, and must be one.
 */
function isDnsNameIn(text: string, start: number, end: number): boolean {
  if (end - start === 0 || end - start > MAX_DNS_NAME_LENGTH) return false;
  let labelStart = start;
  let lastLabelAllDigits = true;
  for (let index = start; index <= end; index++) {
    if (index === end || text.charCodeAt(index) === 0x2e) {
      const labelLength = index - labelStart;
      if (labelLength === 0 || labelLength > MAX_DNS_LABEL_LENGTH) return false;
      if (text.charCodeAt(labelStart) === 0x2d || text.charCodeAt(index - 1) === 0x2d) return false;
      labelStart = index + 1;
      if (index < end) lastLabelAllDigits = true;
      continue;
    }
    const code = text.charCodeAt(index);
    if (!(isAlphanumeric(code) || code === 0x2d)) return false;
    if (!isDigit(code)) lastLabelAllDigits = false;
  }
  return lastLabelAllDigits ? isIPv4In(text, start, end, true) : true;
}

/** A port: 1 to 65535, decimal, without leading zeros. */
function isPortIn(text: string, start: number, end: number): boolean {
  const length = end - start;
  if (length === 0 || length > 5 || text.charCodeAt(start) === 0x30) return false;
  let value = 0;
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index);
    if (!isDigit(code)) return false;
    value = value * 10 + (code - 0x30);
  }
  return value <= 65535;
}

/**
 * Splits a domain into host and port, or answers undefined when it is not a valid domain:
 * `example.com`, `sub.example.com:8443`, `127.0.0.1:3000`, `[::1]:8080`, `localhost`.
 */
export function parseDomain(text: string): DomainParts | undefined {
  const length = text.length;
  if (length === 0) return undefined;
  let hostEnd: number;
  if (text.charCodeAt(0) === 0x5b) {
    const close = text.indexOf("]");
    if (close < 0 || !isIPv6In(text, 1, close)) return undefined;
    hostEnd = close + 1;
  } else {
    const colon = text.indexOf(":");
    hostEnd = colon < 0 ? length : colon;
    if (!isDnsNameIn(text, 0, hostEnd)) return undefined;
  }
  if (hostEnd === length) return { host: text, port: undefined };
  if (text.charCodeAt(hostEnd) !== 0x3a || !isPortIn(text, hostEnd + 1, length)) return undefined;
  return { host: text.slice(0, hostEnd), port: text.slice(hostEnd + 1) };
}

/** True when `text` is a valid sign-in message domain. */
export function isDomain(text: string): boolean {
  return parseDomain(text) !== undefined;
}
