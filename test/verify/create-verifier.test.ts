import { describe, expect, it, vi } from "vitest";
import { InvalidOptionsError, LedgerUnavailableError } from "../../src/errors.js";
import { compactSignature, createVerifier, DEFAULT_NODE_URL, signedTransaction } from "../../src/verify/index.js";
import type { VerificationStrategy } from "../../src/verify/types.js";
import { memoryLedger } from "./memory-ledger.js";
import {
  compactProof,
  keyAddressOf,
  regularKeyWallet,
  SEEDS,
  signedTxRequest,
  signInAccountSet,
  signInMessage,
  walletFor,
  walletSignedTx,
} from "./proofs.js";

describe("createVerifier options", () => {
  it("defaults to a public mainnet cluster; with no node reachable a master-key proof is unavailable, except with ledger: never", async () => {
    expect(DEFAULT_NODE_URL).toBe("wss://xrplcluster.com");
    // Port 1 on loopback: nothing listens (tests never contact the public default).
    const logger = { warn: () => undefined, error: () => undefined };
    const verifier = createVerifier({ nodeUrl: "ws://127.0.0.1:1", logger });
    const offline = createVerifier({ nodeUrl: "ws://127.0.0.1:1", logger, strategies: [compactSignature({ ledger: "never" })] });
    const wallet = walletFor("ed25519");
    const proof = compactProof(wallet, signInMessage(wallet.classicAddress));
    // By default the ledger must say the master key is not disabled; only "never" skips that.
    await expect(verifier.verify(proof)).rejects.toBeInstanceOf(LedgerUnavailableError);
    expect(await offline.verify(proof)).toBe(true);
    await verifier.close();
    await offline.close();
  });

  it.each([
    ["a nodeUrl that is not ws(s)", { nodeUrl: "https://xrplcluster.com" }, /nodeUrl must be a ws:\/\/ or wss:\/\/ URL/u],
    ["a nodeUrl that is not a string", { nodeUrl: 12 }, /nodeUrl/u],
    ["a zero connect timeout", { connectTimeoutMs: 0 }, /connectTimeoutMs must be a positive number/u],
    ["a NaN request timeout", { requestTimeoutMs: Number.NaN }, /requestTimeoutMs/u],
    ["no strategies", { strategies: [] }, /strategies must be a non-empty array/u],
    ["a strategy without kind", { strategies: [{ verify: () => Promise.resolve(true) }] }, /string `kind`/u],
    [
      "two strategies for one kind",
      { strategies: [compactSignature(), compactSignature()] },
      /two strategies handle signatureKind "signature"/u,
    ],
    ["a ledgerReader without getAccountAuthority", { ledgerReader: {} }, /ledgerReader must have/u],
    ["both nodeUrl and ledgerReader", { nodeUrl: "ws://127.0.0.1:1", ledgerReader: memoryLedger({}) }, /either nodeUrl or ledgerReader/u],
    ["an empty nodeUrl list", { nodeUrl: [] }, /non-empty list/u],
    ["a nodeUrl list with a non-WebSocket URL", { nodeUrl: ["wss://a.example", "http://b.example"] }, /got "http:\/\/b.example"/u],
    ["a nodeUrl list naming a node twice", { nodeUrl: ["wss://a.example", "wss://a.example"] }, /names a node twice/u],
    ["a negative networkId", { networkId: -1 }, /networkId must be an integer/u],
    ["a chainId that is not CAIP-2", { chainId: "0" }, /chainId must be a CAIP-2 XRPL chain id/u],
    ["a networkId and a chainId that disagree", { networkId: 1, chainId: "xrpl:0" }, /name different networks/u],
    [
      "a strategy whose check is not a method",
      { strategies: [{ kind: "x", verify: () => Promise.resolve(true), check: 1 }] },
      /`check` must be a method/u,
    ],
  ])("refuses %s with InvalidOptionsError", (_name, options, pattern) => {
    let thrown: unknown;
    try {
      createVerifier(options as never);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidOptionsError);
    expect((thrown as Error).message).toMatch(/^sign-in-with-xrpl: /u);
    expect((thrown as Error).message).toMatch(pattern);
  });

  it("takes options straight from the environment: an unset variable means the default", async () => {
    // Typed as a user's process.env read: `string | undefined` must compile with
    // exactOptionalPropertyTypes, and undefined must mean "use the default".
    const environment: Record<string, string | undefined> = { XRPL_NODE_URL: undefined, NETWORK_ID: undefined };
    const verifier = createVerifier({
      nodeUrl: environment.XRPL_NODE_URL,
      connectTimeoutMs: undefined,
      requestTimeoutMs: undefined,
      strategies: [
        compactSignature({ ledger: undefined }),
        signedTransaction({ networkId: environment.NETWORK_ID === undefined ? undefined : Number(environment.NETWORK_ID) }),
      ],
      ledgerReader: memoryLedger({}),
      logger: undefined,
    });
    const wallet = walletFor("ed25519");
    expect(await verifier.verify(compactProof(wallet, signInMessage(wallet.classicAddress)))).toBe(true);
    await verifier.close();
  });

  it("refuses a bad ledger mode and a non-object option bag", () => {
    expect(() => compactSignature({ ledger: "sometimes" as never })).toThrow(InvalidOptionsError);
    expect(() => compactSignature("never" as never)).toThrow(InvalidOptionsError);
    expect(() => signedTransaction(null as never)).toThrow(InvalidOptionsError);
    expect(() => createVerifier(null as never)).toThrow(InvalidOptionsError);
  });
});

describe("createVerifier with an in-memory ledgerReader", () => {
  it("verifies both proof kinds without any connection", async () => {
    const wallet = walletFor("ed25519", SEEDS.ed25519);
    const master = walletFor("secp256k1");
    const regular = regularKeyWallet(master.classicAddress);
    const ledger = memoryLedger({
      [wallet.classicAddress]: { masterDisabled: false },
      [master.classicAddress]: { masterDisabled: true, regularKey: keyAddressOf(regular) },
    });
    const verifier = createVerifier({ ledgerReader: ledger });
    const message = signInMessage(wallet.classicAddress);
    expect(await verifier.verify(compactProof(wallet, message))).toBe(true);
    expect(await verifier.verify(compactProof(regular, signInMessage(master.classicAddress)))).toBe(true);
    const blob = walletSignedTx(wallet, signInAccountSet(wallet.classicAddress, message));
    expect(await verifier.verify(signedTxRequest(wallet.classicAddress, message, blob))).toBe(true);
    // The master key's account (whether it disabled the key), the regular key's, the transaction's.
    expect(ledger.reads).toEqual([wallet.classicAddress, master.classicAddress, wallet.classicAddress]);
    await verifier.close();
  });

  it("passes a LedgerUnavailableError from the reader through as a rejection", async () => {
    const master = walletFor("ed25519");
    const regular = regularKeyWallet(master.classicAddress);
    const verifier = createVerifier({ ledgerReader: { getAccountAuthority: () => Promise.reject(new LedgerUnavailableError("down")) } });
    await expect(verifier.verify(compactProof(regular, signInMessage(master.classicAddress)))).rejects.toBeInstanceOf(
      LedgerUnavailableError,
    );
  });

  it("turns any other failure of a reader or strategy into false, and logs it", async () => {
    const logger = { warn: vi.fn(), error: vi.fn() };
    const master = walletFor("ed25519");
    const regular = regularKeyWallet(master.classicAddress);
    const broken = createVerifier({ logger, ledgerReader: { getAccountAuthority: () => Promise.reject(new TypeError("bug")) } });
    expect(await broken.verify(compactProof(regular, signInMessage(master.classicAddress)))).toBe(false);
    const throwing: VerificationStrategy = { kind: "custom", verify: () => Promise.reject(new Error("bug")) };
    const custom = createVerifier({ logger, ledgerReader: memoryLedger({}), strategies: [throwing] });
    expect(await custom.verify({ signatureKind: "custom" } as never)).toBe(false);
    expect(logger.error).toHaveBeenCalledTimes(2);
  });
});

describe("strategy dispatch", () => {
  it("routes by signatureKind to custom strategies and refuses kinds without one", async () => {
    const seen: string[] = [];
    const custom: VerificationStrategy = {
      kind: "passkey",
      verify: (request) => {
        seen.push(request.message);
        return Promise.resolve(request.message === "ok");
      },
    };
    const verifier = createVerifier({ ledgerReader: memoryLedger({}), strategies: [custom] });
    expect(await verifier.verify({ signatureKind: "passkey", message: "ok" } as never)).toBe(true);
    expect(await verifier.verify({ signatureKind: "passkey", message: "no" } as never)).toBe(false);
    const wallet = walletFor("ed25519");
    expect(await verifier.verify(compactProof(wallet, signInMessage(wallet.classicAddress)))).toBe(false);
    expect(seen).toEqual(["ok", "no"]);
  });

  it("answers false for a strategy that resolves a non-boolean truthy value", async () => {
    const sloppy: VerificationStrategy = { kind: "sloppy", verify: () => Promise.resolve("yes" as never) };
    const verifier = createVerifier({ ledgerReader: memoryLedger({}), strategies: [sloppy] });
    expect(await verifier.verify({ signatureKind: "sloppy" } as never)).toBe(false);
  });

  it("uses the default strategies: a compact proof and a signed transaction both pass, other kinds fail", async () => {
    const wallet = walletFor("secp256k1", SEEDS.secp256k1);
    const message = signInMessage(wallet.classicAddress);
    const verifier = createVerifier({ ledgerReader: memoryLedger({}) });
    expect(await verifier.verify(compactProof(wallet, message))).toBe(true);
    const blob = walletSignedTx(wallet, signInAccountSet(wallet.classicAddress, message));
    expect(await verifier.verify(signedTxRequest(wallet.classicAddress, message, blob))).toBe(true);
    // A signed transaction presented as a compact signature, and the other way round.
    expect(await verifier.verify({ ...signedTxRequest(wallet.classicAddress, message, blob), signatureKind: "signature" })).toBe(false);
    expect(await verifier.verify({ ...compactProof(wallet, message), signatureKind: "signedTx" })).toBe(false);
  });
});
