import { randomBytes } from "node:crypto";
import { encodeAccountID } from "ripple-address-codec";
import { deriveAddress, deriveKeypair, generateSeed } from "ripple-keypairs";
import { describe, expect, it } from "vitest";
import { encodeClassicAddress } from "../../src/verify/account-address.js";
import { createNobleBackend } from "../../src/verify/noble-crypto.js";
import { createNodeCryptoBackend } from "../../src/verify/node-crypto.js";
import { createSignatureEngine } from "../../src/verify/signature-engine.js";

const backends = [createNodeCryptoBackend()!, createNobleBackend()];

describe("encodeClassicAddress", () => {
  it("matches ripple-address-codec on random account ids", () => {
    const ids = [new Uint8Array(20), new Uint8Array(20).fill(255), Uint8Array.from([0, 0, 0, 1, ...new Uint8Array(16)])];
    for (let index = 0; index < 2000; index += 1) ids.push(new Uint8Array(randomBytes(20)));
    for (const id of ids) expect(encodeClassicAddress(id)).toBe(encodeAccountID(id));
  });

  it.each(backends.map((backend) => [backend.parts.hashes, backend] as const))(
    "gives the addresses ripple-keypairs derives (%s hashes)",
    (_name, backend) => {
      const engine = createSignatureEngine(backend);
      for (let index = 0; index < 200; index += 1) {
        const { publicKey } = deriveKeypair(generateSeed({ algorithm: index % 2 ? "ed25519" : "ecdsa-secp256k1" }));
        expect(engine.addressOf(Uint8Array.from(Buffer.from(publicKey, "hex")))).toBe(deriveAddress(publicKey));
      }
    },
  );
});
