// RFC 3986 URI recogniser, written as a hand scanner: each character is looked at a bounded
// number of times, so the cost is linear in the length of the URI.
import { isAlpha, isAlphanumeric, isDigit, isHexDigit, isSubDelim, isUnreserved } from "./char-codes.js";

/** Components of a URI, as RFC 3986 section 3 splits them (undefined: the component is absent). */
export interface UriComponents {
  scheme: string;
  userinfo: string | undefined;
  host: string | undefined;
  port: string | undefined;
  path: string;
  query: string | undefined;
  fragment: string | undefined;
}

const PERCENT = 0x25;
const COLON = 0x3a;
const AT = 0x40;
const SLASH = 0x2f;
const QUESTION = 0x3f;
const HASH = 0x23;

/** Length of a `pct-encoded` triple at `index`, or 0. */
function pctEncodedLength(text: string, index: number, end: number): number {
  return text.charCodeAt(index) === PERCENT &&
    index + 2 < end &&
    isHexDigit(text.charCodeAt(index + 1)) &&
    isHexDigit(text.charCodeAt(index + 2))
    ? 3
    : 0;
}

/**
 * True when text[start, end) is made only of `unreserved`, `pct-encoded`, `sub-delims` and the
 * extra single characters that `extra` accepts.
 */
function isRun(text: string, start: number, end: number, extra: (code: number) => boolean): boolean {
  let index = start;
  while (index < end) {
    const code = text.charCodeAt(index);
    if (code === PERCENT) {
      if (index + 2 >= end || !isHexDigit(text.charCodeAt(index + 1)) || !isHexDigit(text.charCodeAt(index + 2))) {
        return false;
      }
      index += 3;
      continue;
    }
    if (!(isUnreserved(code) || isSubDelim(code) || extra(code))) return false;
    index++;
  }
  return true;
}

const none = (): boolean => false;
const colonOnly = (code: number): boolean => code === COLON;
const pcharExtra = (code: number): boolean => code === COLON || code === AT;
const pathExtra = (code: number): boolean => code === COLON || code === AT || code === SLASH;
const queryExtra = (code: number): boolean => code === COLON || code === AT || code === SLASH || code === QUESTION;

/** RFC 3986 `scheme`: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ). */
export function isScheme(text: string): boolean {
  if (text.length === 0 || !isAlpha(text.charCodeAt(0))) return false;
  for (let index = 1; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (!(isAlphanumeric(code) || code === 0x2b || code === 0x2d || code === 0x2e)) return false;
  }
  return true;
}

/** RFC 3986 `pct-encoded`: "%" HEXDIG HEXDIG. */
export function isPctEncoded(text: string): boolean {
  return text.length === 3 && pctEncodedLength(text, 0, 3) === 3;
}

/** RFC 3986 `userinfo`: *( unreserved / pct-encoded / sub-delims / ":" ). */
export function isUserinfo(text: string): boolean {
  return isRun(text, 0, text.length, colonOnly);
}

/** RFC 3986 `reg-name`: *( unreserved / pct-encoded / sub-delims ). */
export function isRegName(text: string): boolean {
  return isRun(text, 0, text.length, none);
}

/** RFC 3986 `segment-nz`: 1*pchar. */
export function isSegmentNz(text: string): boolean {
  return text.length > 0 && isRun(text, 0, text.length, pcharExtra);
}

/** RFC 3986 `fragment` (and `query`): *( pchar / "/" / "?" ). */
export function isFragment(text: string): boolean {
  return isRun(text, 0, text.length, queryExtra);
}

/** RFC 3986 `IPvFuture`: "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ). */
export function isIPvFuture(text: string): boolean {
  return isIPvFutureIn(text, 0, text.length);
}

function isIPvFutureIn(text: string, start: number, end: number): boolean {
  const first = text.charCodeAt(start);
  if (start >= end || (first !== 0x76 && first !== 0x56)) return false;
  let index = start + 1;
  const hexStart = index;
  while (index < end && isHexDigit(text.charCodeAt(index))) index++;
  if (index === hexStart || index >= end || text.charCodeAt(index) !== 0x2e) return false;
  index++;
  if (index >= end) return false;
  for (; index < end; index++) {
    const code = text.charCodeAt(index);
    if (!(isUnreserved(code) || isSubDelim(code) || code === COLON)) return false;
  }
  return true;
}

/**
 * A dotted-quad IPv4 address in text[start, end). `strict` follows RFC 3986 `dec-octet` (no
 * leading zeros); otherwise each octet is 1 to 3 digits up to 255, as the SIWE corpus accepts
 * inside IPv6 literals (`::000.000.010.001`).
 */
export function isIPv4In(text: string, start: number, end: number, strict: boolean): boolean {
  let index = start;
  for (let octet = 0; octet < 4; octet++) {
    if (octet > 0) {
      if (index >= end || text.charCodeAt(index) !== 0x2e) return false;
      index++;
    }
    const digitsStart = index;
    let value = 0;
    while (index < end && index - digitsStart < 4 && isDigit(text.charCodeAt(index))) {
      value = value * 10 + (text.charCodeAt(index) - 0x30);
      index++;
    }
    const digits = index - digitsStart;
    if (digits === 0 || digits > 3 || value > 255) return false;
    if (strict && digits > 1 && text.charCodeAt(digitsStart) === 0x30) return false;
  }
  return index === end;
}

/** RFC 3986 `IPv4address` (strict `dec-octet`, no leading zeros). */
export function isIPv4Address(text: string): boolean {
  return isIPv4In(text, 0, text.length, true);
}

/** RFC 3986 `IPv6address` (no zone identifier). */
export function isIPv6Address(text: string): boolean {
  return isIPv6In(text, 0, text.length);
}

/**
 * RFC 3986 `IPv6address` in text[start, end): eight 16-bit groups, or fewer with one "::", the
 * last 32 bits optionally written as an IPv4 address.
 */
export function isIPv6In(text: string, start: number, end: number): boolean {
  let groups = 0;
  let sawDoubleColon = false;
  let index = start;
  if (index < end && text.charCodeAt(index) === COLON) {
    if (index + 1 >= end || text.charCodeAt(index + 1) !== COLON) return false;
    sawDoubleColon = true;
    index += 2;
    if (index === end) return true;
  }
  for (;;) {
    // One group: h16 or, in last position, an IPv4 address.
    const groupStart = index;
    while (index < end && isHexDigit(text.charCodeAt(index))) index++;
    const hexLength = index - groupStart;
    if (index < end && text.charCodeAt(index) === 0x2e) {
      // IPv4 tail: must run to the end and counts as two groups.
      if (!isIPv4In(text, groupStart, end, false)) return false;
      groups += 2;
      break;
    }
    if (hexLength === 0 || hexLength > 4) return false;
    groups++;
    if (index === end) break;
    if (text.charCodeAt(index) !== COLON) return false;
    index++;
    if (index < end && text.charCodeAt(index) === COLON) {
      if (sawDoubleColon) return false;
      sawDoubleColon = true;
      index++;
      if (index === end) break;
    } else if (index === end) {
      return false; // a single trailing colon
    }
    if (groups > 8) return false;
  }
  return sawDoubleColon ? groups <= 7 : groups === 8;
}

/**
 * Splits an RFC 3986 `URI` (scheme ":" hier-part [ "?" query ] [ "#" fragment ]) into its
 * components, or answers undefined when `text` is not one. Relative references are refused.
 */
export function parseUri(text: string): UriComponents | undefined {
  const length = text.length;
  // scheme
  if (length === 0 || !isAlpha(text.charCodeAt(0))) return undefined;
  let index = 1;
  while (index < length) {
    const code = text.charCodeAt(index);
    if (isAlphanumeric(code) || code === 0x2b || code === 0x2d || code === 0x2e) index++;
    else break;
  }
  if (index >= length || text.charCodeAt(index) !== COLON) return undefined;
  const scheme = text.slice(0, index);
  index++;

  // Where the hier-part ends: the first "?" or "#".
  let hierEnd = index;
  while (hierEnd < length) {
    const code = text.charCodeAt(hierEnd);
    if (code === QUESTION || code === HASH) break;
    hierEnd++;
  }

  let userinfo: string | undefined;
  let host: string | undefined;
  let port: string | undefined;
  let pathStart = index;
  if (hierEnd - index >= 2 && text.charCodeAt(index) === SLASH && text.charCodeAt(index + 1) === SLASH) {
    const authorityStart = index + 2;
    let authorityEnd = authorityStart;
    while (authorityEnd < hierEnd && text.charCodeAt(authorityEnd) !== SLASH) authorityEnd++;
    let hostStart = authorityStart;
    const at = indexOfCode(text, AT, authorityStart, authorityEnd);
    if (at >= 0) {
      if (!isRun(text, authorityStart, at, colonOnly)) return undefined;
      userinfo = text.slice(authorityStart, at);
      hostStart = at + 1;
    }
    let hostEnd: number;
    if (hostStart < authorityEnd && text.charCodeAt(hostStart) === 0x5b) {
      const close = indexOfCode(text, 0x5d, hostStart, authorityEnd);
      if (close < 0) return undefined;
      const inner = hostStart + 1;
      const first = text.charCodeAt(inner);
      const literalOk = first === 0x76 || first === 0x56 ? isIPvFutureIn(text, inner, close) : isIPv6In(text, inner, close);
      if (!literalOk) return undefined;
      host = text.slice(inner, close);
      hostEnd = close + 1;
      if (hostEnd < authorityEnd && text.charCodeAt(hostEnd) !== COLON) return undefined;
    } else {
      hostEnd = hostStart;
      while (hostEnd < authorityEnd && text.charCodeAt(hostEnd) !== COLON) hostEnd++;
      if (!isRun(text, hostStart, hostEnd, none)) return undefined;
      host = text.slice(hostStart, hostEnd);
    }
    if (hostEnd < authorityEnd) {
      // ":" port, port = *DIGIT
      for (let digit = hostEnd + 1; digit < authorityEnd; digit++) {
        if (!isDigit(text.charCodeAt(digit))) return undefined;
      }
      port = text.slice(hostEnd + 1, authorityEnd);
    }
    pathStart = authorityEnd;
  }
  if (!isRun(text, pathStart, hierEnd, pathExtra)) return undefined;
  const path = text.slice(pathStart, hierEnd);

  let query: string | undefined;
  let fragment: string | undefined;
  index = hierEnd;
  if (index < length && text.charCodeAt(index) === QUESTION) {
    const queryEnd = indexOfCode(text, HASH, index + 1, length);
    const end = queryEnd < 0 ? length : queryEnd;
    if (!isRun(text, index + 1, end, queryExtra)) return undefined;
    query = text.slice(index + 1, end);
    index = end;
  }
  if (index < length) {
    // Only "#" can be here.
    if (!isRun(text, index + 1, length, queryExtra)) return undefined;
    fragment = text.slice(index + 1);
  }
  return { scheme, userinfo, host, port, path, query, fragment };
}

/** True when `text` is an RFC 3986 `URI` (with a scheme; fragment allowed). */
export function isUri(text: string): boolean {
  return parseUri(text) !== undefined;
}

function indexOfCode(text: string, code: number, start: number, end: number): number {
  for (let index = start; index < end; index++) {
    if (text.charCodeAt(index) === code) return index;
  }
  return -1;
}
