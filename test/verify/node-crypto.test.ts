import type * as nodeCrypto from "node:crypto";
import { createPublicKey, verify as cryptoVerify } from "node:crypto";
import { readFileSync } from "node:fs";
import { deriveKeypair, generateSeed, sign } from "ripple-keypairs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createNobleBackend } from "../../src/verify/noble-crypto.js";
import { createNodeCryptoBackend } from "../../src/verify/node-crypto.js";
import {
  createSignatureEngine,
  getDefaultSignatureEngine,
  passesCurveSelfTest,
  passesHashSelfTest,
  selectSignatureBackend,
  signatureBackends,
} from "../../src/verify/signature-engine.js";

interface FixtureEntry {
  seed: string;
  keypair: { privateKey: string; publicKey: string };
  address: string;
  message: string;
  signature: string;
}
const fixtures = JSON.parse(readFileSync(new URL("../fixtures/ripple-keypairs/api.json", import.meta.url), "utf8")) as Record<
  "secp256k1" | "ed25519",
  FixtureEntry
>;

const bytes = (text: string): Uint8Array => Uint8Array.from(Buffer.from(text, "hex"));
const SECP256K1_SPKI_PREFIX = "3036301006072a8648ce3d020106052b8104000a032200";
const ED25519_SPKI_PREFIX = "302a300506032b6570032100";

describe("backend selection, one curve at a time", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("chooses node:crypto for every part in Node, and says so through signatureBackends()", async () => {
    const all = { ed25519: "node:crypto", secp256k1: "node:crypto", hashes: "node:crypto" };
    expect((await getDefaultSignatureEngine()).backend.parts).toEqual(all);
    expect((await selectSignatureBackend()).parts).toEqual(all);
    expect(await signatureBackends()).toEqual(all);
  });

  it("falls back to the noble curves for every part when node:crypto cannot be loaded", async () => {
    vi.spyOn(process, "getBuiltinModule").mockReturnValue(undefined);
    expect(createNodeCryptoBackend()).toBeUndefined();
    expect((await selectSignatureBackend()).parts).toEqual({ ed25519: "noble", secp256k1: "noble", hashes: "noble" });
  });

  it("falls back to the noble curves when node:crypto fails the known-answer self-test of both curves", async () => {
    const real = await import("node:crypto");
    const lying = { ...real, verify: () => true };
    vi.spyOn(process, "getBuiltinModule").mockReturnValue(lying);
    expect(createNodeCryptoBackend()?.parts.ed25519).toBe("node:crypto");
    expect((await selectSignatureBackend()).parts).toEqual({ ed25519: "noble", secp256k1: "noble", hashes: "node:crypto" });
  });

  // Bun's node:crypto verifies ed25519 but cannot import a secp256k1 key: only that curve moves to noble.
  it("keeps node:crypto for ed25519 when only secp256k1 is missing, and the composed engine checks both curves right", async () => {
    const real = await import("node:crypto");
    const withoutSecp256k1 = {
      ...real,
      createPublicKey: ((input: Parameters<typeof real.createPublicKey>[0]) => {
        if (typeof input === "object" && "type" in input && input.type === "spki") throw new Error("Failed to read asymmetric key");
        return real.createPublicKey(input);
      }) as typeof real.createPublicKey,
    };
    vi.spyOn(process, "getBuiltinModule").mockReturnValue(withoutSecp256k1);
    const backend = await selectSignatureBackend();
    expect(backend.parts).toEqual({ ed25519: "node:crypto", secp256k1: "noble", hashes: "node:crypto" });
    const engine = createSignatureEngine(backend);
    for (const algorithm of ["ed25519", "secp256k1"] as const) {
      const fixture = fixtures[algorithm];
      const data = new TextEncoder().encode(fixture.message);
      expect(engine.verify(data, bytes(fixture.signature), bytes(fixture.keypair.publicKey))).toBe(true);
      expect(
        engine.verify(new TextEncoder().encode(`${fixture.message}!`), bytes(fixture.signature), bytes(fixture.keypair.publicKey)),
      ).toBe(false);
      expect(engine.addressOf(bytes(fixture.keypair.publicKey))).toBe(fixture.address);
    }
  });

  it("keeps node:crypto throughout when RIPEMD-160 is missing: addresses are derived in JavaScript", async () => {
    vi.spyOn(process, "getBuiltinModule").mockReturnValue(await nodeCryptoWithoutDigest("ripemd160"));
    const backend = await selectSignatureBackend();
    expect(backend.parts).toEqual({ ed25519: "node:crypto", secp256k1: "node:crypto", hashes: "node:crypto" });
    expect(createSignatureEngine(backend).addressOf(bytes(fixtures.ed25519.keypair.publicKey))).toBe(fixtures.ed25519.address);
  });

  it("keeps node:crypto for both curves and takes noble's hashes when SHA-512 is missing", async () => {
    vi.spyOn(process, "getBuiltinModule").mockReturnValue(await nodeCryptoWithoutDigest("sha512"));
    const backend = await selectSignatureBackend();
    expect(backend.parts).toEqual({ ed25519: "node:crypto", secp256k1: "node:crypto", hashes: "noble" });
    expect(
      Buffer.from(backend.sha512Half(new TextEncoder().encode("abc")))
        .toString("hex")
        .toUpperCase(),
    ).toBe("DDAF35A193617ABACC417349AE20413112E6FA4E89A97EA20A9EEEE64B55D39A");
  });

  it("self-tests each part against known answers, so a wrong hash or a curve that accepts anything is caught", async () => {
    const noble = createNobleBackend();
    expect(passesCurveSelfTest(noble, "ed25519")).toBe(true);
    expect(passesCurveSelfTest(noble, "secp256k1")).toBe(true);
    expect(passesHashSelfTest(noble)).toBe(true);
    expect(passesCurveSelfTest({ ...noble, verify: () => true }, "ed25519")).toBe(false);
    expect(passesCurveSelfTest({ ...noble, verify: () => false }, "secp256k1")).toBe(false);
    expect(passesHashSelfTest({ ...noble, sha256: (data) => noble.sha512Half(data) })).toBe(false);
    expect(
      passesHashSelfTest({
        ...noble,
        sha512Half: () => {
          throw new Error("no SHA-512");
        },
      }),
    ).toBe(false);
  });
});

describe("node:crypto path", () => {
  it("imports XRPL keys through the SPKI DER prefixes", () => {
    const ed = createPublicKey({
      key: Buffer.from(ED25519_SPKI_PREFIX + fixtures.ed25519.keypair.publicKey.slice(2), "hex"),
      format: "der",
      type: "spki",
    });
    expect(ed.asymmetricKeyType).toBe("ed25519");
    const secp = createPublicKey({
      key: Buffer.from(SECP256K1_SPKI_PREFIX + fixtures.secp256k1.keypair.publicKey, "hex"),
      format: "der",
      type: "spki",
    });
    expect(secp.asymmetricKeyType).toBe("ec");
    expect(secp.asymmetricKeyDetails?.namedCurve).toBe("secp256k1");
    // The backend imports ed25519 keys as JWK (cheaper); it is the same key as the SPKI import.
    const jwk = createPublicKey({
      key: { kty: "OKP", crv: "Ed25519", x: Buffer.from(fixtures.ed25519.keypair.publicKey.slice(2), "hex").toString("base64url") },
      format: "jwk",
    });
    expect(jwk.equals(ed)).toBe(true);
  });

  it("verifies XRPL secp256k1 signatures as ECDSA with SHA-512 (the digest truncated to 256 bits is SHA-512Half)", () => {
    const key = createPublicKey({
      key: Buffer.from(SECP256K1_SPKI_PREFIX + fixtures.secp256k1.keypair.publicKey, "hex"),
      format: "der",
      type: "spki",
    });
    let checked = 0;
    for (let index = 0; index < 200; index += 1) {
      const message = Buffer.from(`message ${index} ${"x".repeat(index)}`);
      const signature = Buffer.from(sign(message.toString("hex"), fixtures.secp256k1.keypair.privateKey), "hex");
      expect(cryptoVerify("sha512", message, key, signature)).toBe(true);
      // Any other digest must fail, or this test would prove nothing.
      expect(cryptoVerify("sha256", message, key, signature)).toBe(false);
      expect(cryptoVerify("sha512", Buffer.concat([message, Buffer.from([0])]), key, signature)).toBe(false);
      checked += 1;
    }
    expect(checked).toBe(200);
  });

  it.each(["secp256k1", "ed25519"] as const)(
    "verifies the ripple-keypairs %s fixture on both paths and derives its address",
    (algorithm) => {
      const fixture = fixtures[algorithm];
      const data = new TextEncoder().encode(fixture.message);
      const key = bytes(fixture.keypair.publicKey);
      expect(deriveKeypair(fixture.seed).publicKey).toBe(fixture.keypair.publicKey);
      for (const backend of [createNodeCryptoBackend()!, createNobleBackend()]) {
        const engine = createSignatureEngine(backend);
        expect(engine.verify(data, bytes(fixture.signature), key)).toBe(true);
        expect(engine.verify(new TextEncoder().encode(`${fixture.message}.`), bytes(fixture.signature), key)).toBe(false);
        expect(engine.addressOf(key)).toBe(fixture.address);
      }
    },
  );

  it("answers false, without throwing, for a secp256k1 x that is not on the curve", () => {
    const engine = createSignatureEngine(createNodeCryptoBackend()!);
    const signature = bytes(fixtures.secp256k1.signature);
    // x = 5 has no y on secp256k1 (5^3 + 7 = 132 is not a square mod p).
    const offCurve = bytes(`02${"00".repeat(31)}05`);
    expect(engine.verify(new TextEncoder().encode("test message"), signature, offCurve)).toBe(false);
    expect(engine.verify(new TextEncoder().encode("test message"), signature, offCurve)).toBe(false);
  });

  it("recovers the signing key of secp256k1 signatures", async () => {
    const engine = await getDefaultSignatureEngine();
    for (let index = 0; index < 20; index += 1) {
      const pair = deriveKeypair(generateSeed({ algorithm: "ecdsa-secp256k1" }));
      const data = new TextEncoder().encode(`recover ${index}`);
      const signature = bytes(sign(Buffer.from(data).toString("hex"), pair.privateKey));
      const recovered = (await engine.recoverSecp256k1(data, signature)).map((key) => Buffer.from(key).toString("hex").toUpperCase());
      expect(recovered).toContain(pair.publicKey);
    }
  });
});

/** node:crypto as a runtime whose OpenSSL build lacks one digest serves it: `createHash` of it throws. */
async function nodeCryptoWithoutDigest(missing: string): Promise<typeof nodeCrypto> {
  const real = await import("node:crypto");
  const createHash: typeof real.createHash = (algorithm, options) => {
    if (algorithm === missing) throw new Error("Digest method not supported");
    return real.createHash(algorithm, options);
  };
  return { ...real, createHash };
}
