import { ed25519 } from "@noble/curves/ed25519.js";
import { describe, expect, it } from "vitest";
import {
  canonicalPublicKeyAlgorithm,
  isCanonicalEd25519Signature,
  parseCanonicalDerSignature,
  publicKeyAlgorithm,
  SECP256K1_ORDER,
} from "../../src/verify/canonical.js";
import { SMALL_ORDER_ED25519_KEYS } from "../fixtures/ed25519/small-order-keys.js";

const bytes = (text: string): Uint8Array => Uint8Array.from(Buffer.from(text, "hex"));
const FIXTURE_DER =
  "30440220583A91C95E54E6A651C47BEC22744E0B101E2C4060E7B08F6341657DAD9BC3EE02207D1489C7395DB0188D3A56A977ECBA54B36FA9371B40319655B1B4429E33EF2D";
const L = 2n ** 252n + 27742317777372353535851937790883648493n;

function le(value: bigint): string {
  let text = "";
  let rest = value;
  for (let index = 0; index < 32; index += 1) {
    text += Number(rest & 0xffn)
      .toString(16)
      .padStart(2, "0");
    rest >>= 8n;
  }
  return text;
}

describe("strict DER with low S", () => {
  it("accepts the ripple-keypairs fixture signature", () => {
    expect(parseCanonicalDerSignature(bytes(FIXTURE_DER))).toBeDefined();
  });

  it("accepts s = n/2 and refuses s = n/2 + 1", () => {
    const half = SECP256K1_ORDER >> 1n;
    // n/2 has its top bit clear, so it is 32 bytes with no sign byte.
    expect(parseCanonicalDerSignature(bytes(`30250201010220${half.toString(16).padStart(64, "0")}`))).toEqual({ r: 1n, s: half });
    expect(parseCanonicalDerSignature(bytes(`30250201010220${(half + 1n).toString(16).padStart(64, "0")}`))).toBeUndefined();
  });

  it.each([
    ["wrong tag", `31${FIXTURE_DER.slice(2)}`],
    ["sequence length too long", `3045${FIXTURE_DER.slice(4)}`],
    ["sequence length too short", `3043${FIXTURE_DER.slice(4)}`],
    ["trailing byte", `${FIXTURE_DER}00`],
    ["r tag not integer", `30440320${FIXTURE_DER.slice(8)}`],
    ["negative r", "3006020180020101"],
    ["padded r", "300702020001020101"],
    ["padded s", "300702010102020001"],
    ["zero r", "3006020100020101"],
    ["zero s", "3006020101020100"],
    ["empty r", "30050200020101"],
    ["r of 34 bytes", `302702220000${"11".repeat(32)}020101`],
    ["r equal to n", `3026022100${SECP256K1_ORDER.toString(16)}020101`],
    ["too short", "3006020101"],
    ["empty", ""],
    ["73 bytes", `3047${"00".repeat(71)}`],
  ])("refuses %s", (_name, hex) => {
    expect(parseCanonicalDerSignature(bytes(hex))).toBeUndefined();
  });

  it("accepts a padded r whose next byte has its high bit set", () => {
    expect(parseCanonicalDerSignature(bytes("3007020200800201 01".replace(" ", "")))).toEqual({ r: 0x80n, s: 1n });
  });
});

describe("ed25519 S below L", () => {
  it("accepts S = L - 1 and refuses S = L and S = L + small", () => {
    const r = "00".repeat(32);
    expect(isCanonicalEd25519Signature(bytes(r + le(L - 1n)))).toBe(true);
    expect(isCanonicalEd25519Signature(bytes(r + le(L)))).toBe(false);
    expect(isCanonicalEd25519Signature(bytes(r + le(L + 5n)))).toBe(false);
    expect(isCanonicalEd25519Signature(bytes(r + le(2n ** 256n - 1n)))).toBe(false);
  });

  it("refuses anything that is not 64 bytes", () => {
    expect(isCanonicalEd25519Signature(new Uint8Array(63))).toBe(false);
    expect(isCanonicalEd25519Signature(new Uint8Array(65))).toBe(false);
  });
});

describe("public key forms", () => {
  it("knows ED, 02 and 03 keys of 33 bytes only", () => {
    expect(publicKeyAlgorithm(bytes(`ED${"11".repeat(32)}`))).toBe("ed25519");
    expect(publicKeyAlgorithm(bytes(`02${"11".repeat(32)}`))).toBe("secp256k1");
    expect(publicKeyAlgorithm(bytes(`03${"11".repeat(32)}`))).toBe("secp256k1");
    expect(publicKeyAlgorithm(bytes(`04${"11".repeat(64)}`))).toBeUndefined();
    expect(publicKeyAlgorithm(bytes(`04${"11".repeat(32)}`))).toBeUndefined();
    expect(publicKeyAlgorithm(bytes("11".repeat(32)))).toBeUndefined();
    expect(publicKeyAlgorithm(bytes(`ED${"11".repeat(33)}`))).toBeUndefined();
  });

  it("refuses every small-order ed25519 point and non-canonical y, and nothing noble calls a normal point", () => {
    const smallOrder = SMALL_ORDER_ED25519_KEYS;
    for (const key of smallOrder) {
      expect(ed25519.Point.fromBytes(bytes(key)).isSmallOrder()).toBe(true);
      expect(canonicalPublicKeyAlgorithm(bytes(`ED${key}`))).toBeUndefined();
    }
    // Every multiple of an order-8 generator is in the list (the whole torsion subgroup).
    const torsion = ed25519.Point.fromBytes(bytes(smallOrder[4]!));
    for (let multiple = 1n; multiple <= 8n; multiple += 1n) {
      const encoded = Buffer.from(torsion.multiplyUnsafe(multiple).toBytes()).toString("hex").toUpperCase();
      expect(smallOrder).toContain(encoded);
    }
    // y >= p (non-canonical) and "negative zero" x.
    expect(canonicalPublicKeyAlgorithm(bytes(`EDEDFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF7F`))).toBeUndefined();
    expect(canonicalPublicKeyAlgorithm(bytes(`ED${"FF".repeat(31)}7F`))).toBeUndefined();
    expect(canonicalPublicKeyAlgorithm(bytes(`ED0100000000000000000000000000000000000000000000000000000000000080`))).toBeUndefined();
    // A real key passes.
    expect(canonicalPublicKeyAlgorithm(bytes("ED01FA53FA5A7E77798F882ECE20B1ABC00BB358A9E55A202D0D0676BD0CE37A63"))).toBe("ed25519");
    expect(canonicalPublicKeyAlgorithm(bytes(`ED${Buffer.from(ed25519.Point.BASE.toBytes()).toString("hex")}`))).toBe("ed25519");
  });

  it("refuses a secp256k1 x that is not a reduced field element", () => {
    expect(canonicalPublicKeyAlgorithm(bytes(`02${"FF".repeat(32)}`))).toBeUndefined();
    // p = FF..FF (27 bytes) FE FFFFFC2F
    expect(canonicalPublicKeyAlgorithm(bytes(`03${"FF".repeat(27)}FEFFFFFC2F`))).toBeUndefined();
    expect(canonicalPublicKeyAlgorithm(bytes(`03${"FF".repeat(27)}FEFFFFFC30`))).toBeUndefined();
    expect(canonicalPublicKeyAlgorithm(bytes(`03${"FF".repeat(27)}FEFFFFFC2E`))).toBe("secp256k1");
    expect(canonicalPublicKeyAlgorithm(bytes("030D58EB48B4420B1F7B9DF55087E0E29FEF0E8468F9A6825B01CA2C361042D435"))).toBe("secp256k1");
  });
});
