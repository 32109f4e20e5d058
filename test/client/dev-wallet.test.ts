import { decode } from "ripple-binary-codec";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDevWallet } from "../../src/client/dev-wallet.js";
import { buildSignInTransaction } from "../../src/client/transaction.js";
import { InvalidOptionsError } from "../../src/errors.js";
import { createMessage } from "../../src/message/create.js";
import { compactSignature, createVerifier, signedTransaction } from "../../src/verify/index.js";
import type { Verifier, VerifyRequest } from "../../src/verify/types.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { ADDRESS } from "./scripted.js";

const LSF_DISABLE_MASTER = 0x00100000;
const ALGORITHMS = ["ed25519", "ecdsa-secp256k1"] as const;
const PROOFS = ["signature", "signedTx"] as const;

let node: MockRippled;
let verifier: Verifier;
let offlineVerifier: Verifier;

beforeAll(async () => {
  node = await startMockRippled({ networkId: 0 });
  verifier = createVerifier({ nodeUrl: node.url });
  // Compact signatures by a master key need no node at all.
  offlineVerifier = createVerifier({ nodeUrl: node.url, strategies: [compactSignature({ ledger: "never" })] });
});

afterAll(async () => {
  await verifier.close();
  await offlineVerifier.close();
  await node.stop();
});

function message(address: string, statement = "Sign in to Example."): string {
  return createMessage({
    domain: "example.com",
    address,
    statement,
    uri: "https://example.com",
    chainId: "xrpl:0",
    nonce: "a1b2c3d4e5f60718293a4b5c6d7e8f90",
    issuedAt: "2026-11-21T09:00:00.000Z",
  });
}

async function signedRequest(wallet: ReturnType<typeof createDevWallet>, text?: string): Promise<VerifyRequest> {
  const address = await wallet.getAddress();
  const signed = text ?? message(address);
  return { message: signed, address, ...(await wallet.sign(signed)) };
}

describe("createDevWallet: its proofs verify with the real verifier", () => {
  for (const algorithm of ALGORITHMS) {
    for (const proof of PROOFS) {
      it(`${algorithm} ${proof}: accepted for an unfunded account (master key), refused for another message`, async () => {
        const wallet = createDevWallet({ algorithm, proof });
        const request = await signedRequest(wallet);
        expect(request.signatureKind).toBe(proof);
        expect(await verifier.verify(request)).toBe(true);
        const other = message(request.address, "Sign in to Elsewhere.");
        expect(await verifier.verify({ ...request, message: other })).toBe(false);
      });
    }

    it(`${algorithm} signature: accepted with ledger "never" and carries the public key`, async () => {
      const wallet = createDevWallet({ algorithm });
      const request = await signedRequest(wallet);
      expect(request.publicKey).toBe(await wallet.getPublicKey());
      expect(request.publicKey?.startsWith(algorithm === "ed25519" ? "ED" : "0")).toBe(true);
      expect(await offlineVerifier.verify(request)).toBe(true);
    });
  }

  it("signedTx is refused once the account has disabled its master key", async () => {
    const wallet = createDevWallet({ proof: "signedTx" });
    const request = await signedRequest(wallet);
    node.setAccount(request.address, { flags: LSF_DISABLE_MASTER });
    try {
      expect(await verifier.verify(request)).toBe(false);
    } finally {
      node.removeAccount(request.address);
    }
    expect(await verifier.verify(request)).toBe(true);
  });

  it("signedTx on a network above 1024 carries NetworkID and must match the verifier's network", async () => {
    const wallet = createDevWallet({ proof: "signedTx", networkId: 21338 });
    const request = await signedRequest(wallet);
    expect(decode(request.txBlob ?? "")["NetworkID"]).toBe(21338);
    const matching = createVerifier({ nodeUrl: node.url, strategies: [signedTransaction({ networkId: 21338 })] });
    const other = createVerifier({ nodeUrl: node.url, strategies: [signedTransaction({ networkId: 21337 })] });
    try {
      expect(await matching.verify(request)).toBe(true);
      expect(await other.verify(request)).toBe(false);
    } finally {
      await matching.close();
      await other.close();
    }
  });

  it("signs the buildSignInTransaction transaction with its own key", async () => {
    const wallet = createDevWallet({ proof: "signedTx" });
    const request = await signedRequest(wallet);
    const tx = decode(request.txBlob ?? "");
    expect(tx).toMatchObject({
      ...buildSignInTransaction({ account: request.address, message: request.message }),
      SigningPubKey: await wallet.getPublicKey(),
    });
    expect(typeof tx["TxnSignature"]).toBe("string");
  });
});

describe("createDevWallet: keys and seed", () => {
  it("makes a new random account each time", async () => {
    const [first, second] = [createDevWallet(), createDevWallet()];
    expect(await first.getAddress()).not.toBe(await second.getAddress());
    expect(await first.exportSeed()).not.toBe(await second.exportSeed());
  });

  it("comes back to the same account from its exported seed, with the seed's algorithm", async () => {
    for (const algorithm of ALGORITHMS) {
      const original = createDevWallet({ algorithm });
      const seed = await original.exportSeed();
      expect(seed.startsWith("sEd")).toBe(algorithm === "ed25519");
      const restored = createDevWallet({ seed });
      expect(restored.algorithm).toBe(algorithm);
      expect(await restored.getAddress()).toBe(await original.getAddress());
      expect(await restored.exportSeed()).toBe(seed);
    }
  });

  it("derives the well-known account of a known seed", async () => {
    // ripple-keypairs' own test vector: secp256k1 seed "sp5fghtJtpUorTwvof1NpDXAzNwf5" -> this address
    const wallet = createDevWallet({ seed: "sp5fghtJtpUorTwvof1NpDXAzNwf5" });
    expect(await wallet.getAddress()).toBe("rU6K7V3Po4snVhBBaU29sesqs2qTQJWDw1");
  });

  it("withProof keeps the account and changes the proof kind", async () => {
    const wallet = createDevWallet();
    const txWallet = wallet.withProof("signedTx");
    expect(txWallet.proof).toBe("signedTx");
    expect(await txWallet.getAddress()).toBe(await wallet.getAddress());
    expect((await txWallet.sign(message(await wallet.getAddress()))).signatureKind).toBe("signedTx");
  });

  it("refuses bad options with InvalidOptionsError", async () => {
    expect(() => createDevWallet({ algorithm: "rsa" as "ed25519" })).toThrow(InvalidOptionsError);
    expect(() => createDevWallet({ proof: "jwt" as "signature" })).toThrow(InvalidOptionsError);
    expect(() => createDevWallet({ seed: "not a seed" })).toThrow(/`seed` must be an XRPL family seed/);
    expect(() => createDevWallet({ seed: "sp5fghtJtpUorTwvof1NpDXAzNwf5", algorithm: "ed25519" })).toThrow(/drop `algorithm`/);
    expect(() => createDevWallet({ networkId: -1 })).toThrow(InvalidOptionsError);
    // right shape, wrong checksum: found when the keys are made
    await expect(createDevWallet({ seed: "sp5fghtJtpUorTwvof1NpDXAzNwf6" }).getAddress()).rejects.toThrow(
      /createDevWallet could not use `seed`/,
    );
    await expect(createDevWallet().sign("")).rejects.toThrow(InvalidOptionsError);
  });
});

describe("buildSignInTransaction", () => {
  it("builds the AccountSet that sets nothing: Sequence 0, Fee 0, message as upper hex UTF-8 in the first memo", () => {
    const tx = buildSignInTransaction({ account: ADDRESS, message: "héllo ✓" });
    expect(tx).toEqual({
      TransactionType: "AccountSet",
      Account: ADDRESS,
      Sequence: 0,
      Fee: "0",
      Memos: [{ Memo: { MemoData: Buffer.from("héllo ✓", "utf8").toString("hex").toUpperCase() } }],
    });
  });

  it("writes NetworkID only above 1024", () => {
    for (const networkId of [0, 1, 2, 1024]) {
      expect("NetworkID" in buildSignInTransaction({ account: ADDRESS, message: "m", networkId })).toBe(false);
    }
    expect(buildSignInTransaction({ account: ADDRESS, message: "m", networkId: 1025 }).NetworkID).toBe(1025);
  });

  it("refuses a bad account, an empty message and a bad network id", () => {
    expect(() => buildSignInTransaction({ account: "XV5sbjUmgPpvXv4ixFWZ5ptAYZ6PD2q1qM6owqNbZpLkrNb", message: "m" })).toThrow(
      InvalidOptionsError,
    );
    expect(() => buildSignInTransaction({ account: ADDRESS, message: "" })).toThrow(InvalidOptionsError);
    expect(() => buildSignInTransaction({ account: ADDRESS, message: "m", networkId: 1.5 })).toThrow(InvalidOptionsError);
    expect(() => buildSignInTransaction({ account: ADDRESS, message: "m", networkId: 2 ** 32 })).toThrow(InvalidOptionsError);
  });
});
