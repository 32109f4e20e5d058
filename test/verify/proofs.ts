/**
 * Builders for sign-in proofs made the way real wallets make them: ripple-keypairs `sign` over
 * the message's UTF-8 hex (GemWallet, Crossmark), xrpl.js `Wallet.sign` of a transaction carrying
 * the message in its first memo (Ledger, WalletConnect), a hand-encoded Xaman `SignIn`
 * pseudo-transaction, and xrpl.js `multisign`.
 */
import { encode, encodeForSigning } from "ripple-binary-codec";
import { deriveKeypair, sign } from "ripple-keypairs";
import { ECDSA, Wallet, multisign } from "xrpl";
import type { VerifyRequest } from "../../src/verify/types.js";

export const SEEDS = {
  ed25519: "sEdSKaCy2JT7JaM7v95H9SxkhP9wS2r",
  secp256k1: "sp5fghtJtpUorTwvof1NpDXAzNwf5",
} as const;

export function walletFor(algorithm: "ed25519" | "secp256k1", seed?: string): Wallet {
  if (seed !== undefined) return Wallet.fromSeed(seed, { algorithm: algorithm === "ed25519" ? ECDSA.ed25519 : ECDSA.secp256k1 });
  return Wallet.generate(algorithm === "ed25519" ? ECDSA.ed25519 : ECDSA.secp256k1);
}

export function signInMessage(address: string, nonce = "n0nce1234abcd"): string {
  return [
    "example.com wants you to sign in with your XRPL account:",
    address,
    "",
    "Sign in to Example. ünïcödé ✓",
    "",
    "URI: https://example.com/login",
    "Version: 1",
    "Chain ID: 0",
    `Nonce: ${nonce}`,
    "Issued At: 2026-11-21T09:00:00.000Z",
  ].join("\n");
}

export function utf8Hex(text: string): string {
  return Buffer.from(text, "utf8").toString("hex").toUpperCase();
}

/** A compact proof as GemWallet / Crossmark make it: keypairs `sign(utf8hex(message), privateKey)`. */
export function compactProof(wallet: Wallet, message: string, options: { address?: string; withPublicKey?: boolean } = {}): VerifyRequest {
  const request: VerifyRequest = {
    message,
    signatureKind: "signature",
    signature: sign(utf8Hex(message), wallet.privateKey),
    address: options.address ?? wallet.classicAddress,
  };
  if (options.withPublicKey !== false) request.publicKey = wallet.publicKey;
  return request;
}

export function memoFor(message: string): { Memo: { MemoData: string } }[] {
  return [{ Memo: { MemoData: utf8Hex(message) } }];
}

/** The AccountSet that transaction-only wallets are asked to sign (Sequence 0 and Fee "0", so no ledger can ever apply it). */
export function signInAccountSet(account: string, message: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { TransactionType: "AccountSet", Account: account, Fee: "0", Sequence: 0, Memos: memoFor(message), ...extra };
}

/** xrpl.js Wallet.sign (what Ledger / WalletConnect flows produce). */
export function walletSignedTx(wallet: Wallet, tx: Record<string, unknown>): string {
  return wallet.sign(tx as unknown as Parameters<Wallet["sign"]>[0]).tx_blob;
}

/**
 * Signs any encodable object by hand: SigningPubKey, then TxnSignature over encodeForSigning.
 * Used for the Xaman SignIn pseudo-transaction (no TransactionType, which xrpl.js refuses to
 * sign) and for transactions the policy must refuse.
 */
export function handSignedTx(keys: { publicKey: string; privateKey: string }, tx: Record<string, unknown>): string {
  const unsigned = { ...tx, SigningPubKey: keys.publicKey };
  const signature = sign(encodeForSigning(unsigned), keys.privateKey);
  return encode({ ...unsigned, TxnSignature: signature });
}

/** Xaman's SignIn: Account, SigningPubKey, TxnSignature and the memo, no TransactionType. */
export function xamanSignIn(wallet: Wallet, message: string, extra: Record<string, unknown> = {}): string {
  return handSignedTx(wallet, { Account: wallet.classicAddress, Memos: memoFor(message), ...extra });
}

export function signedTxRequest(address: string, message: string, txBlob: string): VerifyRequest {
  return { message, signatureKind: "signedTx", txBlob, address };
}

/** A multi-signed AccountSet for `account`, signed by each of `signers` (xrpl.js multisign). */
export function multiSignedTx(account: string, message: string, signers: Wallet[], extra: Record<string, unknown> = {}): string {
  const tx = { ...signInAccountSet(account, message), SigningPubKey: "", ...extra };
  const blobs = signers.map((signer) => signer.sign(tx as unknown as Parameters<Wallet["sign"]>[0], true).tx_blob);
  return multisign(blobs);
}

/** A wallet that signs for `masterAddress` with a separate key (a regular key). */
export function regularKeyWallet(masterAddress: string, algorithm: "ed25519" | "secp256k1" = "ed25519"): Wallet {
  const keys = walletFor(algorithm);
  return new Wallet(keys.publicKey, keys.privateKey, { masterAddress });
}

export function keypairFromSeed(seed: string): { publicKey: string; privateKey: string } {
  return deriveKeypair(seed);
}

/** The address a wallet's key derives (for a regular-key wallet, not the account it signs for). */
export function keyAddressOf(wallet: Wallet): string {
  return new Wallet(wallet.publicKey, wallet.privateKey).classicAddress;
}

/** The single signature of a decoded signed transaction; fails the test when it has none. */
export function txnSignatureOf(decoded: Record<string, unknown>): string {
  const signature = decoded["TxnSignature"];
  if (typeof signature !== "string") throw new Error("the decoded transaction has no TxnSignature");
  return signature;
}
