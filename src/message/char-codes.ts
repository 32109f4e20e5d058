// Character-class helpers over UTF-16 code units. The grammar is ASCII except for the
// statement, so these work on `charCodeAt` values and never allocate.

export function isAlpha(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

export function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

export function isAlphanumeric(code: number): boolean {
  return isAlpha(code) || isDigit(code);
}

export function isHexDigit(code: number): boolean {
  return isDigit(code) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66);
}

/** RFC 3986 `unreserved`: ALPHA / DIGIT / "-" / "." / "_" / "~". */
export function isUnreserved(code: number): boolean {
  return isAlphanumeric(code) || code === 0x2d || code === 0x2e || code === 0x5f || code === 0x7e;
}

/** RFC 3986 `sub-delims`: "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "=". */
export function isSubDelim(code: number): boolean {
  switch (code) {
    case 0x21:
    case 0x24:
    case 0x26:
    case 0x27:
    case 0x28:
    case 0x29:
    case 0x2a:
    case 0x2b:
    case 0x2c:
    case 0x3b:
    case 0x3d:
      return true;
    default:
      return false;
  }
}

/** Printable ASCII without the space: 0x21 to 0x7e. */
export function isVisibleAscii(code: number): boolean {
  return code >= 0x21 && code <= 0x7e;
}

/** True when every code unit of `text` is visible ASCII (no space, no control, nothing above 0x7e). */
export function isVisibleAsciiText(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    if (!isVisibleAscii(text.charCodeAt(index))) return false;
  }
  return true;
}
