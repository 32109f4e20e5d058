import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createMessage, parseMessage } from "../../src/message/index.js";
import { loadFixture } from "./siwe-corpus.js";
import { PROFILE_EXAMPLE } from "./messages.js";

interface ProfileFixture {
  sha512Half: string;
  message: string;
  fields: Record<string, unknown>;
}

function sha512Half(text: string): string {
  return createHash("sha512").update(text, "utf8").digest("hex").slice(0, 64);
}

describe("the CAIP-122 XRPL profile example", () => {
  const fixture = loadFixture<ProfileFixture>("caip122-xrpl-profile-example.json");

  it("is the text whose SHA-512Half the profile states", () => {
    expect(fixture.message).toBe(PROFILE_EXAMPLE);
    expect(sha512Half(PROFILE_EXAMPLE)).toBe("4beb3f7d5c8bf8deab467de033628274a9053f688f82e0f023cddcb0564cfc9a");
    expect(fixture.sha512Half).toBe(sha512Half(fixture.message));
  });

  it("parses to the profile's fields, chain id in CAIP-2 form", () => {
    expect(parseMessage(PROFILE_EXAMPLE)).toEqual({ dialect: "caip122", ...fixture.fields });
  });

  it("parses with the caip122 dialect alone", () => {
    expect(parseMessage(PROFILE_EXAMPLE, { dialects: ["caip122"] }).chainId).toBe("xrpl:0");
  });

  it("is rebuilt byte for byte from its parsed fields and from the plain fields", () => {
    expect(createMessage(parseMessage(PROFILE_EXAMPLE))).toBe(PROFILE_EXAMPLE);
    const { version: _version, ...fields } = fixture.fields;
    expect(createMessage(fields as never)).toBe(PROFILE_EXAMPLE);
  });
});
