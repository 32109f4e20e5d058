import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { decode, encode } from "ripple-binary-codec";
import { sign } from "ripple-keypairs";
import { encodeForSigning } from "ripple-binary-codec";
import type { Wallet } from "xrpl";
import { LedgerUnavailableError } from "../../src/errors.js";
import { createVerifier, signedTransaction } from "../../src/verify/index.js";
import type { Verifier } from "../../src/verify/types.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import {
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
  xamanSignIn,
} from "./proofs.js";

const LSF_DISABLE_MASTER = 0x00100000;

let node: MockRippled;
const verifiers: Verifier[] = [];

function verifierWith(options: { networkId?: number } = {}): Verifier {
  const verifier = createVerifier({
    nodeUrl: node.url,
    connectTimeoutMs: 1000,
    requestTimeoutMs: 1000,
    strategies: [signedTransaction(options)],
  });
  verifiers.push(verifier);
  return verifier;
}

beforeAll(async () => {
  node = await startMockRippled({ networkId: 0 });
});
afterAll(async () => {
  await Promise.all(verifiers.map((verifier) => verifier.close()));
  await node.stop();
});
beforeEach(() => {
  node.setBehaviour("normal");
  node.setNetworkId(0);
});

function funded(algorithm: "ed25519" | "secp256k1" = "ed25519", seed?: string): Wallet {
  const wallet = walletFor(algorithm, seed);
  node.setAccount(wallet.classicAddress, {});
  return wallet;
}

describe.each(["ed25519", "secp256k1"] as const)("single-signed %s transaction", (algorithm) => {
  it("accepts the sign-in AccountSet signed with xrpl.js Wallet.sign (Ledger, WalletConnect)", async () => {
    const wallet = funded(algorithm, SEEDS[algorithm]);
    const message = signInMessage(wallet.classicAddress);
    const blob = walletSignedTx(wallet, signInAccountSet(wallet.classicAddress, message));
    expect(await verifierWith().verify(signedTxRequest(wallet.classicAddress, message, blob))).toBe(true);
  });

  it("accepts a hand-encoded Xaman SignIn pseudo-transaction (no TransactionType)", async () => {
    const wallet = funded(algorithm);
    const message = signInMessage(wallet.classicAddress);
    const blob = xamanSignIn(wallet, message);
    expect(decode(blob)["TransactionType"]).toBeUndefined();
    expect(await verifierWith().verify(signedTxRequest(wallet.classicAddress, message, blob))).toBe(true);
  });

  it("accepts an XRP Payment to the account itself", async () => {
    const wallet = funded(algorithm);
    const message = signInMessage(wallet.classicAddress);
    const blob = walletSignedTx(wallet, {
      TransactionType: "Payment",
      Account: wallet.classicAddress,
      Destination: wallet.classicAddress,
      Amount: "1",
      Fee: "12",
      Sequence: 5,
      Memos: memoFor(message),
    });
    expect(await verifierWith().verify(signedTxRequest(wallet.classicAddress, message, blob))).toBe(true);
  });
});

describe("signed transaction blob form", () => {
  it("accepts the blob in lowercase hex (bytes are compared, not text)", async () => {
    const wallet = funded();
    const message = signInMessage(wallet.classicAddress);
    const blob = walletSignedTx(wallet, signInAccountSet(wallet.classicAddress, message));
    expect(await verifierWith().verify(signedTxRequest(wallet.classicAddress, message, blob.toLowerCase()))).toBe(true);
  });

  it("rejects a truncated blob that ripple-binary-codec still decodes", async () => {
    const wallet = funded();
    const message = signInMessage(wallet.classicAddress);
    const blob = walletSignedTx(wallet, signInAccountSet(wallet.classicAddress, message));
    const truncated = blob.slice(0, -2);
    expect(() => decode(truncated)).not.toThrow();
    expect(await verifierWith().verify(signedTxRequest(wallet.classicAddress, message, truncated))).toBe(false);
  });

  it("rejects a blob with trailing bytes, non-hex characters, odd length, or nothing", async () => {
    const wallet = funded();
    const message = signInMessage(wallet.classicAddress);
    const blob = walletSignedTx(wallet, signInAccountSet(wallet.classicAddress, message));
    const verifier = verifierWith();
    for (const bad of [`${blob}00`, `${blob.slice(0, -2)}ZZ`, blob.slice(0, -1), "", "00", "1200", `0x${blob}`]) {
      expect(await verifier.verify(signedTxRequest(wallet.classicAddress, message, bad))).toBe(false);
    }
  });

  it("rejects fields out of canonical order (a non-canonical encoding of the same transaction)", async () => {
    const wallet = funded();
    const message = signInMessage(wallet.classicAddress);
    const blob = walletSignedTx(wallet, signInAccountSet(wallet.classicAddress, message));
    // TransactionType (1200 0003) then Sequence (24 00000000): swap their encodings.
    expect(blob.startsWith("120003")).toBe(true);
    expect(blob.slice(6, 16)).toBe("2400000000");
    const swapped = `2400000000120003${blob.slice(16)}`;
    expect(await verifierWith().verify(signedTxRequest(wallet.classicAddress, message, swapped))).toBe(false);
  });

  it("rejects non-string and missing txBlob", async () => {
    const wallet = funded();
    const message = signInMessage(wallet.classicAddress);
    const verifier = verifierWith();
    for (const txBlob of [undefined, null, 12, {}, ["12"]]) {
      expect(await verifier.verify({ message, signatureKind: "signedTx", address: wallet.classicAddress, txBlob } as never)).toBe(false);
    }
  });
});

describe("signed transaction binding to the request", () => {
  it("rejects a transaction whose Account is not the address", async () => {
    const wallet = funded();
    const other = funded();
    const message = signInMessage(other.classicAddress);
    const blob = walletSignedTx(wallet, signInAccountSet(wallet.classicAddress, message));
    expect(await verifierWith().verify(signedTxRequest(other.classicAddress, message, blob))).toBe(false);
  });

  it("rejects a first memo that differs from the message by one character, or that is the second memo", async () => {
    const wallet = funded();
    const message = signInMessage(wallet.classicAddress);
    const verifier = verifierWith();
    const changed = walletSignedTx(wallet, signInAccountSet(wallet.classicAddress, `${message}.`));
    expect(await verifier.verify(signedTxRequest(wallet.classicAddress, message, changed))).toBe(false);
    const second = walletSignedTx(wallet, {
      ...signInAccountSet(wallet.classicAddress, message),
      Memos: [{ Memo: { MemoData: utf8Hex("other") } }, ...memoFor(message)],
    });
    expect(await verifier.verify(signedTxRequest(wallet.classicAddress, message, second))).toBe(false);
  });

  it("accepts further memos after the first one", async () => {
    const wallet = funded();
    const message = signInMessage(wallet.classicAddress);
    const blob = walletSignedTx(wallet, {
      ...signInAccountSet(wallet.classicAddress, message),
      Memos: [...memoFor(message), { Memo: { MemoData: utf8Hex("extra"), MemoType: utf8Hex("text/plain") } }],
    });
    expect(await verifierWith().verify(signedTxRequest(wallet.classicAddress, message, blob))).toBe(true);
  });

  it("rejects MemoData that is not strict UTF-8 (overlong encoding, lone surrogate, Latin-1)", async () => {
    const wallet = funded();
    const verifier = verifierWith();
    // "/" as an overlong 2-byte sequence C0 AF; a CESU surrogate ED A0 80; Latin-1 "é" E9.
    for (const [data, message] of [
      ["C0AF", "/"],
      ["EDA080", "\ud800"],
      ["E9", "é"],
    ] as const) {
      const blob = walletSignedTx(wallet, { ...signInAccountSet(wallet.classicAddress, "x"), Memos: [{ Memo: { MemoData: data } }] });
      expect(await verifier.verify(signedTxRequest(wallet.classicAddress, message, blob))).toBe(false);
    }
  });

  it("rejects a memo with a BOM in front of the message, and one without MemoData", async () => {
    const wallet = funded();
    const message = signInMessage(wallet.classicAddress);
    const verifier = verifierWith();
    const bom = walletSignedTx(wallet, {
      ...signInAccountSet(wallet.classicAddress, message),
      Memos: [{ Memo: { MemoData: `EFBBBF${utf8Hex(message)}` } }],
    });
    expect(await verifier.verify(signedTxRequest(wallet.classicAddress, message, bom))).toBe(false);
    const noData = walletSignedTx(wallet, {
      ...signInAccountSet(wallet.classicAddress, message),
      Memos: [{ Memo: { MemoType: utf8Hex(message) } }],
    });
    expect(await verifier.verify(signedTxRequest(wallet.classicAddress, message, noData))).toBe(false);
    const noMemos = walletSignedTx(wallet, { TransactionType: "AccountSet", Account: wallet.classicAddress, Fee: "0", Sequence: 0 });
    expect(await verifier.verify(signedTxRequest(wallet.classicAddress, message, noMemos))).toBe(false);
  });

  it("rejects a tampered signature and a signature by another key", async () => {
    const wallet = funded();
    const message = signInMessage(wallet.classicAddress);
    const tx = signInAccountSet(wallet.classicAddress, message);
    const decoded = decode(walletSignedTx(wallet, tx));
    const signature = txnSignatureOf(decoded);
    const flipped = `${signature.slice(0, 10)}${signature[10] === "0" ? "1" : "0"}${signature.slice(11)}`;
    const tampered = encode({ ...decoded, TxnSignature: flipped });
    expect(await verifierWith().verify(signedTxRequest(wallet.classicAddress, message, tampered))).toBe(false);
    const thief = walletFor("ed25519");
    const forged = encode({ ...decoded, TxnSignature: sign(encodeForSigning(decoded), thief.privateKey) });
    expect(await verifierWith().verify(signedTxRequest(wallet.classicAddress, message, forged))).toBe(false);
  });

  it("rejects a transaction with neither signature layout (no TxnSignature, or both layouts)", async () => {
    const wallet = funded();
    const message = signInMessage(wallet.classicAddress);
    const decoded = decode(walletSignedTx(wallet, signInAccountSet(wallet.classicAddress, message)));
    const { TxnSignature: _dropped, ...unsigned } = decoded;
    const verifier = verifierWith();
    expect(await verifier.verify(signedTxRequest(wallet.classicAddress, message, encode(unsigned as never)))).toBe(false);
    const both = encode({
      ...decoded,
      Signers: [{ Signer: { Account: wallet.classicAddress, SigningPubKey: wallet.publicKey, TxnSignature: txnSignatureOf(decoded) } }],
    });
    expect(await verifier.verify(signedTxRequest(wallet.classicAddress, message, both))).toBe(false);
  });
});

describe("harmless transaction policy", () => {
  const refused: [string, (account: string, message: string) => Record<string, unknown>][] = [
    ["AccountSet with SetFlag", (a, m) => signInAccountSet(a, m, { SetFlag: 4 })],
    ["AccountSet with ClearFlag", (a, m) => signInAccountSet(a, m, { ClearFlag: 4 })],
    ["AccountSet with Domain", (a, m) => signInAccountSet(a, m, { Domain: utf8Hex("example.com") })],
    ["AccountSet with EmailHash", (a, m) => signInAccountSet(a, m, { EmailHash: "0".repeat(32) })],
    ["AccountSet with TransferRate", (a, m) => signInAccountSet(a, m, { TransferRate: 1_100_000_000 })],
    ["AccountSet with TickSize", (a, m) => signInAccountSet(a, m, { TickSize: 5 })],
    ["AccountSet with NFTokenMinter", (a, m) => signInAccountSet(a, m, { NFTokenMinter: a })],
    ["AccountSet with a flag (tfRequireDestTag)", (a, m) => signInAccountSet(a, m, { Flags: 0x00010000 })],
    ["AccountSet with a live Sequence", (a, m) => signInAccountSet(a, m, { Sequence: 7, Fee: "12" })],
    ["AccountSet with TicketSequence", (a, m) => signInAccountSet(a, m, { TicketSequence: 3 })],
    ["AccountSet with Delegate", (a, m) => signInAccountSet(a, m, { Delegate: walletFor("ed25519").classicAddress })],
    ["AccountSet with AccountTxnID", (a, m) => signInAccountSet(a, m, { AccountTxnID: "A".repeat(64) })],
    ["SignIn with a Destination", (a, m) => ({ Account: a, Memos: memoFor(m), Destination: a })],
    ["SignIn with TicketSequence", (a, m) => ({ Account: a, Memos: memoFor(m), TicketSequence: 1 })],
    [
      "Payment to another account",
      (a, m) => ({
        TransactionType: "Payment",
        Account: a,
        Destination: walletFor("ed25519").classicAddress,
        Amount: "1",
        Fee: "12",
        Sequence: 1,
        Memos: memoFor(m),
      }),
    ],
    [
      "Payment to self of an issued currency",
      (a, m) => ({
        TransactionType: "Payment",
        Account: a,
        Destination: a,
        Amount: { currency: "USD", issuer: walletFor("ed25519").classicAddress, value: "1" },
        Fee: "12",
        Sequence: 1,
        Memos: memoFor(m),
      }),
    ],
    [
      "Payment to self with SendMax",
      (a, m) => ({
        TransactionType: "Payment",
        Account: a,
        Destination: a,
        Amount: "1",
        SendMax: "2",
        Fee: "12",
        Sequence: 1,
        Memos: memoFor(m),
      }),
    ],
    [
      "Payment to self with partial-payment flag",
      (a, m) => ({
        TransactionType: "Payment",
        Account: a,
        Destination: a,
        Amount: "1",
        Flags: 0x00020000,
        Fee: "12",
        Sequence: 1,
        Memos: memoFor(m),
      }),
    ],
    [
      "Payment to self with DestinationTag",
      (a, m) => ({
        TransactionType: "Payment",
        Account: a,
        Destination: a,
        DestinationTag: 1,
        Amount: "1",
        Fee: "12",
        Sequence: 1,
        Memos: memoFor(m),
      }),
    ],
    ["SetRegularKey", (a, m) => ({ TransactionType: "SetRegularKey", Account: a, Fee: "0", Sequence: 0, Memos: memoFor(m) })],
    [
      "SignerListSet",
      (a, m) => ({ TransactionType: "SignerListSet", Account: a, SignerQuorum: 0, Fee: "0", Sequence: 0, Memos: memoFor(m) }),
    ],
    [
      "TrustSet",
      (a, m) => ({
        TransactionType: "TrustSet",
        Account: a,
        LimitAmount: { currency: "USD", issuer: walletFor("ed25519").classicAddress, value: "1" },
        Fee: "0",
        Sequence: 0,
        Memos: memoFor(m),
      }),
    ],
    [
      "AccountDelete",
      (a, m) => ({
        TransactionType: "AccountDelete",
        Account: a,
        Destination: walletFor("ed25519").classicAddress,
        Fee: "0",
        Sequence: 0,
        Memos: memoFor(m),
      }),
    ],
    [
      "OfferCreate",
      (a, m) => ({ TransactionType: "OfferCreate", Account: a, TakerGets: "1", TakerPays: "1", Fee: "0", Sequence: 0, Memos: memoFor(m) }),
    ],
  ];

  it.each(refused)("refuses %s", async (_name, build) => {
    const wallet = funded();
    const message = signInMessage(wallet.classicAddress);
    const blob = handSignedTx(wallet, build(wallet.classicAddress, message));
    expect(await verifierWith().verify(signedTxRequest(wallet.classicAddress, message, blob))).toBe(false);
  });

  it("accepts tfFullyCanonicalSig, LastLedgerSequence and SourceTag on the sign-in AccountSet", async () => {
    const wallet = funded();
    const message = signInMessage(wallet.classicAddress);
    const blob = handSignedTx(
      wallet,
      signInAccountSet(wallet.classicAddress, message, { Flags: 0x80000000, LastLedgerSequence: 10, SourceTag: 42 }),
    );
    expect(await verifierWith().verify(signedTxRequest(wallet.classicAddress, message, blob))).toBe(true);
  });

  it("accepts an AccountSet with no Sequence at all", async () => {
    const wallet = funded();
    const message = signInMessage(wallet.classicAddress);
    const { Sequence: _sequence, ...tx } = signInAccountSet(wallet.classicAddress, message);
    const blob = handSignedTx(wallet, tx);
    expect(await verifierWith().verify(signedTxRequest(wallet.classicAddress, message, blob))).toBe(true);
  });
});

describe("NetworkID", () => {
  it("accepts a NetworkID equal to the configured networkId and refuses another", async () => {
    const wallet = funded();
    const message = signInMessage(wallet.classicAddress);
    const blob = handSignedTx(wallet, signInAccountSet(wallet.classicAddress, message, { NetworkID: 21338 }));
    expect(await verifierWith({ networkId: 21338 }).verify(signedTxRequest(wallet.classicAddress, message, blob))).toBe(true);
    expect(await verifierWith({ networkId: 1 }).verify(signedTxRequest(wallet.classicAddress, message, blob))).toBe(false);
  });

  it("without the option, compares with the network_id the node reports", async () => {
    const wallet = funded();
    const message = signInMessage(wallet.classicAddress);
    const blob = handSignedTx(wallet, signInAccountSet(wallet.classicAddress, message, { NetworkID: 21338 }));
    node.setNetworkId(21338);
    expect(await verifierWith().verify(signedTxRequest(wallet.classicAddress, message, blob))).toBe(true);
    node.setNetworkId(0);
    expect(await verifierWith().verify(signedTxRequest(wallet.classicAddress, message, blob))).toBe(false);
  });

  it("accepts a transaction without NetworkID whatever the network", async () => {
    const wallet = funded();
    const message = signInMessage(wallet.classicAddress);
    const blob = walletSignedTx(wallet, signInAccountSet(wallet.classicAddress, message));
    expect(await verifierWith({ networkId: 21338 }).verify(signedTxRequest(wallet.classicAddress, message, blob))).toBe(true);
  });

  it("rejects a negative or fractional networkId option", () => {
    expect(() => signedTransaction({ networkId: -1 })).toThrow(/sign-in-with-xrpl: signedTransaction/u);
    expect(() => signedTransaction({ networkId: 1.5 })).toThrow(/networkId must be an integer/u);
  });
});

describe("single-signed key authority", () => {
  it("accepts a regular key (xrpl.js Wallet with masterAddress)", async () => {
    const master = walletFor("ed25519");
    const regular = regularKeyWallet(master.classicAddress, "secp256k1");
    node.setAccount(master.classicAddress, { regularKey: keyAddressOf(regular), flags: LSF_DISABLE_MASTER });
    const message = signInMessage(master.classicAddress);
    const blob = walletSignedTx(regular, signInAccountSet(master.classicAddress, message));
    expect(await verifierWith().verify(signedTxRequest(master.classicAddress, message, blob))).toBe(true);
  });

  it("rejects a key that is not the regular key", async () => {
    const master = walletFor("ed25519");
    const stranger = regularKeyWallet(master.classicAddress);
    node.setAccount(master.classicAddress, { regularKey: walletFor("ed25519").classicAddress });
    const message = signInMessage(master.classicAddress);
    const blob = walletSignedTx(stranger, signInAccountSet(master.classicAddress, message));
    expect(await verifierWith().verify(signedTxRequest(master.classicAddress, message, blob))).toBe(false);
  });

  it("rejects a disabled master key (this kind always asks the ledger)", async () => {
    const wallet = walletFor("ed25519");
    node.setAccount(wallet.classicAddress, { flags: LSF_DISABLE_MASTER, regularKey: walletFor("ed25519").classicAddress });
    const message = signInMessage(wallet.classicAddress);
    const blob = walletSignedTx(wallet, signInAccountSet(wallet.classicAddress, message));
    expect(await verifierWith().verify(signedTxRequest(wallet.classicAddress, message, blob))).toBe(false);
  });

  it("accepts the master key of an account that is not on the ledger, and refuses any other key for it", async () => {
    const wallet = walletFor("ed25519");
    node.removeAccount(wallet.classicAddress);
    const message = signInMessage(wallet.classicAddress);
    const verifier = verifierWith();
    expect(await verifier.verify(signedTxRequest(wallet.classicAddress, message, xamanSignIn(wallet, message)))).toBe(true);
    const regular = regularKeyWallet(wallet.classicAddress);
    const blob = walletSignedTx(regular, signInAccountSet(wallet.classicAddress, message));
    expect(await verifier.verify(signedTxRequest(wallet.classicAddress, message, blob))).toBe(false);
  });

  it("asks the ledger for every signed-transaction proof, with signer_lists at the validated ledger", async () => {
    const wallet = funded();
    const message = signInMessage(wallet.classicAddress);
    const before = node.requestCount("account_info");
    const blob = walletSignedTx(wallet, signInAccountSet(wallet.classicAddress, message));
    expect(await verifierWith().verify(signedTxRequest(wallet.classicAddress, message, blob))).toBe(true);
    expect(node.requestCount("account_info")).toBe(before + 1);
  });

  it("rejects with LedgerUnavailableError when the node does not answer", async () => {
    const wallet = funded();
    const message = signInMessage(wallet.classicAddress);
    const blob = walletSignedTx(wallet, signInAccountSet(wallet.classicAddress, message));
    const verifier = createVerifier({ nodeUrl: node.url, connectTimeoutMs: 300, requestTimeoutMs: 300, strategies: [signedTransaction()] });
    verifiers.push(verifier);
    node.setBehaviour("silent");
    await expect(verifier.verify(signedTxRequest(wallet.classicAddress, message, blob))).rejects.toBeInstanceOf(LedgerUnavailableError);
  });

  it("answers false without the ledger for a bad signature even when the node is down", async () => {
    const wallet = funded();
    const message = signInMessage(wallet.classicAddress);
    const blob = walletSignedTx(wallet, signInAccountSet(wallet.classicAddress, `${message}!`));
    const verifier = createVerifier({ nodeUrl: node.url, connectTimeoutMs: 300, requestTimeoutMs: 300, strategies: [signedTransaction()] });
    verifiers.push(verifier);
    node.setBehaviour("silent");
    expect(await verifier.verify(signedTxRequest(wallet.classicAddress, message, blob))).toBe(false);
  });
});

describe("multi-signed transaction", () => {
  function multiSetup(weights: number[], quorum: number): { account: Wallet; signers: Wallet[] } {
    const account = walletFor("ed25519");
    const signers = weights.map((_, index) => walletFor(index % 2 === 0 ? "secp256k1" : "ed25519"));
    for (const signer of signers) node.setAccount(signer.classicAddress, {});
    node.setAccount(account.classicAddress, {
      flags: LSF_DISABLE_MASTER,
      signerList: { quorum, signers: signers.map((signer, index) => ({ account: signer.classicAddress, weight: weights[index]! })) },
    });
    return { account, signers };
  }

  it("accepts signatures whose weights reach the quorum (xrpl.js multisign)", async () => {
    const { account, signers } = multiSetup([1, 1, 1], 2);
    const message = signInMessage(account.classicAddress);
    const blob = multiSignedTx(account.classicAddress, message, [signers[0]!, signers[2]!]);
    expect(await verifierWith().verify(signedTxRequest(account.classicAddress, message, blob))).toBe(true);
  });

  it("rejects signatures whose weights stay below the quorum", async () => {
    const { account, signers } = multiSetup([1, 1, 1], 3);
    const message = signInMessage(account.classicAddress);
    const blob = multiSignedTx(account.classicAddress, message, [signers[0]!, signers[1]!]);
    expect(await verifierWith().verify(signedTxRequest(account.classicAddress, message, blob))).toBe(false);
  });

  it("rejects a signer that is not in the signer list", async () => {
    const { account, signers } = multiSetup([1, 1], 1);
    const outsider = walletFor("ed25519");
    node.setAccount(outsider.classicAddress, {});
    const message = signInMessage(account.classicAddress);
    const blob = multiSignedTx(account.classicAddress, message, [signers[0]!, outsider]);
    expect(await verifierWith().verify(signedTxRequest(account.classicAddress, message, blob))).toBe(false);
  });

  it("rejects when one signature is bad even if the others reach the quorum", async () => {
    const { account, signers } = multiSetup([1, 1], 1);
    const message = signInMessage(account.classicAddress);
    const decoded = decode(multiSignedTx(account.classicAddress, message, [signers[0]!, signers[1]!]));
    const entries = decoded["Signers"] as { Signer: { TxnSignature: string } }[];
    const signature = entries[1]!.Signer.TxnSignature;
    entries[1]!.Signer.TxnSignature = `${signature.slice(0, 20)}${signature[20] === "0" ? "1" : "0"}${signature.slice(21)}`;
    expect(await verifierWith().verify(signedTxRequest(account.classicAddress, message, encode(decoded as never)))).toBe(false);
  });

  it("accepts a signer that signs with its own regular key, and refuses its disabled master key", async () => {
    const { account, signers } = multiSetup([1], 1);
    const signerAccount = signers[0]!;
    const signerRegular = regularKeyWallet(signerAccount.classicAddress);
    node.setAccount(signerAccount.classicAddress, { regularKey: keyAddressOf(signerRegular), flags: LSF_DISABLE_MASTER });
    const message = signInMessage(account.classicAddress);
    const viaRegular = multiSignedTx(account.classicAddress, message, [signerRegular]);
    expect(await verifierWith().verify(signedTxRequest(account.classicAddress, message, viaRegular))).toBe(true);
    const viaMaster = multiSignedTx(account.classicAddress, message, [signerAccount]);
    expect(await verifierWith().verify(signedTxRequest(account.classicAddress, message, viaMaster))).toBe(false);
  });

  it("accepts a signer account that is not on the ledger when it signs with its master key", async () => {
    const { account, signers } = multiSetup([2], 2);
    node.removeAccount(signers[0]!.classicAddress);
    const message = signInMessage(account.classicAddress);
    const blob = multiSignedTx(account.classicAddress, message, [signers[0]!]);
    expect(await verifierWith().verify(signedTxRequest(account.classicAddress, message, blob))).toBe(true);
  });

  it("rejects multi-signing for an account that is not on the ledger", async () => {
    const { account, signers } = multiSetup([1], 1);
    node.removeAccount(account.classicAddress);
    const message = signInMessage(account.classicAddress);
    const blob = multiSignedTx(account.classicAddress, message, [signers[0]!]);
    expect(await verifierWith().verify(signedTxRequest(account.classicAddress, message, blob))).toBe(false);
  });

  it("rejects multi-signing for an account without a signer list", async () => {
    const account = walletFor("ed25519");
    const signer = funded();
    node.setAccount(account.classicAddress, {});
    const message = signInMessage(account.classicAddress);
    const blob = multiSignedTx(account.classicAddress, message, [signer]);
    expect(await verifierWith().verify(signedTxRequest(account.classicAddress, message, blob))).toBe(false);
  });

  it("rejects signers out of account-id order or repeated", async () => {
    const { account, signers } = multiSetup([1, 1], 2);
    const message = signInMessage(account.classicAddress);
    const decoded = decode(multiSignedTx(account.classicAddress, message, [signers[0]!, signers[1]!]));
    const entries = decoded["Signers"] as unknown[];
    const reversed = encode({ ...decoded, Signers: [...entries].reverse() });
    const repeated = encode({ ...decoded, Signers: [entries[0], entries[0]] });
    const verifier = verifierWith();
    expect(await verifier.verify(signedTxRequest(account.classicAddress, message, reversed))).toBe(false);
    expect(await verifier.verify(signedTxRequest(account.classicAddress, message, repeated))).toBe(false);
  });
});
