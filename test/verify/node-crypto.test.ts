import { createPublicKey, verify as cryptoVerify } from "node:crypto";
import { readFileSync } from "node:fs";
import { deriveKeypair, generateSeed, sign } from "ripple-keypairs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createNobleBackend } from "../../src/verify/noble-crypto.js";
import { createNodeCryptoBackend } from "../../src/verify/node-crypto.js";
import { createSignatureEngine, getDefaultSignatureEngine, selectSignatureBackend } from "../../src/verify/signature-engine.js";

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

describe("backend selection", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("chooses node:crypto in Node", async () => {
    expect((await getDefaultSignatureEngine()).backend.name).toBe("node:crypto");
    expect((await selectSignatureBackend()).name).toBe("node:crypto");
  });

  it("falls back to the noble curves when node:crypto cannot be loaded", async () => {
    vi.spyOn(process, "getBuiltinModule").mockReturnValue(undefined);
    expect(createNodeCryptoBackend()).toBeUndefined();
    expect((await selectSignatureBackend()).name).toBe("noble");
  });

  it("falls back to the noble curves when node:crypto fails the known-answer self-test", async () => {
    const real = await import("node:crypto");
    const lying = { ...real, verify: () => true };
    vi.spyOn(process, "getBuiltinModule").mockReturnValue(lying);
    expect(createNodeCryptoBackend()?.name).toBe("node:crypto");
    expect((await selectSignatureBackend()).name).toBe("noble");
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
