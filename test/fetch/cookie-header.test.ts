/**
 * Reading one cookie out of a request's Cookie header: the first pair with the name wins, spaces
 * around names and values are ignored, a quoted value is unquoted, an escaped one decoded (and a
 * broken escape reads as no cookie). The reader walks the header in place; a property checks it
 * against the plain reading (split on ";", then on the first "=") for any header.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readCookie } from "../../src/fetch/cookie-header.js";

/** The plain reading the walk must agree with. */
function splitReading(header: string | null, name: string): string | undefined {
  if (header === null) return undefined;
  for (const pair of header.split(";")) {
    const equals = pair.indexOf("=");
    if (equals === -1 || pair.slice(0, equals).trim() !== name) continue;
    let value = pair.slice(equals + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    if (!value.includes("%")) return value;
    try {
      return decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

describe("readCookie", () => {
  it("finds the named value among others, the first one when the name comes twice", () => {
    expect(readCookie("siwx_session=v1.a.b.c", "siwx_session")).toBe("v1.a.b.c");
    expect(readCookie("_ga=GA1.1; theme=dark ;  siwx_session = v1.x ; other=1", "siwx_session")).toBe("v1.x");
    expect(readCookie("siwx_session=first; siwx_session=second", "siwx_session")).toBe("first");
    expect(readCookie("xsiwx_session=1; siwx_session_2=2", "siwx_session")).toBeUndefined();
    expect(readCookie("flag; siwx_session; siwx_session=", "siwx_session")).toBe("");
  });

  it("unquotes and unescapes; a broken escape is no cookie; no header or an empty one is none", () => {
    expect(readCookie('siwx_session="a%20b"', "siwx_session")).toBe("a b");
    expect(readCookie("siwx_session=%E0%A4%A", "siwx_session")).toBeUndefined();
    expect(readCookie(null, "siwx_session")).toBeUndefined();
    expect(readCookie("", "siwx_session")).toBeUndefined();
    expect(readCookie(";;", "siwx_session")).toBeUndefined();
  });

  it("reads any header as the plain split reading does", () => {
    const piece = fc.constantFrom("siwx_session", "other", " ", "=", ";", '"', "%", "%20", "%E0", "v1.a", "x");
    const header = fc.array(piece, { maxLength: 24 }).map((pieces) => pieces.join(""));
    fc.assert(
      fc.property(header, (text) => {
        expect(readCookie(text, "siwx_session")).toBe(splitReading(text, "siwx_session"));
      }),
      { numRuns: 2000 },
    );
  });
});
