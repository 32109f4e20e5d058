/**
 * The OpenSSL path (node:crypto) and the pure-JavaScript path (the noble curves, called directly)
 * must give the same answer on every input, so a proof is judged the same on Node and on a
 * Worker. Each case runs through both engines, canonical checks included; categories with a
 * known right answer are also checked against it, and every signature the noble path accepts is
 * one ripple-keypairs `verify` accepts too.
 */
import { ed25519 } from "@noble/curves/ed25519.js";
import { sha512 } from "@noble/hashes/sha2.js";
import { deriveKeypair, generateSeed, sign, verify as keypairsVerify } from "ripple-keypairs";
import { describe, expect, it } from "vitest";
import { createNobleBackend } from "../../src/verify/noble-crypto.js";
import { createNodeCryptoBackend } from "../../src/verify/node-crypto.js";
import { createSignatureEngine } from "../../src/verify/signature-engine.js";
import { NON_CANONICAL_SMALL_ORDER_ED25519_KEYS, SMALL_ORDER_ED25519_KEYS } from "../fixtures/ed25519/small-order-keys.js";

const nodeBackend = createNodeCryptoBackend();
if (nodeBackend === undefined) throw new Error("node:crypto must load in the test runtime");
const openssl = createSignatureEngine(nodeBackend);
const noble = createSignatureEngine(createNobleBackend());

const SECP_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const ED_ORDER = 2n ** 252n + 27742317777372353535851937790883648493n;

/** mulberry32: reproducible pseudo-random bytes, so a failure can be replayed. */
function randomSource(seed: number): (length: number) => Uint8Array {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  return (length) => Uint8Array.from({ length }, () => Math.floor(next() * 256));
}

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString("hex").toUpperCase();
const bytes = (text: string): Uint8Array => Uint8Array.from(Buffer.from(text, "hex"));

interface Case {
  name: string;
  data: Uint8Array;
  signature: Uint8Array;
  publicKey: Uint8Array;
  /** The right answer, when the category has one. */
  expected?: boolean;
}

function compare(cases: Case[]): { total: number; accepted: number } {
  let accepted = 0;
  for (const testCase of cases) {
    const viaOpenssl = openssl.verify(testCase.data, testCase.signature, testCase.publicKey);
    const viaNoble = noble.verify(testCase.data, testCase.signature, testCase.publicKey);
    if (viaOpenssl !== viaNoble || (testCase.expected !== undefined && viaOpenssl !== testCase.expected)) {
      throw new Error(
        `${testCase.name}: node:crypto ${viaOpenssl}, noble ${viaNoble}, expected ${String(testCase.expected)}\n` +
          `data ${hex(testCase.data)}\nsignature ${hex(testCase.signature)}\npublicKey ${hex(testCase.publicKey)}`,
      );
    }
    if (viaOpenssl) {
      accepted += 1;
      expect(keypairsVerify(hex(testCase.data), hex(testCase.signature), hex(testCase.publicKey)), testCase.name).toBe(true);
    }
  }
  return { total: cases.length, accepted };
}

function derInteger(value: bigint): Uint8Array {
  let text = value.toString(16);
  if (text.length % 2) text = `0${text}`;
  let encoded = bytes(text);
  if (encoded[0]! & 0x80) encoded = Uint8Array.from([0, ...encoded]);
  return Uint8Array.from([0x02, encoded.length, ...encoded]);
}
function der(r: bigint, s: bigint): Uint8Array {
  const body = [...derInteger(r), ...derInteger(s)];
  return Uint8Array.from([0x30, body.length, ...body]);
}
function derParts(signature: Uint8Array): { r: bigint; s: bigint } {
  const rLength = signature[3]!;
  return {
    r: BigInt(`0x${hex(signature.subarray(4, 4 + rLength))}`),
    s: BigInt(`0x${hex(signature.subarray(6 + rLength))}`),
  };
}
function flip(source: Uint8Array, index: number, mask = 1): Uint8Array {
  const copy = Uint8Array.from(source);
  copy[index % copy.length] = copy[index % copy.length]! ^ mask;
  return copy;
}
function leBytes(value: bigint): Uint8Array {
  const out = new Uint8Array(32);
  let rest = value;
  for (let index = 0; index < 32; index += 1) {
    out[index] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return out;
}
function leNumber(source: Uint8Array): bigint {
  let value = 0n;
  for (let index = source.length - 1; index >= 0; index -= 1) value = (value << 8n) | BigInt(source[index]!);
  return value;
}

const ORDER_8_POINT = ed25519.Point.fromBytes(bytes("C7176A703D4DD84FBA3C0B760D10670F2A2053FA2C39CCC64EC7FD7792AC037A"));
const SMALL_ORDER_KEYS = [...SMALL_ORDER_ED25519_KEYS, ...NON_CANONICAL_SMALL_ORDER_ED25519_KEYS];

/** An ed25519 signature made by hand so R or A carries a small-order component. */
function tweakedEd25519(secret: Uint8Array, data: Uint8Array, random: (length: number) => Uint8Array, tweak: "R" | "A"): Case {
  const { scalar, point } = ed25519.utils.getExtendedPublicKey(secret);
  const nonce = (leNumber(random(32)) % (ED_ORDER - 1n)) + 1n;
  const rPoint = tweak === "R" ? ed25519.Point.BASE.multiply(nonce).add(ORDER_8_POINT) : ed25519.Point.BASE.multiply(nonce);
  const aPoint = tweak === "A" ? point.add(ORDER_8_POINT) : point;
  const rBytes = rPoint.toBytes();
  const aBytes = aPoint.toBytes();
  const k = leNumber(sha512.create().update(rBytes).update(aBytes).update(data).digest()) % ED_ORDER;
  const s = (nonce + k * scalar) % ED_ORDER;
  return {
    name: `ed25519 small-order component in ${tweak}`,
    data,
    signature: Uint8Array.from([...rBytes, ...leBytes(s)]),
    publicKey: Uint8Array.from([0xed, ...aBytes]),
  };
}

function casesFor(algorithm: "ed25519" | "ecdsa-secp256k1", keyCount: number, seed: number): Case[] {
  const random = randomSource(seed);
  const cases: Case[] = [];
  for (let keyIndex = 0; keyIndex < keyCount; keyIndex += 1) {
    const pair = deriveKeypair(generateSeed({ entropy: random(16), algorithm }));
    const other = deriveKeypair(generateSeed({ entropy: random(16), algorithm }));
    const publicKey = bytes(pair.publicKey);
    const data = random(1 + (keyIndex % 300));
    const signature = bytes(sign(hex(data), pair.privateKey));
    cases.push({ name: "valid", data, signature, publicKey, expected: true });
    cases.push({ name: "tampered message", data: flip(data, keyIndex), signature, publicKey, expected: false });
    cases.push({ name: "extended message", data: Uint8Array.from([...data, 0]), signature, publicKey, expected: false });
    cases.push({ name: "tampered signature", data, signature: flip(signature, keyIndex * 7 + 5, 0x10), publicKey });
    cases.push({ name: "other key", data, signature, publicKey: bytes(other.publicKey), expected: false });
    cases.push({ name: "truncated signature", data, signature: signature.subarray(0, signature.length - 1), publicKey, expected: false });
    cases.push({ name: "extended signature", data, signature: Uint8Array.from([...signature, 0]), publicKey, expected: false });
    cases.push({ name: "random signature", data, signature: random(signature.length), publicKey });
    cases.push({ name: "random key", data, signature, publicKey: Uint8Array.from([publicKey[0]!, ...random(32)]) });
    cases.push({ name: "key without prefix", data, signature, publicKey: publicKey.subarray(1), expected: false });
    cases.push({
      name: "key with wrong prefix",
      data,
      signature,
      publicKey: Uint8Array.from([0x04, ...publicKey.subarray(1)]),
      expected: false,
    });
    if (algorithm === "ed25519") {
      const s = leNumber(signature.subarray(32));
      cases.push({
        name: "S + L",
        data,
        signature: Uint8Array.from([...signature.subarray(0, 32), ...leBytes(s + ED_ORDER)]),
        publicKey,
        expected: false,
      });
      cases.push({
        name: "ed25519 signature padded to 70 bytes",
        data,
        signature: Uint8Array.from([...signature, 0, 0, 0, 0, 0, 0]),
        publicKey,
        expected: false,
      });
      cases.push({ name: "secp key for ed signature", data, signature, publicKey: Uint8Array.from([0x02, ...publicKey.subarray(1)]) });
      cases.push(tweakedEd25519(bytes(pair.privateKey.slice(2)), data, random, "R"));
      cases.push(tweakedEd25519(bytes(pair.privateKey.slice(2)), data, random, "A"));
      const smallOrder = SMALL_ORDER_KEYS[keyIndex % SMALL_ORDER_KEYS.length]!;
      cases.push({ name: "small-order key", data, signature, publicKey: bytes(`ED${smallOrder}`), expected: false });
      // y = p + 1 and y = p: non-canonical encodings.
      cases.push({
        name: "non-canonical key",
        data,
        signature,
        publicKey: bytes(`ED${keyIndex % 2 ? "EE" : "ED"}${"FF".repeat(30)}7F`),
        expected: false,
      });
    } else {
      const { r, s } = derParts(signature);
      cases.push({ name: "high S", data, signature: der(r, SECP_ORDER - s), publicKey, expected: false });
      cases.push({ name: "re-encoded low S", data, signature: der(r, s), publicKey, expected: true });
      cases.push({ name: "r + n", data, signature: der(r + SECP_ORDER, s), publicKey, expected: false });
      cases.push({ name: "r = 0", data, signature: der(0n, s), publicKey, expected: false });
      cases.push({ name: "s = 0", data, signature: der(r, 0n), publicKey, expected: false });
      const rEncoded = derInteger(r);
      const padded = Uint8Array.from([0x02, rEncoded[1]! + 1, 0, ...rEncoded.subarray(2)]);
      const body = [...padded, ...derInteger(s)];
      cases.push({ name: "padded r", data, signature: Uint8Array.from([0x30, body.length, ...body]), publicKey, expected: false });
      cases.push({
        name: "long-form length",
        data,
        signature: Uint8Array.from([0x30, 0x81, signature.length - 2, ...signature.subarray(2)]),
        publicKey,
        expected: false,
      });
      cases.push({
        name: "wrong sequence length",
        data,
        signature: Uint8Array.from([0x30, signature[1]! + 1, ...signature.subarray(2)]),
        publicKey,
        expected: false,
      });
      cases.push({ name: "random DER-shaped", data, signature: der(leNumber(random(32)), leNumber(random(31))), publicKey });
      cases.push({
        name: "flipped key parity",
        data,
        signature,
        publicKey: Uint8Array.from([publicKey[0] === 2 ? 3 : 2, ...publicKey.subarray(1)]),
        expected: false,
      });
      cases.push({ name: "key x >= p", data, signature, publicKey: bytes(`02${"FF".repeat(31)}FE`), expected: false });
      cases.push({
        name: "ed key for secp signature",
        data,
        signature,
        publicKey: Uint8Array.from([0xed, ...publicKey.subarray(1)]),
        expected: false,
      });
    }
    cases.push({ name: "random everything", data: random(32), signature: random(keyIndex % 80), publicKey: random(33) });
  }
  return cases;
}

describe("node:crypto and noble paths agree", () => {
  it("on at least 5,000 ed25519 cases", () => {
    const result = compare(casesFor("ed25519", 280, 1));
    expect(result.total).toBeGreaterThanOrEqual(5000);
    expect(result.accepted).toBeGreaterThanOrEqual(280);
  }, 180_000);

  it("on at least 5,000 secp256k1 cases", () => {
    const result = compare(casesFor("ecdsa-secp256k1", 230, 2));
    expect(result.total).toBeGreaterThanOrEqual(5000);
    expect(result.accepted).toBeGreaterThanOrEqual(460);
  }, 180_000);

  it("on signatures with a small-order component that plain noble accepts and rippled's equation refuses", () => {
    const random = randomSource(3);
    let nobleAlone = 0;
    for (let index = 0; index < 40; index += 1) {
      const pair = deriveKeypair(generateSeed({ entropy: random(16), algorithm: "ed25519" }));
      const data = random(40);
      const tweaked = tweakedEd25519(bytes(pair.privateKey.slice(2)), data, random, "R");
      // ripple-keypairs by itself (cofactored equation) accepts it...
      if (keypairsVerify(hex(data), hex(tweaked.signature), hex(tweaked.publicKey))) nobleAlone += 1;
      // ...OpenSSL, like rippled, does not, and neither does our noble path.
      compare([{ ...tweaked, expected: false }]);
    }
    expect(nobleAlone).toBe(40);
  });

  it("derive the same account ids", () => {
    const random = randomSource(4);
    for (let index = 0; index < 500; index += 1) {
      const pair = deriveKeypair(generateSeed({ entropy: random(16), algorithm: index % 2 ? "ed25519" : "ecdsa-secp256k1" }));
      const key = bytes(pair.publicKey);
      expect(openssl.addressOf(key)).toBe(noble.addressOf(key));
    }
  });
});
