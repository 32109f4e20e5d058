/**
 * verifier.check(): every failure code, each produced by a proof built with the reference XRPL
 * libraries (ripple-keypairs `sign`, xrpl.js `Wallet.sign` and `multisign`, ripple-binary-codec
 * `encode`), the order in which codes win when several things are wrong, what a success reports,
 * and that `verify` is exactly `check(...).ok`.
 */
import { readFileSync } from "node:fs";
import { decode, encode, encodeForSigning } from "ripple-binary-codec";
import { sign } from "ripple-keypairs";
import { describe, expect, it, vi } from "vitest";
import { LedgerUnavailableError } from "../../src/errors.js";
import { CHECK_FAILURE_CODES, compactSignature, createVerifier, signedTransaction } from "../../src/verify/index.js";
import type { CheckFailureCode, CheckResult, LedgerReader, VerificationStrategy, VerifyRequest } from "../../src/verify/types.js";
import { memoryLedger, type MemoryAccount } from "./memory-ledger.js";
import {
  compactProof,
  handSignedTx,
  keyAddressOf,
  memoFor,
  multiSignedTx,
  regularKeyWallet,
  SEEDS,
  signedTxRequest,
  signInAccountSet,
  signInMessage,
  txnSignatureOf,
  utf8Hex,
  walletFor,
  walletSignedTx,
} from "./proofs.js";

function verifierOver(
  accounts: Record<string, MemoryAccount>,
  options: { ledger?: "if-needed" | "always" | "never"; networkId?: number } = {},
) {
  const warnings: string[] = [];
  const errors: string[] = [];
  const logger = { warn: (text: string) => void warnings.push(text), error: (text: string) => void errors.push(text) };
  const verifier = createVerifier({
    ledgerReader: memoryLedger(accounts),
    strategies: [
      compactSignature(options.ledger === undefined ? {} : { ledger: options.ledger }),
      signedTransaction(options.networkId === undefined ? {} : { networkId: options.networkId }),
    ],
    logger,
  });
  return { verifier, warnings, errors };
}

/** check() and verify() on the same request; they must agree. */
async function checked(verifier: ReturnType<typeof createVerifier>, request: unknown): Promise<CheckResult> {
  const result = await verifier.check(request as VerifyRequest);
  expect(await verifier.verify(request as VerifyRequest)).toBe(result.ok);
  return result;
}

function flipHexDigit(hex: string, index: number): string {
  return `${hex.slice(0, index)}${hex[index] === "0" ? "1" : "0"}${hex.slice(index + 1)}`;
}

function withTamperedSignature(blob: string): string {
  const decoded = decode(blob);
  return encode({ ...decoded, TxnSignature: flipHexDigit(txnSignatureOf(decoded), 10) });
}

describe("check() successes", () => {
  it.each(["ed25519", "secp256k1"] as const)("reports the master key that signed a compact %s proof", async (algorithm) => {
    const wallet = walletFor(algorithm, SEEDS[algorithm]);
    const { verifier } = verifierOver({});
    expect(await checked(verifier, compactProof(wallet, signInMessage(wallet.classicAddress)))).toEqual({
      ok: true,
      address: wallet.classicAddress,
      signatureKind: "signature",
      authority: "master",
      publicKey: wallet.publicKey,
      algorithm,
    });
  });

  it("reports the key it recovered when the request had none", async () => {
    const wallet = walletFor("secp256k1", SEEDS.secp256k1);
    const { verifier } = verifierOver({});
    const result = await checked(verifier, compactProof(wallet, signInMessage(wallet.classicAddress), { withPublicKey: false }));
    expect(result).toMatchObject({ ok: true, authority: "master", publicKey: wallet.publicKey, algorithm: "secp256k1" });
  });

  it("reports a regular key, for both proof kinds", async () => {
    const master = walletFor("ed25519");
    const regular = regularKeyWallet(master.classicAddress, "secp256k1");
    const { verifier } = verifierOver({ [master.classicAddress]: { masterDisabled: true, regularKey: keyAddressOf(regular) } });
    const message = signInMessage(master.classicAddress);
    const expected = {
      ok: true,
      address: master.classicAddress,
      authority: "regular",
      publicKey: regular.publicKey,
      algorithm: "secp256k1",
    };
    expect(await checked(verifier, compactProof(regular, message))).toEqual({ ...expected, signatureKind: "signature" });
    const blob = walletSignedTx(regular, signInAccountSet(master.classicAddress, message));
    expect(await checked(verifier, signedTxRequest(master.classicAddress, message, blob))).toEqual({
      ...expected,
      signatureKind: "signedTx",
    });
  });

  it("reports the master key of an unfunded account signing a transaction (accepted: only that key can exist)", async () => {
    const wallet = walletFor("ed25519", SEEDS.ed25519);
    const { verifier } = verifierOver({});
    const message = signInMessage(wallet.classicAddress);
    const blob = walletSignedTx(wallet, signInAccountSet(wallet.classicAddress, message));
    expect(await checked(verifier, signedTxRequest(wallet.classicAddress, message, blob))).toEqual({
      ok: true,
      address: wallet.classicAddress,
      signatureKind: "signedTx",
      authority: "master",
      publicKey: wallet.publicKey,
      algorithm: "ed25519",
    });
  });

  it("reports the signers that counted for a multi-signed transaction, and no key", async () => {
    const account = walletFor("ed25519");
    const signers = [walletFor("secp256k1"), walletFor("ed25519")];
    const { verifier } = verifierOver({
      [account.classicAddress]: {
        masterDisabled: true,
        signerList: { quorum: 2, signers: signers.map((signer) => ({ account: signer.classicAddress, weight: 1 })) },
      },
    });
    const message = signInMessage(account.classicAddress);
    const result = await checked(
      verifier,
      signedTxRequest(account.classicAddress, message, multiSignedTx(account.classicAddress, message, signers)),
    );
    expect(result).toMatchObject({
      ok: true,
      address: account.classicAddress,
      signatureKind: "signedTx",
      authority: "multisig",
      publicKey: null,
      algorithm: null,
    });
    expect(result.ok && [...(result.signers ?? [])].sort()).toEqual(signers.map((signer) => signer.classicAddress).sort());
  });
});

describe("check() failure codes: compact signatures", () => {
  const wallet = walletFor("ed25519", SEEDS.ed25519);
  const message = signInMessage(wallet.classicAddress);
  const good = compactProof(wallet, message);

  it.each([
    ["a request that is not an object", "not a request"],
    ["an unknown signatureKind", { ...good, signatureKind: "personal_sign" }],
    ["a missing signatureKind", { ...good, signatureKind: undefined }],
    ["a signature that is not hex", { ...good, signature: `${good.signature!.slice(0, -2)}ZZ` }],
    ["a publicKey of the wrong length", { ...good, publicKey: `${good.publicKey!}00` }],
    ["an address that is not shaped like one", { ...good, address: "not an address" }],
    [
      "an address with a bad checksum",
      { ...good, address: `${wallet.classicAddress.slice(0, -1)}${wallet.classicAddress.endsWith("a") ? "b" : "a"}` },
    ],
    ["an empty message", { ...good, message: "" }],
  ])("malformed_request for %s", async (_name, request) => {
    const { verifier } = verifierOver({});
    expect(await checked(verifier, request)).toMatchObject({ ok: false, code: "malformed_request" });
  });

  it("malformed_request when reading a field throws", async () => {
    const request = { ...good };
    Object.defineProperty(request, "signature", {
      get() {
        throw new Error("boom");
      },
      enumerable: true,
    });
    const { verifier, errors } = verifierOver({});
    expect(await checked(verifier, request)).toMatchObject({ ok: false, code: "malformed_request" });
    expect(errors).toEqual([]);
  });

  it.each([
    ["a signature over another message", { ...good, message: `${message} ` }],
    ["a tampered signature", { ...good, signature: flipHexDigit(good.signature!, 6) }],
    ["a publicKey that did not sign", { ...good, publicKey: walletFor("ed25519").publicKey }],
    ["an ed25519 signature without its publicKey", { ...good, publicKey: undefined }],
  ])("invalid_signature for %s", async (_name, request) => {
    const { verifier } = verifierOver({});
    expect(await checked(verifier, request)).toMatchObject({ ok: false, code: "invalid_signature" });
  });

  it("address_mismatch when another account's master key signed and the ledger is not read", async () => {
    const other = walletFor("secp256k1");
    const { verifier } = verifierOver({}, { ledger: "never" });
    const result = await checked(verifier, compactProof(wallet, message, { address: other.classicAddress }));
    expect(result).toMatchObject({ ok: false, code: "address_mismatch" });
    expect(!result.ok && result.detail).toContain(wallet.classicAddress);
  });

  it("account_not_found when a key other than the master key signs for an account not on the ledger", async () => {
    const master = walletFor("ed25519");
    const { verifier } = verifierOver({});
    const result = await checked(verifier, compactProof(regularKeyWallet(master.classicAddress), signInMessage(master.classicAddress)));
    expect(result).toMatchObject({ ok: false, code: "account_not_found" });
  });

  it("key_not_authorized when the key is neither the master nor the regular key", async () => {
    const master = walletFor("ed25519");
    const stranger = regularKeyWallet(master.classicAddress);
    const { verifier } = verifierOver({
      [master.classicAddress]: { masterDisabled: false, regularKey: walletFor("ed25519").classicAddress },
    });
    expect(await checked(verifier, compactProof(stranger, signInMessage(master.classicAddress)))).toMatchObject({
      ok: false,
      code: "key_not_authorized",
    });
  });

  it("master_disabled when the ledger is read (ledger: always) and the master key is disabled", async () => {
    const { verifier } = verifierOver(
      { [wallet.classicAddress]: { masterDisabled: true, regularKey: walletFor("ed25519").classicAddress } },
      { ledger: "always" },
    );
    expect(await checked(verifier, good)).toMatchObject({ ok: false, code: "master_disabled" });
  });
});

describe("check() failure codes: signed transactions", () => {
  function setup(accounts: Record<string, MemoryAccount> = {}, options: { networkId?: number } = {}) {
    return verifierOver(accounts, options).verifier;
  }

  it.each([
    ["a blob that is not hex", (blob: string) => `${blob.slice(0, -2)}ZZ`],
    ["a truncated blob", (blob: string) => blob.slice(0, -2)],
    ["a blob with trailing bytes", (blob: string) => `${blob}00`],
    ["fields out of canonical order", (blob: string) => `2400000000120003${blob.slice(16)}`],
    ["an empty blob", () => ""],
  ])("malformed_request for %s", async (_name, mangle) => {
    const wallet = walletFor("ed25519");
    const message = signInMessage(wallet.classicAddress);
    const blob = walletSignedTx(wallet, signInAccountSet(wallet.classicAddress, message));
    expect(blob.startsWith("1200032400000000")).toBe(true);
    expect(await checked(setup(), signedTxRequest(wallet.classicAddress, message, mangle(blob)))).toMatchObject({
      ok: false,
      code: "malformed_request",
    });
  });

  it.each([
    [
      "an AccountSet with a live Sequence",
      (account: string, message: string) => signInAccountSet(account, message, { Sequence: 7, Fee: "12" }),
    ],
    [
      "an AccountSet that sets a Domain",
      (account: string, message: string) => signInAccountSet(account, message, { Domain: utf8Hex("example.com") }),
    ],
    [
      "a Payment to another account",
      (account: string, message: string) => ({
        TransactionType: "Payment",
        Account: account,
        Destination: walletFor("ed25519").classicAddress,
        Amount: "1",
        Fee: "12",
        Sequence: 1,
        Memos: memoFor(message),
      }),
    ],
    [
      "a SetRegularKey",
      (account: string, message: string) => ({
        TransactionType: "SetRegularKey",
        Account: account,
        Fee: "0",
        Sequence: 0,
        Memos: memoFor(message),
      }),
    ],
  ])("unsafe_transaction for %s", async (_name, build) => {
    const wallet = walletFor("secp256k1");
    const message = signInMessage(wallet.classicAddress);
    const blob = handSignedTx(wallet, build(wallet.classicAddress, message));
    expect(await checked(setup(), signedTxRequest(wallet.classicAddress, message, blob))).toMatchObject({
      ok: false,
      code: "unsafe_transaction",
    });
  });

  it("address_mismatch when the transaction is for another account", async () => {
    const wallet = walletFor("ed25519");
    const other = walletFor("ed25519");
    const message = signInMessage(other.classicAddress);
    const blob = walletSignedTx(wallet, signInAccountSet(wallet.classicAddress, message));
    const result = await checked(setup(), signedTxRequest(other.classicAddress, message, blob));
    expect(result).toMatchObject({ ok: false, code: "address_mismatch" });
    expect(!result.ok && result.detail).toContain(wallet.classicAddress);
  });

  it.each([
    ["a first memo with another text", (account: string, message: string) => signInAccountSet(account, `${message}.`)],
    [
      "the message in the second memo only",
      (account: string, message: string) => ({
        ...signInAccountSet(account, message),
        Memos: [{ Memo: { MemoData: utf8Hex("other") } }, ...memoFor(message)],
      }),
    ],
    ["no memo at all", (account: string) => ({ TransactionType: "AccountSet", Account: account, Fee: "0", Sequence: 0 })],
  ])("message_mismatch for %s", async (_name, build) => {
    const wallet = walletFor("ed25519");
    const message = signInMessage(wallet.classicAddress);
    const blob = walletSignedTx(wallet, build(wallet.classicAddress, message));
    expect(await checked(setup(), signedTxRequest(wallet.classicAddress, message, blob))).toMatchObject({
      ok: false,
      code: "message_mismatch",
    });
  });

  it("invalid_signature for a tampered signature and for a signature by another key", async () => {
    const wallet = walletFor("secp256k1");
    const message = signInMessage(wallet.classicAddress);
    const blob = walletSignedTx(wallet, signInAccountSet(wallet.classicAddress, message));
    const verifier = setup();
    expect(await checked(verifier, signedTxRequest(wallet.classicAddress, message, withTamperedSignature(blob)))).toMatchObject({
      ok: false,
      code: "invalid_signature",
    });
    const decoded = decode(blob);
    const forged = encode({ ...decoded, TxnSignature: sign(encodeForSigning(decoded), walletFor("secp256k1").privateKey) });
    expect(await checked(verifier, signedTxRequest(wallet.classicAddress, message, forged))).toMatchObject({
      ok: false,
      code: "invalid_signature",
    });
  });

  it("network_mismatch when NetworkID names another network than the expected one", async () => {
    const wallet = walletFor("ed25519");
    const message = signInMessage(wallet.classicAddress);
    const blob = handSignedTx(wallet, signInAccountSet(wallet.classicAddress, message, { NetworkID: 21338 }));
    expect(await checked(setup({}, { networkId: 1 }), signedTxRequest(wallet.classicAddress, message, blob))).toMatchObject({
      ok: false,
      code: "network_mismatch",
    });
    const viaVerifier = createVerifier({ ledgerReader: memoryLedger({}), networkId: 1 });
    expect(await checked(viaVerifier, signedTxRequest(wallet.classicAddress, message, blob))).toMatchObject({
      ok: false,
      code: "network_mismatch",
    });
    const viaChainId = createVerifier({ ledgerReader: memoryLedger({}), chainId: "xrpl:21338" });
    expect(await checked(viaChainId, signedTxRequest(wallet.classicAddress, message, blob))).toMatchObject({ ok: true });
  });

  it("account_not_found when a regular key signs for an account not on the ledger", async () => {
    const master = walletFor("ed25519");
    const regular = regularKeyWallet(master.classicAddress);
    const message = signInMessage(master.classicAddress);
    const blob = walletSignedTx(regular, signInAccountSet(master.classicAddress, message));
    expect(await checked(setup(), signedTxRequest(master.classicAddress, message, blob))).toMatchObject({
      ok: false,
      code: "account_not_found",
    });
  });

  it("master_disabled when the master key signs for an account that disabled it", async () => {
    const wallet = walletFor("ed25519");
    const message = signInMessage(wallet.classicAddress);
    const blob = walletSignedTx(wallet, signInAccountSet(wallet.classicAddress, message));
    const verifier = setup({ [wallet.classicAddress]: { masterDisabled: true, regularKey: walletFor("ed25519").classicAddress } });
    expect(await checked(verifier, signedTxRequest(wallet.classicAddress, message, blob))).toMatchObject({
      ok: false,
      code: "master_disabled",
    });
  });

  it("key_not_authorized when the key is not the account's regular key", async () => {
    const master = walletFor("ed25519");
    const stranger = regularKeyWallet(master.classicAddress, "secp256k1");
    const message = signInMessage(master.classicAddress);
    const blob = walletSignedTx(stranger, signInAccountSet(master.classicAddress, message));
    expect(
      await checked(setup({ [master.classicAddress]: { masterDisabled: false } }), signedTxRequest(master.classicAddress, message, blob)),
    ).toMatchObject({
      ok: false,
      code: "key_not_authorized",
    });
  });

  describe("multi-signed", () => {
    const account = walletFor("ed25519");
    const signers = [walletFor("secp256k1"), walletFor("ed25519"), walletFor("secp256k1")];
    const message = signInMessage(account.classicAddress);
    const list = (quorum: number): MemoryAccount => ({
      masterDisabled: true,
      signerList: { quorum, signers: signers.slice(0, 2).map((signer) => ({ account: signer.classicAddress, weight: 1 })) },
    });

    it("quorum_not_met when the signers' weights stay below the quorum", async () => {
      const blob = multiSignedTx(account.classicAddress, message, [signers[0]!]);
      const result = await checked(setup({ [account.classicAddress]: list(2) }), signedTxRequest(account.classicAddress, message, blob));
      expect(result).toMatchObject({ ok: false, code: "quorum_not_met" });
      expect(!result.ok && result.detail).toMatch(/add up to 1, below the quorum of 2/u);
    });

    it("key_not_authorized when a signer is not on the list, or the account has no list", async () => {
      const outsider = multiSignedTx(account.classicAddress, message, [signers[0]!, signers[2]!]);
      expect(
        await checked(setup({ [account.classicAddress]: list(1) }), signedTxRequest(account.classicAddress, message, outsider)),
      ).toMatchObject({
        ok: false,
        code: "key_not_authorized",
      });
      const blob = multiSignedTx(account.classicAddress, message, [signers[0]!]);
      expect(
        await checked(
          setup({ [account.classicAddress]: { masterDisabled: false } }),
          signedTxRequest(account.classicAddress, message, blob),
        ),
      ).toMatchObject({
        ok: false,
        code: "key_not_authorized",
      });
    });

    it("master_disabled when a signer signs with the master key it disabled", async () => {
      const blob = multiSignedTx(account.classicAddress, message, [signers[0]!]);
      const accounts = { [account.classicAddress]: list(1), [signers[0]!.classicAddress]: { masterDisabled: true } };
      expect(await checked(setup(accounts), signedTxRequest(account.classicAddress, message, blob))).toMatchObject({
        ok: false,
        code: "master_disabled",
      });
    });

    it("account_not_found when the account is not on the ledger", async () => {
      const blob = multiSignedTx(account.classicAddress, message, [signers[0]!]);
      expect(await checked(setup(), signedTxRequest(account.classicAddress, message, blob))).toMatchObject({
        ok: false,
        code: "account_not_found",
      });
    });

    it("invalid_signature when signers are out of order", async () => {
      const decoded = decode(multiSignedTx(account.classicAddress, message, signers.slice(0, 2)));
      const reversed = encode({ ...decoded, Signers: [...(decoded["Signers"] as unknown[])].reverse() });
      expect(
        await checked(setup({ [account.classicAddress]: list(1) }), signedTxRequest(account.classicAddress, message, reversed)),
      ).toMatchObject({
        ok: false,
        code: "invalid_signature",
      });
    });
  });
});

describe("check() failure codes: the ledger node's network", () => {
  it("network_mismatch when the only node serves another network", async () => {
    const { startMockRippled } = await import("../support/mock-rippled.js");
    const node = await startMockRippled({ networkId: 1 });
    const verifier = createVerifier({ nodeUrl: node.url, networkId: 0, connectTimeoutMs: 1000, requestTimeoutMs: 1000 });
    try {
      const master = walletFor("ed25519");
      const regular = regularKeyWallet(master.classicAddress);
      node.setAccount(master.classicAddress, { regularKey: keyAddressOf(regular) });
      const result = await checked(verifier, compactProof(regular, signInMessage(master.classicAddress)));
      expect(result).toMatchObject({ ok: false, code: "network_mismatch" });
      expect(!result.ok && result.detail).toMatch(/serves network 1, not 0/u);
      expect(node.requestCount("account_info")).toBe(0);
    } finally {
      await verifier.close();
      await node.stop();
    }
  });
});

describe("check() precedence when several things are wrong", () => {
  const wallet = walletFor("ed25519");
  const other = walletFor("ed25519");
  const message = signInMessage(wallet.classicAddress);

  it("compact: a malformed field wins over a bad signature; a bad checksum wins over everything", async () => {
    const { verifier } = verifierOver({});
    const proof = compactProof(wallet, message);
    expect(await checked(verifier, { ...proof, signature: flipHexDigit(proof.signature!, 4), publicKey: "zz" })).toMatchObject({
      code: "malformed_request",
    });
    const badChecksum = `${wallet.classicAddress.slice(0, -1)}${wallet.classicAddress.endsWith("a") ? "b" : "a"}`;
    expect(await checked(verifier, { ...proof, signature: flipHexDigit(proof.signature!, 4), address: badChecksum })).toMatchObject({
      code: "malformed_request",
    });
    const never = verifierOver({}, { ledger: "never" }).verifier;
    expect(await checked(never, { ...proof, address: badChecksum })).toMatchObject({ code: "malformed_request" });
  });

  it("signedTx: unsafe > address > message > signature > network > account rules", async () => {
    const { verifier } = verifierOver({ [wallet.classicAddress]: { masterDisabled: true } }, { networkId: 0 });
    const sign = (tx: Record<string, unknown>) => handSignedTx(wallet, tx);
    const base = (extra: Record<string, unknown> = {}) => signInAccountSet(wallet.classicAddress, message, extra);
    const unsafeForOther = sign({ ...base({ Sequence: 3 }), Memos: memoFor("other") });
    expect(await checked(verifier, signedTxRequest(other.classicAddress, message, unsafeForOther))).toMatchObject({
      code: "unsafe_transaction",
    });
    const otherMemo = sign({ ...base(), Memos: memoFor("other") });
    expect(await checked(verifier, signedTxRequest(other.classicAddress, message, otherMemo))).toMatchObject({ code: "address_mismatch" });
    expect(await checked(verifier, signedTxRequest(wallet.classicAddress, message, withTamperedSignature(otherMemo)))).toMatchObject({
      code: "message_mismatch",
    });
    const otherNetwork = sign(base({ NetworkID: 1 }));
    expect(await checked(verifier, signedTxRequest(wallet.classicAddress, message, withTamperedSignature(otherNetwork)))).toMatchObject({
      code: "invalid_signature",
    });
    // The master key is disabled too, but the network is judged first.
    expect(await checked(verifier, signedTxRequest(wallet.classicAddress, message, otherNetwork))).toMatchObject({
      code: "network_mismatch",
    });
    expect(await checked(verifier, signedTxRequest(wallet.classicAddress, message, sign(base())))).toMatchObject({
      code: "master_disabled",
    });
  });

  it("lists every code once, in the order the guide gives, and the guide explains each", () => {
    // Every CheckFailureCode is in the list (this line stops compiling when one is missing).
    const complete: Exclude<CheckFailureCode, (typeof CHECK_FAILURE_CODES)[number]> extends never ? true : never = true;
    expect(complete).toBe(true);
    expect(new Set(CHECK_FAILURE_CODES).size).toBe(CHECK_FAILURE_CODES.length);
    const guide = readFileSync(new URL("../../docs/verification.md", import.meta.url), "utf8");
    const order = guide.slice(guide.indexOf("### When several things are wrong"), guide.indexOf("### Custom strategies"));
    const mentioned = [...order.matchAll(/`([a-z_]+)`/gu)]
      .map((match) => match[1])
      .filter((code) => (CHECK_FAILURE_CODES as readonly string[]).includes(code!));
    expect([...new Set(mentioned)]).toEqual([...CHECK_FAILURE_CODES]);
    for (const code of CHECK_FAILURE_CODES) expect(guide).toContain(`| \`${code}\` |`);
  });
});

describe("check() logging", () => {
  it("logs each refusal once at warn with its code, without the message text", async () => {
    const wallet = walletFor("ed25519");
    const message = signInMessage(wallet.classicAddress, "secretnonce12345");
    const { verifier, warnings, errors } = verifierOver({});
    const proof = compactProof(wallet, message);
    await verifier.check({ ...proof, message: `${message} ` });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^sign-in-with-xrpl: sign-in proof refused \(invalid_signature\): [^\n]+$/u);
    expect(warnings[0]).not.toContain("secretnonce12345");
    expect(warnings[0]).not.toContain(proof.signature!);
    await verifier.check(proof);
    expect(warnings).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});

describe("check() with custom strategies", () => {
  const ledgerReader: LedgerReader = memoryLedger({});

  it("maps a verify-only strategy's false to invalid_signature naming it, and true to an unknown authority", async () => {
    const passkey: VerificationStrategy = { kind: "passkey", verify: (request) => Promise.resolve(request.message === "ok") };
    const verifier = createVerifier({ ledgerReader, strategies: [passkey] });
    const refused = await checked(verifier, { signatureKind: "passkey", message: "no", address: "rAlice" });
    expect(refused).toMatchObject({ ok: false, code: "invalid_signature" });
    expect(!refused.ok && refused.detail).toContain('"passkey"');
    expect(await checked(verifier, { signatureKind: "passkey", message: "ok", address: "rAlice" })).toEqual({
      ok: true,
      address: "rAlice",
      signatureKind: "passkey",
      authority: "unknown",
      publicKey: null,
      algorithm: null,
    });
  });

  it("passes a strategy's own check result through, and refuses one that is not a result", async () => {
    const logger = { warn: vi.fn(), error: vi.fn() };
    const custom: VerificationStrategy = {
      kind: "custom",
      verify: () => Promise.resolve(true),
      check: (request) =>
        Promise.resolve(
          request.message === "bogus"
            ? ({ ok: "maybe" } as never)
            : request.message === "ok"
              ? { ok: true, address: "rBob", signatureKind: "custom", authority: "regular", publicKey: null, algorithm: null }
              : { ok: false, code: "key_not_authorized", detail: "Not Bob's key." },
        ),
    };
    const verifier = createVerifier({ ledgerReader, strategies: [custom], logger });
    expect(await checked(verifier, { signatureKind: "custom", message: "ok" })).toMatchObject({
      ok: true,
      address: "rBob",
      authority: "regular",
    });
    expect(await checked(verifier, { signatureKind: "custom", message: "no" })).toEqual({
      ok: false,
      code: "key_not_authorized",
      detail: "Not Bob's key.",
    });
    expect(await checked(verifier, { signatureKind: "custom", message: "bogus" })).toMatchObject({ ok: false, code: "invalid_signature" });
    expect(logger.error).toHaveBeenCalled();
  });

  it("refuses with invalid_signature and logs an error when a strategy throws; rejects only for LedgerUnavailableError", async () => {
    const logger = { warn: vi.fn(), error: vi.fn() };
    const throwing: VerificationStrategy = { kind: "broken", verify: () => Promise.reject(new TypeError("bug")) };
    const unavailable: VerificationStrategy = { kind: "offline", verify: () => Promise.reject(new LedgerUnavailableError("down")) };
    const verifier = createVerifier({ ledgerReader, strategies: [throwing, unavailable], logger });
    expect(await checked(verifier, { signatureKind: "broken" })).toMatchObject({ ok: false, code: "invalid_signature" });
    expect(logger.error).toHaveBeenCalledTimes(2);
    await expect(verifier.check({ signatureKind: "offline" } as never)).rejects.toBeInstanceOf(LedgerUnavailableError);
  });
});
