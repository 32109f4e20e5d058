import { createHash, randomBytes } from "node:crypto";
import { encodeAccountID } from "ripple-address-codec";
import { deriveAddress, deriveKeypair, generateSeed } from "ripple-keypairs";
import { describe, expect, it } from "vitest";
import { classicAddressOfPublicKey, encodeClassicAddress } from "../../src/verify/account-address.js";
import { RIPEMD160_ONE_BLOCK_MAX_BYTES, ripemd160OneBlock } from "../../src/verify/ripemd160.js";
import { createNobleBackend } from "../../src/verify/noble-crypto.js";
import { createNodeCryptoBackend } from "../../src/verify/node-crypto.js";
import { createSignatureEngine } from "../../src/verify/signature-engine.js";

const backends = [createNodeCryptoBackend()!, createNobleBackend()];

describe("encodeClassicAddress", () => {
  it("matches ripple-address-codec on random account ids", () => {
    const ids = [new Uint8Array(20), new Uint8Array(20).fill(255), Uint8Array.from([0, 0, 0, 1, ...new Uint8Array(16)])];
    for (let index = 0; index < 2000; index += 1) ids.push(new Uint8Array(randomBytes(20)));
    // Leading zero bytes are where base58 differs from plain base conversion: every count of them.
    for (let zeros = 1; zeros <= 20; zeros += 1) {
      for (let round = 0; round < 20; round += 1) ids.push(new Uint8Array(randomBytes(20)).fill(0, 0, zeros));
    }
    for (const id of ids) expect(encodeClassicAddress(id)).toBe(encodeAccountID(id));
  });

  it.each(backends.map((backend) => [backend.parts.ed25519, backend] as const))(
    "gives the addresses ripple-keypairs derives (engine over %s)",
    (_name, backend) => {
      const engine = createSignatureEngine(backend);
      for (let index = 0; index < 200; index += 1) {
        const { publicKey } = deriveKeypair(generateSeed({ algorithm: index % 2 ? "ed25519" : "ecdsa-secp256k1" }));
        expect(engine.addressOf(Uint8Array.from(Buffer.from(publicKey, "hex")))).toBe(deriveAddress(publicKey));
      }
    },
  );
});

describe("classicAddressOfPublicKey (one-block SHA-256 and RIPEMD-160 in JavaScript)", () => {
  it("matches node:crypto's SHA-256 then RIPEMD-160 and ripple-address-codec on random keys", () => {
    for (let index = 0; index < 2000; index += 1) {
      const key = new Uint8Array(randomBytes(33));
      key[0] = index % 3 === 0 ? 0xed : index % 3 === 1 ? 0x02 : 0x03;
      const accountId = createHash("ripemd160").update(createHash("sha256").update(key).digest()).digest();
      expect(classicAddressOfPublicKey(key)).toBe(encodeAccountID(accountId));
    }
  });

  it("gives the addresses ripple-keypairs derives, for both curves", () => {
    for (let index = 0; index < 200; index += 1) {
      const { publicKey } = deriveKeypair(generateSeed({ algorithm: index % 2 ? "ed25519" : "ecdsa-secp256k1" }));
      expect(classicAddressOfPublicKey(Uint8Array.from(Buffer.from(publicKey, "hex")))).toBe(deriveAddress(publicKey));
    }
  });

  it("reads only the key's own bytes when it is a view into a larger buffer", () => {
    const { publicKey } = deriveKeypair(generateSeed({ algorithm: "ed25519" }));
    const backing = new Uint8Array(64).fill(0xab);
    backing.set(Buffer.from(publicKey, "hex"), 7);
    expect(classicAddressOfPublicKey(backing.subarray(7, 40))).toBe(deriveAddress(publicKey));
  });
});

describe("ripemd160OneBlock", () => {
  it("matches node:crypto's RIPEMD-160 for every input length it takes", () => {
    for (let length = 0; length <= RIPEMD160_ONE_BLOCK_MAX_BYTES; length += 1) {
      for (let round = 0; round < 20; round += 1) {
        const input = new Uint8Array(randomBytes(length));
        const digest = new Uint8Array(20);
        ripemd160OneBlock(input, length, digest);
        expect(Buffer.from(digest).toString("hex")).toBe(createHash("ripemd160").update(input).digest("hex"));
      }
    }
  });

  it("gives the published test vectors", () => {
    const digest = (text: string): string => {
      const output = new Uint8Array(20);
      const input = new TextEncoder().encode(text);
      ripemd160OneBlock(input, input.length, output);
      return Buffer.from(output).toString("hex");
    };
    expect(digest("")).toBe("9c1185a5c5e9fc54612808977ee8f548b2258d31");
    expect(digest("abc")).toBe("8eb208f7e05d987a9b044a8e98c6b087f15a0bfc");
    expect(digest("message digest")).toBe("5d0689ef49d2fae572b881b123a85ffa21595f36");
  });

  it("hashes in place when input and output are the same array", () => {
    const input = new Uint8Array(randomBytes(32));
    const expected = createHash("ripemd160").update(input).digest("hex");
    ripemd160OneBlock(input, 32, input);
    expect(Buffer.from(input.subarray(0, 20)).toString("hex")).toBe(expected);
  });
});

describe("the documented examples", () => {
  it("give the addresses their comments say", () => {
    expect(encodeClassicAddress(new Uint8Array(20))).toBe("rrrrrrrrrrrrrrrrrrrrrhoLvTp");
    const key = Uint8Array.from(Buffer.from("ED01FA53FA5A7E77798F882ECE20B1ABC00BB358A9E55A202D0D0676BD0CE37A63", "hex"));
    expect(classicAddressOfPublicKey(key)).toBe("rLUEXYuLiQptky37CqLcm9USQpPiz5rkpD");
  });
});
