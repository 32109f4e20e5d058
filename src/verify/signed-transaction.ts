import { decodeAccountID } from "ripple-address-codec";
import { decode, encode, encodeForMultisigning, encodeForSigning } from "ripple-binary-codec";
import { InvalidOptionsError } from "../errors.js";
import { keyHasAuthority, signersReachQuorum, type AuthorizedSigner } from "./authority.js";
import { publicKeyAlgorithm } from "./canonical.js";
import { hexToBytes } from "../shared/hex.js";
import { classicAddress, classicAddressShape, isOptionsObject, isRecord, messageBytes } from "./request-input.js";
import { getDefaultSignatureEngine, type SignatureEngine } from "./signature-engine.js";
import { classifyHarmlessTransaction } from "./transaction-policy.js";
import type { LedgerReader, VerificationStrategy, VerifyRequest } from "./types.js";

/**
 * Options of {@link signedTransaction}.
 *
 * @example
 * ```ts
 * const options: SignedTransactionOptions = { networkId: 1 }; // testnet
 * const strategy = signedTransaction(options);
 * ```
 */
export interface SignedTransactionOptions {
  /**
   * The network a `NetworkID` field must name (0 mainnet, 1 testnet, 2 devnet, ...). Default: the
   * `network_id` the connected node reports in `server_info`. A transaction without `NetworkID`
   * is not checked against it.
   */
  networkId?: number | undefined;
}

/** Longest `txBlob` accepted, in hex characters (64 KiB of transaction). */
export const MAX_TX_BLOB_HEX_LENGTH = 131_072;
/** rippled's limit on `Signers` entries. */
const MAX_SIGNERS = 32;

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * The strategy for `signatureKind: "signedTx"`: a signed transaction that carries the message in
 * its first memo, as Xaman (its `SignIn` pseudo-transaction), Ledger, WalletConnect wallets and
 * the XRPL Snap produce it. The blob must be canonical and harmless (see the docs), single- or
 * multi-signed, and its keys must have authority over the account on the validated ledger, which
 * this strategy always reads.
 *
 * @example
 * ```ts
 * import { compactSignature, createVerifier, signedTransaction } from "sign-in-with-xrpl";
 * const verifier = createVerifier({
 *   nodeUrl: "wss://s.altnet.rippletest.net:51233",
 *   strategies: [compactSignature(), signedTransaction({ networkId: 1 })],
 * });
 * ```
 */
export function signedTransaction(options: SignedTransactionOptions = {}): VerificationStrategy {
  if (!isOptionsObject(options)) throw new InvalidOptionsError("signedTransaction(options): options must be an object.");
  const { networkId } = options;
  if (networkId !== undefined && (!Number.isInteger(networkId) || networkId < 0 || networkId > 0xffffffff)) {
    throw new InvalidOptionsError(
      `signedTransaction({ networkId }): networkId must be an integer from 0 to 4294967295 (0 mainnet, 1 testnet, 2 devnet), got ${String(networkId)}.`,
    );
  }
  return createSignedTransactionStrategy(networkId, undefined);
}

interface SignatureToCheck {
  account: string;
  publicKey: Uint8Array;
}

/** The strategy over a given signature engine (the default one when undefined). */
export function createSignedTransactionStrategy(
  networkId: number | undefined,
  engine: SignatureEngine | undefined,
): VerificationStrategy {
  return {
    kind: "signedTx",
    async verify(request: VerifyRequest, ledger: LedgerReader): Promise<boolean> {
      const signatureEngine = engine ?? getDefaultSignatureEngine();
      const proof = readProof(request);
      if (proof === undefined) return false;
      const { address, tx } = proof;
      let signatures: VerifiedSignatures | undefined;
      try {
        signatures = verifiedSignatures(tx, signatureEngine);
      } catch {
        return false;
      }
      if (signatures === undefined) return false;
      if (tx["NetworkID"] !== undefined) {
        const expected = networkId ?? (await ledger.getNetworkId?.());
        if (expected === undefined || tx["NetworkID"] !== expected) return false;
      }
      if (signatures.kind === "single") {
        const authority = await ledger.getAccountAuthority(address);
        return keyHasAuthority(authority, signatureEngine.addressOf(signatures.publicKey));
      }
      const [accountAuthority, ...signerAuthorities] = await Promise.all([
        ledger.getAccountAuthority(address),
        ...signatures.signers.map((signer) => ledger.getAccountAuthority(signer.account)),
      ]);
      const signers: AuthorizedSigner[] = signatures.signers.map((signer, index) => ({
        account: signer.account,
        authority: signerAuthorities[index]!,
        keyAddress: signatureEngine.addressOf(signer.publicKey),
      }));
      return accountAuthority !== undefined && signersReachQuorum(accountAuthority, signers);
    },
  };
}

/** The decoded transaction when the blob is canonical, harmless, for `address` and carries `message`. */
function readProof(request: unknown): { address: string; tx: Record<string, unknown> } | undefined {
  if (!isRecord(request) || request["signatureKind"] !== "signedTx") return undefined;
  // Account, decoded from the blob, is a valid address; equality with it validates this one.
  const address = classicAddressShape(request["address"]);
  const message = request["message"];
  const blob = request["txBlob"];
  if (address === undefined || typeof message !== "string" || messageBytes(message) === undefined) return undefined;
  if (typeof blob !== "string" || blob.length === 0 || blob.length > MAX_TX_BLOB_HEX_LENGTH) return undefined;
  if (hexToBytes(blob) === undefined) return undefined;
  let tx: unknown;
  try {
    tx = decode(blob);
    // decode() stops early on truncated or padded input; only an exact round trip is canonical.
    if (!isRecord(tx) || encode(tx) !== blob.toUpperCase()) return undefined;
  } catch {
    return undefined;
  }
  if (classifyHarmlessTransaction(tx) === undefined) return undefined;
  if (tx["Account"] !== address) return undefined;
  return firstMemoText(tx) === message ? { address, tx } : undefined;
}

function firstMemoText(tx: Record<string, unknown>): string | undefined {
  const memos = tx["Memos"];
  if (!Array.isArray(memos)) return undefined;
  const first: unknown = memos[0];
  if (!isRecord(first) || !isRecord(first["Memo"])) return undefined;
  const data = hexToBytes(first["Memo"]["MemoData"]);
  if (data === undefined) return undefined;
  try {
    return strictUtf8.decode(data);
  } catch {
    return undefined;
  }
}

type VerifiedSignatures =
  | { kind: "single"; publicKey: Uint8Array }
  | { kind: "multi"; signers: SignatureToCheck[] };

/** Checks every signature of the transaction; undefined when one fails or the layout is wrong. */
function verifiedSignatures(tx: Record<string, unknown>, engine: SignatureEngine): VerifiedSignatures | undefined {
  const signingPubKey = tx["SigningPubKey"];
  const signers = tx["Signers"];
  if (typeof signingPubKey !== "string") return undefined;
  if (signers === undefined) {
    const publicKey = hexToBytes(signingPubKey);
    const signature = hexToBytes(tx["TxnSignature"]);
    if (publicKey === undefined || publicKeyAlgorithm(publicKey) === undefined || signature === undefined) return undefined;
    const data = hexToBytes(encodeForSigning(tx));
    return data !== undefined && engine.verify(data, signature, publicKey) ? { kind: "single", publicKey } : undefined;
  }
  if (signingPubKey !== "" || tx["TxnSignature"] !== undefined) return undefined;
  if (!Array.isArray(signers) || signers.length === 0 || signers.length > MAX_SIGNERS) return undefined;
  const checked: SignatureToCheck[] = [];
  let previousId: Uint8Array | undefined;
  for (const wrapper of signers as unknown[]) {
    if (!isRecord(wrapper) || !isRecord(wrapper["Signer"])) return undefined;
    const signer = wrapper["Signer"];
    const account = classicAddress(signer["Account"]);
    const publicKey = hexToBytes(signer["SigningPubKey"]);
    const signature = hexToBytes(signer["TxnSignature"]);
    if (account === undefined || publicKey === undefined || signature === undefined) return undefined;
    if (publicKeyAlgorithm(publicKey) === undefined) return undefined;
    // rippled requires signers sorted by account id, without repeats.
    const accountId = decodeAccountID(account);
    if (previousId !== undefined && compareBytes(previousId, accountId) >= 0) return undefined;
    previousId = accountId;
    const data = hexToBytes(encodeForMultisigning(tx, account));
    if (data === undefined || !engine.verify(data, signature, publicKey)) return undefined;
    checked.push({ account, publicKey });
  }
  return { kind: "multi", signers: checked };
}

function compareBytes(left: Uint8Array, right: Uint8Array): number {
  const length = Math.min(left.length, right.length);
  for (let index = 0; index < length; index += 1) {
    const difference = left[index]! - right[index]!;
    if (difference !== 0) return difference;
  }
  return left.length - right.length;
}
