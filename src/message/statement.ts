// The `statement` rule: one non-empty line of text. In ASCII, exactly the EIP-4361 grammar
// (`reserved / unreserved / " "`), so every statement SIWE refuses we refuse too. Beyond ASCII,
// any character but control characters (Cc), format characters (Cf: bidi overrides and isolates,
// zero-width characters, soft hyphen, BOM...), line or paragraph separators, or lone surrogates
// (which have no UTF-8 encoding): a statement may be written in any language.
//
// The Cf set is pinned here (Unicode 17.0) rather than read from the engine's `\p{Cf}`, so a
// browser and a server on different Unicode versions agree on which statements are valid.

/** Unicode 17.0 general category Cf, as inclusive [first, last] code point ranges. */
export const FORMAT_CHARACTER_RANGES: readonly (readonly [number, number])[] = [
  [0x00ad, 0x00ad],
  [0x0600, 0x0605],
  [0x061c, 0x061c],
  [0x06dd, 0x06dd],
  [0x070f, 0x070f],
  [0x0890, 0x0891],
  [0x08e2, 0x08e2],
  [0x180e, 0x180e],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x2064],
  [0x2066, 0x206f],
  [0xfeff, 0xfeff],
  [0xfff9, 0xfffb],
  [0x110bd, 0x110bd],
  [0x110cd, 0x110cd],
  [0x13430, 0x1343f],
  [0x1bca0, 0x1bca3],
  [0x1d173, 0x1d17a],
  [0xe0001, 0xe0001],
  [0xe0020, 0xe007f],
];

/** True for a code point of general category Cf (Unicode 17.0). */
export function isFormatCharacter(codePoint: number): boolean {
  if (codePoint < 0x00ad) return false;
  for (const [first, last] of FORMAT_CHARACTER_RANGES) {
    if (codePoint < first) return false;
    if (codePoint <= last) return true;
  }
  return false;
}

/** True for a code point of general category Cc: U+0000 to U+001F and U+007F to U+009F. */
export function isControlCharacter(codePoint: number): boolean {
  return codePoint <= 0x1f || (codePoint >= 0x7f && codePoint <= 0x9f);
}

// Printable ASCII outside RFC 3986 `reserved` and `unreserved`: the EIP-4361 statement grammar
// has no place for them, and `<`, `>`, backtick and the like are what markup injection needs.
const REFUSED_ASCII = new Set(['"', "%", "<", ">", "\\", "^", "`", "{", "|", "}"].map((character) => character.charCodeAt(0)));

/** Why a statement is refused, or undefined when it is valid. */
export function statementProblem(text: string): string | undefined {
  if (text.length === 0) return "The statement may not be empty; omit it instead.";
  for (let index = 0; index < text.length; index++) {
    let codePoint = text.charCodeAt(index);
    // Printable ASCII is the common case: one set look-up, then skip the other tests.
    if (codePoint >= 0x20 && codePoint < 0x7f) {
      if (REFUSED_ASCII.has(codePoint)) {
        return `The statement contains "${String.fromCharCode(codePoint)}", which the EIP-4361 statement grammar does not allow.`;
      }
      continue;
    }
    if (codePoint >= 0xd800 && codePoint <= 0xdfff) {
      const next = index + 1 < text.length ? text.charCodeAt(index + 1) : 0;
      if (codePoint > 0xdbff || next < 0xdc00 || next > 0xdfff) {
        return `The statement contains a lone surrogate at index ${index}.`;
      }
      codePoint = 0x10000 + ((codePoint - 0xd800) << 10) + (next - 0xdc00);
      index++;
    }
    if (isControlCharacter(codePoint)) {
      return `The statement contains the control character ${formatCodePoint(codePoint)}.`;
    }
    if (codePoint === 0x2028 || codePoint === 0x2029) {
      return `The statement contains the separator ${formatCodePoint(codePoint)}.`;
    }
    if (isFormatCharacter(codePoint)) {
      return `The statement contains the format character ${formatCodePoint(codePoint)}.`;
    }
  }
  return undefined;
}

/** True when `text` is a valid statement. */
export function isStatement(text: string): boolean {
  return statementProblem(text) === undefined;
}

function formatCodePoint(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, "0")}`;
}
