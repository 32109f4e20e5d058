import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sign } from "ripple-keypairs";
import { LedgerUnavailableError } from "../../src/errors.js";
import { compactSignature, createVerifier } from "../../src/verify/index.js";
import type { Verifier } from "../../src/verify/types.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { compactProof, keyAddressOf, regularKeyWallet, SEEDS, signInMessage, utf8Hex, walletFor } from "./proofs.js";

const LSF_DISABLE_MASTER = 0x00100000;

let node: MockRippled;
const verifiers: Verifier[] = [];

function verifierWith(ledger?: "cached" | "if-needed" | "always" | "never"): Verifier {
  const verifier = createVerifier({
    nodeUrl: node.url,
    connectTimeoutMs: 1000,
    requestTimeoutMs: 1000,
    strategies: [ledger === undefined ? compactSignature() : compactSignature({ ledger })],
  });
  verifiers.push(verifier);
  return verifier;
}

beforeAll(async () => {
  node = await startMockRippled();
});
afterAll(async () => {
  await Promise.all(verifiers.map((verifier) => verifier.close()));
  await node.stop();
});
beforeEach(() => {
  node.setBehaviour("normal");
});

describe.each(["ed25519", "secp256k1"] as const)("compact %s signature", (algorithm) => {
  const wallet = walletFor(algorithm, SEEDS[algorithm]);
  const message = signInMessage(wallet.classicAddress);

  it("accepts a master-key signature over the UTF-8 message, as GemWallet and Crossmark make it", async () => {
    expect(await verifierWith().verify(compactProof(wallet, message))).toBe(true);
  });

  it("accepts lowercase hex for the signature and the public key", async () => {
    const proof = compactProof(wallet, message);
    expect(
      await verifierWith().verify({ ...proof, signature: proof.signature!.toLowerCase(), publicKey: proof.publicKey!.toLowerCase() }),
    ).toBe(true);
  });

  it("rejects a signature over a different message", async () => {
    const proof = compactProof(wallet, message);
    expect(await verifierWith().verify({ ...proof, message: `${message} ` })).toBe(false);
  });

  it("rejects a signature over the message's UTF-16 or Latin-1 bytes", async () => {
    const latin1 = sign(Buffer.from(message, "latin1").toString("hex"), wallet.privateKey);
    expect(await verifierWith().verify({ ...compactProof(wallet, message), signature: latin1 })).toBe(false);
  });

  it("rejects a valid signature presented for another address (without a ledger answer naming the key)", async () => {
    const other = walletFor("ed25519");
    expect(await verifierWith("never").verify(compactProof(wallet, message, { address: other.classicAddress }))).toBe(false);
    expect(await verifierWith().verify(compactProof(wallet, message, { address: other.classicAddress }))).toBe(false);
  });

  it("rejects a public key that is not the one that signed", async () => {
    const other = walletFor(algorithm);
    expect(await verifierWith().verify({ ...compactProof(wallet, message), publicKey: other.publicKey })).toBe(false);
  });

  it("asks the ledger once by default whether the master key is disabled, and never in never mode", async () => {
    const before = node.requestCount("account_info");
    expect(await verifierWith().verify(compactProof(wallet, message))).toBe(true);
    expect(node.requestCount("account_info")).toBe(before + 1);
    expect(await verifierWith("never").verify(compactProof(wallet, message))).toBe(true);
    expect(node.requestCount("account_info")).toBe(before + 1);
  });
});

describe("compact signature without publicKey", () => {
  it("recovers the secp256k1 key from the signature and accepts it", async () => {
    const wallet = walletFor("secp256k1", SEEDS.secp256k1);
    const message = signInMessage(wallet.classicAddress);
    expect(await verifierWith().verify(compactProof(wallet, message, { withPublicKey: false }))).toBe(true);
  });

  it("recovers keys of fresh secp256k1 wallets (both recovery ids occur)", async () => {
    const verifier = verifierWith("never");
    for (let index = 0; index < 12; index += 1) {
      const wallet = walletFor("secp256k1");
      const message = signInMessage(wallet.classicAddress, `nonce${index}abcdefg`);
      expect(await verifier.verify(compactProof(wallet, message, { withPublicKey: false }))).toBe(true);
      const other = walletFor("secp256k1");
      expect(await verifier.verify(compactProof(wallet, message, { withPublicKey: false, address: other.classicAddress }))).toBe(false);
    }
  });

  it("refuses an ed25519 signature, whose key cannot be recovered", async () => {
    const wallet = walletFor("ed25519", SEEDS.ed25519);
    const message = signInMessage(wallet.classicAddress);
    expect(await verifierWith().verify(compactProof(wallet, message, { withPublicKey: false }))).toBe(false);
  });

  it("accepts a recovered regular key that the ledger names", async () => {
    const master = walletFor("secp256k1");
    const regular = regularKeyWallet(master.classicAddress, "secp256k1");
    node.setAccount(master.classicAddress, { regularKey: keyAddressOf(regular) });
    const message = signInMessage(master.classicAddress);
    expect(await verifierWith().verify(compactProof(regular, message, { withPublicKey: false }))).toBe(true);
  });
});

describe("compact signature key authority", () => {
  it("accepts a regular key the ledger names (the default asks the ledger)", async () => {
    const master = walletFor("ed25519");
    const regular = regularKeyWallet(master.classicAddress);
    const keyAddress = keyAddressOf(regular);
    node.setAccount(master.classicAddress, { regularKey: keyAddress });
    const message = signInMessage(master.classicAddress);
    const before = node.requestCount("account_info");
    expect(await verifierWith().verify(compactProof(regular, message))).toBe(true);
    expect(node.requestCount("account_info")).toBe(before + 1);
  });

  it("rejects a regular key once it is removed from the ledger, with no cached answer", async () => {
    const master = walletFor("ed25519");
    const regular = regularKeyWallet(master.classicAddress);
    const keyAddress = keyAddressOf(regular);
    const verifier = verifierWith();
    const message = signInMessage(master.classicAddress);
    node.setAccount(master.classicAddress, { regularKey: keyAddress });
    expect(await verifier.verify(compactProof(regular, message))).toBe(true);
    node.setAccount(master.classicAddress, {});
    expect(await verifier.verify(compactProof(regular, message))).toBe(false);
  });

  it("rejects a key that is neither the master key nor the regular key", async () => {
    const master = walletFor("ed25519");
    const stranger = regularKeyWallet(master.classicAddress);
    node.setAccount(master.classicAddress, { regularKey: walletFor("ed25519").classicAddress });
    expect(await verifierWith().verify(compactProof(stranger, signInMessage(master.classicAddress)))).toBe(false);
  });

  it("rejects a regular key of an account that is not on the ledger", async () => {
    const master = walletFor("ed25519");
    const regular = regularKeyWallet(master.classicAddress);
    node.removeAccount(master.classicAddress);
    expect(await verifierWith().verify(compactProof(regular, signInMessage(master.classicAddress)))).toBe(false);
  });

  it("never mode refuses a regular key without asking the ledger", async () => {
    const master = walletFor("ed25519");
    const regular = regularKeyWallet(master.classicAddress);
    node.setAccount(master.classicAddress, { regularKey: keyAddressOf(regular) });
    const before = node.requestCount("account_info");
    expect(await verifierWith("never").verify(compactProof(regular, signInMessage(master.classicAddress)))).toBe(false);
    expect(node.requestCount("account_info")).toBe(before);
  });

  it.each([
    ["the default", undefined],
    ["cached", "cached"],
    ["if-needed (deprecated, the same as cached)", "if-needed"],
    ["always", "always"],
  ] as const)("%s refuses a disabled master key (master_disabled)", async (_name, mode) => {
    for (const algorithm of ["ed25519", "secp256k1"] as const) {
      const wallet = walletFor(algorithm);
      node.setAccount(wallet.classicAddress, { flags: LSF_DISABLE_MASTER, regularKey: walletFor("ed25519").classicAddress });
      const proof = compactProof(wallet, signInMessage(wallet.classicAddress));
      const verifier = verifierWith(mode);
      expect(await verifier.check(proof)).toEqual({
        ok: false,
        code: "master_disabled",
        detail: `The master key of ${wallet.classicAddress} signed, but the account has disabled its master key.`,
      });
      expect(await verifier.verify(proof)).toBe(false);
      // Without publicKey, the secp256k1 key recovered from the signature is judged the same way.
      if (algorithm === "secp256k1")
        expect(await verifier.verify(compactProof(wallet, signInMessage(wallet.classicAddress), { withPublicKey: false }))).toBe(false);
    }
  });

  it("never accepts a disabled master key, without asking the ledger (what offline mode gives up)", async () => {
    const wallet = walletFor("ed25519");
    node.setAccount(wallet.classicAddress, { flags: LSF_DISABLE_MASTER, regularKey: walletFor("ed25519").classicAddress });
    const before = node.requestCount("account_info");
    expect(await verifierWith("never").verify(compactProof(wallet, signInMessage(wallet.classicAddress)))).toBe(true);
    expect(node.requestCount("account_info")).toBe(before);
  });

  it("the default accepts an enabled master key and an unfunded account's master key, one look-up each", async () => {
    const funded = walletFor("secp256k1");
    node.setAccount(funded.classicAddress, { regularKey: walletFor("ed25519").classicAddress });
    const unfunded = walletFor("ed25519");
    node.removeAccount(unfunded.classicAddress);
    const verifier = verifierWith();
    const before = node.requestCount("account_info");
    expect(await verifier.check(compactProof(funded, signInMessage(funded.classicAddress)))).toMatchObject({
      ok: true,
      authority: "master",
    });
    expect(await verifier.check(compactProof(unfunded, signInMessage(unfunded.classicAddress)))).toMatchObject({
      ok: true,
      authority: "master",
    });
    expect(node.requestCount("account_info")).toBe(before + 2);
  });

  it("rejects with LedgerUnavailableError when the master key signs and the node cannot answer (default)", async () => {
    const wallet = walletFor("ed25519");
    node.setBehaviour("silent");
    const verifier = createVerifier({ nodeUrl: node.url, connectTimeoutMs: 300, requestTimeoutMs: 300 });
    verifiers.push(verifier);
    await expect(verifier.check(compactProof(wallet, signInMessage(wallet.classicAddress)))).rejects.toBeInstanceOf(LedgerUnavailableError);
    node.setBehaviour("normal");
    // The failed look-up was not remembered: the next sign-in asks again, and holds.
    expect(await verifier.verify(compactProof(wallet, signInMessage(wallet.classicAddress)))).toBe(true);
  });

  it("always accepts an enabled master key, an unfunded account's master key, and a regular key", async () => {
    const funded = walletFor("secp256k1");
    node.setAccount(funded.classicAddress, {});
    const unfunded = walletFor("ed25519");
    node.removeAccount(unfunded.classicAddress);
    const master = walletFor("ed25519");
    const regular = regularKeyWallet(master.classicAddress);
    node.setAccount(master.classicAddress, { flags: LSF_DISABLE_MASTER, regularKey: keyAddressOf(regular) });
    const verifier = verifierWith("always");
    const before = node.requestCount("account_info");
    expect(await verifier.verify(compactProof(funded, signInMessage(funded.classicAddress)))).toBe(true);
    expect(await verifier.verify(compactProof(unfunded, signInMessage(unfunded.classicAddress)))).toBe(true);
    expect(await verifier.verify(compactProof(regular, signInMessage(master.classicAddress)))).toBe(true);
    expect(node.requestCount("account_info")).toBe(before + 3);
  });

  it("rejects with LedgerUnavailableError when a regular-key check cannot reach the node", async () => {
    const master = walletFor("ed25519");
    const regular = regularKeyWallet(master.classicAddress);
    node.setBehaviour("silent");
    const verifier = createVerifier({ nodeUrl: node.url, connectTimeoutMs: 300, requestTimeoutMs: 300, strategies: [compactSignature()] });
    verifiers.push(verifier);
    await expect(verifier.verify(compactProof(regular, signInMessage(master.classicAddress)))).rejects.toBeInstanceOf(
      LedgerUnavailableError,
    );
  });
});

describe("compact signature canonical form", () => {
  const wallet = walletFor("secp256k1", SEEDS.secp256k1);
  const message = signInMessage(wallet.classicAddress);
  const order = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

  function derParts(signatureHex: string): { r: bigint; s: bigint } {
    const bytes = Buffer.from(signatureHex, "hex");
    const rLength = bytes[3]!;
    const r = BigInt(`0x${bytes.subarray(4, 4 + rLength).toString("hex")}`);
    const s = BigInt(`0x${bytes.subarray(6 + rLength).toString("hex")}`);
    return { r, s };
  }
  function derInteger(value: bigint): Buffer {
    let hex = value.toString(16);
    if (hex.length % 2) hex = `0${hex}`;
    let bytes = Buffer.from(hex, "hex");
    if (bytes[0]! & 0x80) bytes = Buffer.concat([Buffer.from([0]), bytes]);
    return Buffer.concat([Buffer.from([0x02, bytes.length]), bytes]);
  }
  function der(r: bigint, s: bigint): string {
    const body = Buffer.concat([derInteger(r), derInteger(s)]);
    return Buffer.concat([Buffer.from([0x30, body.length]), body]).toString("hex");
  }

  it("rejects the high-S twin of a valid secp256k1 signature", async () => {
    const proof = compactProof(wallet, message);
    const { r, s } = derParts(proof.signature!);
    expect(await verifierWith("never").verify({ ...proof, signature: der(r, s) })).toBe(true);
    expect(await verifierWith("never").verify({ ...proof, signature: der(r, order - s) })).toBe(false);
    expect(await verifierWith("never").verify({ ...proof, signature: der(r, order - s), publicKey: undefined as unknown as string })).toBe(
      false,
    );
  });

  it("rejects non-minimal DER (padded integer, long-form length, trailing byte)", async () => {
    const proof = compactProof(wallet, message);
    const { r, s } = derParts(proof.signature!);
    const padded = Buffer.from(der(r, s), "hex");
    // Insert a needless 00 in front of r.
    const rBytes = derInteger(r);
    const paddedR = Buffer.concat([Buffer.from([0x02, rBytes[1]! + 1, 0x00]), rBytes.subarray(2)]);
    const body = Buffer.concat([paddedR, derInteger(s)]);
    const nonMinimal = Buffer.concat([Buffer.from([0x30, body.length]), body]).toString("hex");
    const longForm = Buffer.concat([Buffer.from([0x30, 0x81, padded.length - 2]), padded.subarray(2)]).toString("hex");
    const trailing = `${padded.toString("hex")}00`;
    const verifier = verifierWith("never");
    expect(await verifier.verify({ ...proof, signature: nonMinimal })).toBe(false);
    expect(await verifier.verify({ ...proof, signature: longForm })).toBe(false);
    expect(await verifier.verify({ ...proof, signature: trailing })).toBe(false);
  });

  it("rejects the uncompressed 65-byte 04 form of a valid key", async () => {
    const { secp256k1 } = await import("@noble/curves/secp256k1.js");
    const uncompressed = Buffer.from(secp256k1.Point.fromHex(wallet.publicKey.toLowerCase()).toBytes(false)).toString("hex");
    expect(uncompressed.startsWith("04")).toBe(true);
    expect(await verifierWith("never").verify({ ...compactProof(wallet, message), publicKey: uncompressed })).toBe(false);
  });

  it("rejects an ed25519 signature whose S is not below the group order", async () => {
    const ed = walletFor("ed25519", SEEDS.ed25519);
    const edMessage = signInMessage(ed.classicAddress);
    const proof = compactProof(ed, edMessage);
    const bytes = Buffer.from(proof.signature!, "hex");
    let s = 0n;
    for (let index = 63; index >= 32; index -= 1) s = (s << 8n) | BigInt(bytes[index]!);
    const l = 2n ** 252n + 27742317777372353535851937790883648493n;
    let sPlusL = s + l;
    for (let index = 32; index < 64; index += 1) {
      bytes[index] = Number(sPlusL & 0xffn);
      sPlusL >>= 8n;
    }
    expect(await verifierWith("never").verify({ ...proof, signature: bytes.toString("hex") })).toBe(false);
  });

  it("rejects a 32-byte ed25519 key without its ED prefix", async () => {
    const ed = walletFor("ed25519", SEEDS.ed25519);
    const proof = compactProof(ed, signInMessage(ed.classicAddress));
    expect(await verifierWith("never").verify({ ...proof, publicKey: proof.publicKey!.slice(2) })).toBe(false);
  });
});

describe("compact signature refuses malformed requests with false", () => {
  const wallet = walletFor("ed25519", SEEDS.ed25519);
  const message = signInMessage(wallet.classicAddress);
  const good = compactProof(wallet, message);
  const cases: [string, unknown][] = [
    ["signature not hex", { ...good, signature: `${good.signature!.slice(0, -2)}ZZ` }],
    ["signature of odd length", { ...good, signature: good.signature!.slice(0, -1) }],
    ["signature empty", { ...good, signature: "" }],
    ["signature with 0x prefix", { ...good, signature: `0x${good.signature!}` }],
    ["signature too short", { ...good, signature: good.signature!.slice(0, 126) }],
    ["signature too long", { ...good, signature: `${good.signature!}00` }],
    ["signature missing", { ...good, signature: undefined }],
    ["signature a number", { ...good, signature: 12 }],
    ["publicKey not hex", { ...good, publicKey: "zz".repeat(33) }],
    ["publicKey wrong length", { ...good, publicKey: `${good.publicKey!}00` }],
    ["publicKey wrong prefix", { ...good, publicKey: `05${good.publicKey!.slice(2)}` }],
    ["publicKey null", { ...good, publicKey: null }],
    ["publicKey empty", { ...good, publicKey: "" }],
    ["address missing", { ...good, address: undefined }],
    [
      "address bad checksum",
      { ...good, address: `${wallet.classicAddress.slice(0, -1)}${wallet.classicAddress.endsWith("a") ? "b" : "a"}` },
    ],
    ["address an X-address", { ...good, address: "XVLhHMPHU98es4dbozjVtdWzVrDjtV18pX8yuPT7y4xaEHi" }],
    ["address an object", { ...good, address: { toString: () => wallet.classicAddress } }],
    ["message missing", { ...good, message: undefined }],
    ["message empty", { ...good, message: "" }],
    ["message a buffer", { ...good, message: Buffer.from(message) }],
    ["message with a lone surrogate", { ...good, message: `${message}\ud800` }],
    ["signatureKind unknown", { ...good, signatureKind: "personal_sign" }],
    ["signatureKind missing", { ...good, signatureKind: undefined }],
    ["request null", null],
    ["request a string", JSON.stringify(good)],
    ["request an array", [good]],
    ["request undefined", undefined],
  ];

  it.each(cases)("%s", async (_name, request) => {
    expect(await verifierWith().verify(request as never)).toBe(false);
  });

  it("refuses a message longer than 65,536 characters even when validly signed", async () => {
    const long = `${message}\n${"x".repeat(65_536)}`;
    expect(await verifierWith().verify(compactProof(wallet, long))).toBe(false);
    const atLimit = `${message}${"x".repeat(65_536 - message.length)}`;
    expect(await verifierWith().verify(compactProof(wallet, atLimit))).toBe(true);
  });

  it("a getter that throws resolves false", async () => {
    const request = { ...good };
    Object.defineProperty(request, "signature", {
      get() {
        throw new Error("boom");
      },
      enumerable: true,
    });
    expect(await verifierWith().verify(request)).toBe(false);
  });

  it("the valid proof itself passes (the cases above differ from it in one field only)", async () => {
    expect(await verifierWith().verify(good)).toBe(true);
    expect(utf8Hex("x")).toBe("78");
  });
});
