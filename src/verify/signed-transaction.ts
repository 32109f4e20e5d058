import { InvalidOptionsError } from "../errors.js";
import { describeValue } from "../shared/describe-value.js";
import { bytesToHex, hexToBytes } from "../shared/hex.js";
import { encodeClassicAddress } from "./account-address.js";
import { judgeKey, judgeSigners, type AuthorizedSigner } from "./authority.js";
import { publicKeyAlgorithm, type KeyAlgorithm } from "./canonical.js";
import { acceptKey, refuse } from "./check-result.js";
import type { DecodedTransaction } from "./decoded-transaction.js";
import { createProofStrategy, type ProofBasics } from "./proof-strategy.js";
import { classicAddress, isOptionsObject, isRecord } from "./request-input.js";
import type { SignatureEngine } from "./signature-engine.js";
import { decodeSignInTransaction } from "./transaction-binary.js";
import { reviewTransaction } from "./transaction-policy.js";
import type { CheckFailure, CheckResult, LedgerReader, VerificationStrategy } from "./types.js";

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
   * verifier's `networkId`, else the `network_id` the connected node reports in `server_info`. A
   * transaction without `NetworkID` is not checked against it.
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

/** The strategy over a given signature engine (the default one when undefined). */
export function createSignedTransactionStrategy(networkId: number | undefined, engine: SignatureEngine | undefined): VerificationStrategy {
  return createProofStrategy(
    "signedTx",
    readFields,
    (fields, signatureEngine, ledger) => judge(fields, signatureEngine, networkId, ledger),
    engine,
  );
}

interface SignedTxFields {
  address: string;
  message: string;
  blobBytes: Uint8Array;
}

function readFields({ request, address, message }: ProofBasics): SignedTxFields | CheckFailure {
  const blob = request["txBlob"];
  if (typeof blob !== "string" || blob.length === 0) return refuse("malformed_request", "The txBlob is missing or empty.");
  if (blob.length > MAX_TX_BLOB_HEX_LENGTH) {
    return refuse("malformed_request", `The txBlob is longer than ${MAX_TX_BLOB_HEX_LENGTH} hex characters.`);
  }
  const blobBytes = hexToBytes(blob);
  if (blobBytes === undefined) return refuse("malformed_request", "The txBlob is not hex.");
  return { address, message, blobBytes };
}

async function judge(
  fields: SignedTxFields,
  engine: SignatureEngine,
  networkId: number | undefined,
  ledger: LedgerReader,
): Promise<CheckResult> {
  const { address, message } = fields;
  const decoded = decodeSignInTransaction(fields.blobBytes, (accountId) => encodeClassicAddress(accountId));
  if (decoded === undefined) return refuse("malformed_request", "The txBlob is not a canonical encoding of an XRPL transaction.");
  const { tx } = decoded;
  const review = reviewTransaction(tx);
  if (!review.harmless) return refuse("unsafe_transaction", review.reason);
  // The policy names what it refuses at the top level; anything else left unread (a field inside
  // a memo or signer, a Fee that is not XRP) is refused here, so no unread byte is ever signed off.
  if (decoded.unsupported !== undefined) return refuse("unsafe_transaction", decoded.unsupported);
  const account = tx["Account"];
  if (account !== address) {
    return refuse(
      "address_mismatch",
      typeof account === "string" ? `The transaction is for the account ${account}, not ${address}.` : "The transaction names no Account.",
    );
  }
  const memoProblem = firstMemoProblem(tx, message);
  if (memoProblem !== undefined) return refuse("message_mismatch", memoProblem);
  let signatures: VerifiedSignatures | CheckFailure;
  try {
    signatures = verifiedSignatures(decoded, engine);
  } catch {
    signatures = refuse("invalid_signature", "The transaction's signatures could not be checked.");
  }
  if ("code" in signatures) return signatures;
  const txNetworkId = tx["NetworkID"];
  if (txNetworkId !== undefined) {
    const expected = networkId ?? (await ledger.getNetworkId?.());
    if (expected === undefined) {
      return refuse(
        "network_mismatch",
        `The transaction names network ${describeValue(txNetworkId, { quoteStrings: false })}, and this verifier knows no network id to compare it with; set networkId.`,
      );
    }
    if (txNetworkId !== expected) {
      return refuse(
        "network_mismatch",
        `The transaction names network ${describeValue(txNetworkId, { quoteStrings: false })}, but this verifier expects network ${expected}.`,
      );
    }
  }
  if (signatures.kind === "single") {
    const authority = await ledger.getAccountAuthority(address);
    const keyAddress = engine.addressOf(signatures.publicKey);
    const judgement = judgeKey(authority, keyAddress);
    if (judgement.ok) {
      return acceptKey(
        address,
        "signedTx",
        judgement.authority,
        bytesToHex(signatures.publicKey),
        publicKeyAlgorithm(signatures.publicKey) as KeyAlgorithm,
      );
    }
    switch (judgement.code) {
      case "master_disabled":
        return refuse("master_disabled", `The master key of ${address} signed, but the account has disabled its master key.`);
      case "account_not_found":
        return refuse(
          "account_not_found",
          `The key that signed derives ${keyAddress}, not ${address}, and ${address} is not on the ledger, so no regular key can sign for it.`,
        );
      default:
        return refuse(
          "key_not_authorized",
          `The key that signed derives ${keyAddress}, which is neither the master key nor the regular key of ${address}.`,
        );
    }
  }
  // The account's signer list may be a recent answer reused (see LedgerReader.getSignerListAuthority);
  // each signer's own keys are read afresh.
  const [accountAuthority, ...signerAuthorities] = await Promise.all([
    typeof ledger.getSignerListAuthority === "function" ? ledger.getSignerListAuthority(address) : ledger.getAccountAuthority(address),
    ...signatures.signers.map((signer) => ledger.getAccountAuthority(signer.account)),
  ]);
  const signers: AuthorizedSigner[] = signatures.signers.map((signer, index) => ({
    account: signer.account,
    authority: signerAuthorities[index]!,
    keyAddress: engine.addressOf(signer.publicKey),
  }));
  const verdict = judgeSigners(accountAuthority, signers);
  if (!verdict.ok) return refuse(verdict.code, verdict.detail);
  return {
    ok: true,
    address,
    signatureKind: "signedTx",
    authority: "multisig",
    publicKey: null,
    algorithm: null,
    signers: verdict.signers,
  };
}

/** Why the first memo does not carry `message`, or undefined when it does. */
function firstMemoProblem(tx: Record<string, unknown>, message: string): string | undefined {
  const memos = tx["Memos"];
  const first: unknown = Array.isArray(memos) ? memos[0] : undefined;
  if (!isRecord(first) || !isRecord(first["Memo"])) return "The transaction has no memo; the message must be its first memo's MemoData.";
  const data = hexToBytes(first["Memo"]["MemoData"]);
  if (data === undefined) return "The transaction's first memo has no MemoData; it must carry the message.";
  let text: string;
  try {
    text = strictUtf8.decode(data);
  } catch {
    return "The transaction's first memo is not UTF-8 text.";
  }
  return text === message ? undefined : "The transaction's first memo is not the message that was sent with it.";
}

interface SignatureToCheck {
  account: string;
  publicKey: Uint8Array;
}

type VerifiedSignatures = { kind: "single"; publicKey: Uint8Array } | { kind: "multi"; signers: SignatureToCheck[] };

const invalid = (detail: string): CheckFailure => refuse("invalid_signature", detail);

/** Checks every signature of the transaction, and the layout rippled requires of them. */
function verifiedSignatures(decoded: DecodedTransaction, engine: SignatureEngine): VerifiedSignatures | CheckFailure {
  const { tx } = decoded;
  const signingPubKey = tx["SigningPubKey"];
  const signers = tx["Signers"];
  if (typeof signingPubKey !== "string") return invalid("The transaction has no SigningPubKey.");
  if (signers === undefined) {
    const publicKey = hexToBytes(signingPubKey);
    if (publicKey === undefined || publicKeyAlgorithm(publicKey) === undefined) {
      return invalid("The transaction's SigningPubKey is not a 33-byte XRPL public key.");
    }
    const signature = hexToBytes(tx["TxnSignature"]);
    if (signature === undefined) return invalid("The transaction has no TxnSignature.");
    return engine.verify(decoded.signingData(), signature, publicKey)
      ? { kind: "single", publicKey }
      : invalid("The TxnSignature is not a valid canonical signature of the transaction by its SigningPubKey.");
  }
  if (signingPubKey !== "" || tx["TxnSignature"] !== undefined) {
    return invalid("A multi-signed transaction must have an empty SigningPubKey and no TxnSignature.");
  }
  if (!Array.isArray(signers) || signers.length === 0 || signers.length > MAX_SIGNERS) {
    return invalid(`A multi-signed transaction needs 1 to ${MAX_SIGNERS} Signers.`);
  }
  const checked: SignatureToCheck[] = [];
  let previousId: Uint8Array | undefined;
  for (const [index, wrapper] of (signers as unknown[]).entries()) {
    const signer = isRecord(wrapper) && isRecord(wrapper["Signer"]) ? wrapper["Signer"] : undefined;
    const account = classicAddress(signer?.["Account"]);
    const publicKey = hexToBytes(signer?.["SigningPubKey"]);
    const signature = hexToBytes(signer?.["TxnSignature"]);
    const accountId = decoded.signerAccountId(index);
    if (account === undefined || publicKey === undefined || signature === undefined || accountId === undefined) {
      return invalid(`Signer ${index + 1} needs an Account, a SigningPubKey and a TxnSignature.`);
    }
    if (publicKeyAlgorithm(publicKey) === undefined)
      return invalid(`The SigningPubKey of signer ${account} is not a 33-byte XRPL public key.`);
    // rippled requires signers sorted by account id, without repeats.
    if (previousId !== undefined && compareBytes(previousId, accountId) >= 0) {
      return invalid("The Signers are not sorted by account, or one signer appears twice, as rippled requires.");
    }
    previousId = accountId;
    if (!engine.verify(decoded.multiSigningData(index), signature, publicKey)) {
      return invalid(`The signature of signer ${account} is not a valid canonical signature of the transaction by its SigningPubKey.`);
    }
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
