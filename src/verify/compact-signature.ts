import { InvalidOptionsError } from "../errors.js";
import { bytesToHex, hexToBytes } from "../shared/hex.js";
import { judgeKey } from "./authority.js";
import { publicKeyAlgorithm, type KeyAlgorithm } from "./canonical.js";
import { acceptKey, refuse } from "./check-result.js";
import { createProofStrategy, MALFORMED_ADDRESS, type ProofBasics } from "./proof-strategy.js";
import { MasterKeyStatusCache } from "./master-key-status.js";
import { classicAddress, isOptionsObject } from "./request-input.js";
import type { SignatureEngine } from "./signature-engine.js";
import type { CheckFailure, CheckResult, LedgerReader, VerificationStrategy } from "./types.js";

/**
 * Options of {@link compactSignature}.
 *
 * @example
 * ```ts
 * const options: CompactSignatureOptions = { ledger: "always" };
 * const strategy = compactSignature(options);
 * ```
 */
export interface CompactSignatureOptions {
  /**
   * When to read the account from the ledger:
   * - `"cached"` (default): for every proof. When the master key signs, the ledger is asked
   *   whether the account has disabled it (`lsfDisableMaster`), and that answer is reused for
   *   30 seconds per address (concurrent sign-ins share one `account_info`), so a master key its
   *   owner disabled stops signing in within 30 s. An account not on the ledger signs in with its
   *   master key. A regular key is read afresh every time, so a removed one stops at once. When
   *   no node answers, `check` rejects with `LedgerUnavailableError`, master key included.
   * - `"always"`: every proof reads the account afresh, nothing reused: a disabled master key is
   *   refused from the next validated ledger on, at one `account_info` per sign-in.
   * - `"never"`: offline, no node needed. Only the master key is accepted, and it is accepted
   *   even when the account has disabled it: a thief holding a master key its owner disabled
   *   signs in. Regular keys are refused. For runtimes that cannot keep a ledger connection, or
   *   when you check disabled master keys yourself.
   * - `"if-needed"`: deprecated, the same as `"cached"` (it used to accept the master key
   *   without asking the ledger, which let a disabled master key sign in).
   */
  ledger?: "cached" | "always" | "never" | "if-needed" | undefined;
}

type LedgerMode = "cached" | "always" | "never";
const LEDGER_MODES: ReadonlyMap<string, LedgerMode> = new Map([
  ["cached", "cached"],
  ["always", "always"],
  ["never", "never"],
  ["if-needed", "cached"],
]);

/**
 * The strategy for `signatureKind: "signature"`: a compact signature over the UTF-8 bytes of the
 * message, as GemWallet, Crossmark, DropFi and Otsu produce it (ed25519 raw, secp256k1 DER over
 * SHA-512Half). Only canonical signatures and 33-byte keys are accepted; without `publicKey`, a
 * secp256k1 key is recovered from the signature. By default the ledger says whether the key has
 * authority: a master key the account has disabled is refused (`master_disabled`), its answer
 * reused for 30 seconds per address; see {@link CompactSignatureOptions.ledger}.
 *
 * @example
 * ```ts
 * import { compactSignature, createVerifier, signedTransaction } from "sign-in-with-xrpl";
 * const verifier = createVerifier({
 *   strategies: [compactSignature({ ledger: "always" }), signedTransaction()],
 * });
 * ```
 */
export function compactSignature(options: CompactSignatureOptions = {}): VerificationStrategy {
  if (!isOptionsObject(options)) throw new InvalidOptionsError("compactSignature(options): options must be an object.");
  const ledgerOption: unknown = options.ledger ?? "cached";
  const ledgerMode = typeof ledgerOption === "string" ? LEDGER_MODES.get(ledgerOption) : undefined;
  if (ledgerMode === undefined) {
    throw new InvalidOptionsError(
      `compactSignature({ ledger }): ledger must be "cached", "always" or "never", got ${JSON.stringify(ledgerOption)}.`,
    );
  }
  return createCompactSignatureStrategy(ledgerMode, undefined);
}

/** The strategy over a given signature engine (the default one when undefined). */
export function createCompactSignatureStrategy(ledgerMode: LedgerMode, engine: SignatureEngine | undefined): VerificationStrategy {
  // One cache per ledger reader: a strategy shared by verifiers on different networks must not
  // answer one network's account with another's flags.
  const masterKeyStatus = new WeakMap<LedgerReader, MasterKeyStatusCache>();
  const context = (ledger: LedgerReader): JudgeContext => ({
    ledgerMode,
    ledger,
    masterKeyStatus: () => {
      let cache = masterKeyStatus.get(ledger);
      if (cache === undefined) {
        cache = new MasterKeyStatusCache();
        masterKeyStatus.set(ledger, cache);
      }
      return cache;
    },
  });
  return createProofStrategy(
    "signature",
    readFields,
    (fields, signatureEngine, ledger) => judge(fields, signatureEngine, context(ledger)),
    engine,
  );
}

/** What a judgement needs besides the proof: the mode, the ledger and its master-key answers. */
interface JudgeContext {
  ledgerMode: LedgerMode;
  ledger: LedgerReader;
  masterKeyStatus: () => MasterKeyStatusCache;
}

interface CompactFields {
  address: string;
  data: Uint8Array;
  signature: Uint8Array;
  publicKey: Uint8Array | undefined;
  /** The publicKey field as sent (hex), when there was one. */
  publicKeyText: string | undefined;
}

/** The request's fields in usable form, or `malformed_request` naming the first bad one. */
function readFields({ request, address, data }: ProofBasics): CompactFields | CheckFailure {
  const signature = hexToBytes(request["signature"]);
  if (signature === undefined || signature.length === 0) return refuse("malformed_request", "The signature is missing or not hex.");
  const publicKeyField = request["publicKey"];
  if (publicKeyField === undefined) return { address, data, signature, publicKey: undefined, publicKeyText: undefined };
  const publicKey = hexToBytes(publicKeyField);
  if (publicKey === undefined || publicKeyAlgorithm(publicKey) === undefined) {
    return refuse(
      "malformed_request",
      "The publicKey is not a 33-byte XRPL public key in hex (ED... for ed25519, 02... or 03... for secp256k1).",
    );
  }
  return { address, data, signature, publicKey, publicKeyText: publicKeyField as string };
}

/**
 * Judges a proof; the master-key path answers at once, without a turn of the event loop, when
 * the ledger is not read or its answer is remembered.
 */
function judge(fields: CompactFields, engine: SignatureEngine, context: JudgeContext): CheckResult | Promise<CheckResult> {
  const { data, signature, publicKey } = fields;
  if (publicKey === undefined) return judgeRecovered(fields, engine, context);
  if (!engine.verify(data, signature, publicKey)) {
    return refuse("invalid_signature", "The signature is not a valid canonical signature of the message by the given publicKey.");
  }
  return judgeKeys(fields, [publicKey], engine, context);
}

async function judgeRecovered(fields: CompactFields, engine: SignatureEngine, context: JudgeContext): Promise<CheckResult> {
  const { data, signature } = fields;
  // Without a key only secp256k1 can be checked: ed25519 signatures do not determine their key.
  const recovered = await engine.recoverSecp256k1(data, signature);
  const keys = recovered.filter((key) => engine.verify(data, signature, key));
  if (keys.length === 0) {
    return refuse(
      "invalid_signature",
      "No publicKey was given and no secp256k1 key could be recovered from the signature (an ed25519 signature needs its publicKey).",
    );
  }
  return judgeKeys(fields, keys, engine, context);
}

/** Judges the keys that provably made the signature (one given, or up to four recovered). */
function judgeKeys(
  fields: CompactFields,
  verifiedKeys: Uint8Array[],
  engine: SignatureEngine,
  { ledgerMode, ledger, masterKeyStatus }: JudgeContext,
): CheckResult | Promise<CheckResult> {
  const { address } = fields;
  let keys = verifiedKeys;
  let keyAddresses = keys.map((key) => engine.addressOf(key));
  const masterIndex = keyAddresses.indexOf(address);
  if (masterIndex >= 0) {
    const masterKey = keys[masterIndex]!;
    if (ledgerMode === "never") return accept(fields, "master", masterKey);
    if (ledgerMode === "cached") {
      const judgeMaster = (disabled: boolean): CheckResult => (disabled ? masterDisabled(address) : accept(fields, "master", masterKey));
      const disabled = masterKeyStatus().masterDisabled(address, ledger);
      return typeof disabled === "boolean" ? judgeMaster(disabled) : disabled.then(judgeMaster);
    }
    keys = [masterKey];
    keyAddresses = [address];
  }
  if (ledgerMode === "never") {
    return refuse(
      "address_mismatch",
      `The key that signed derives ${keyAddresses.join(" or ")}, not ${address}; regular keys are not accepted because this verifier does not read the ledger for compact signatures.`,
    );
  }
  if (classicAddress(address) === undefined) return MALFORMED_ADDRESS;
  return judgeWithLedger(fields, keys, keyAddresses, ledger);
}

async function judgeWithLedger(
  fields: CompactFields,
  keys: Uint8Array[],
  keyAddresses: string[],
  ledger: LedgerReader,
): Promise<CheckResult> {
  const { address } = fields;
  const authority = await ledger.getAccountAuthority(address);
  // A recovered signature may fit several keys; any one with authority proves the sign-in.
  let firstRefusal: ReturnType<typeof judgeKey> | undefined;
  for (const [index, keyAddress] of keyAddresses.entries()) {
    const judgement = judgeKey(authority, keyAddress);
    if (judgement.ok) return accept(fields, judgement.authority, keys[index]!);
    firstRefusal ??= judgement;
  }
  const keyNames = keyAddresses.join(" or ");
  switch (firstRefusal?.ok === false ? firstRefusal.code : "key_not_authorized") {
    case "master_disabled":
      return masterDisabled(address);
    case "account_not_found":
      return refuse(
        "account_not_found",
        `The key that signed derives ${keyNames}, not ${address}, and ${address} is not on the ledger, so no regular key can sign for it.`,
      );
    default:
      return refuse(
        "key_not_authorized",
        `The key that signed derives ${keyNames}, which is neither the master key nor the regular key of ${address}.`,
      );
  }
}

function masterDisabled(address: string): CheckResult {
  return refuse("master_disabled", `The master key of ${address} signed, but the account has disabled its master key.`);
}

function accept(fields: CompactFields, authority: "master" | "regular", publicKey: Uint8Array): CheckResult {
  // The key the request gave is reported in its own text (uppercased) rather than re-encoded.
  const hex =
    publicKey === fields.publicKey && fields.publicKeyText !== undefined ? fields.publicKeyText.toUpperCase() : bytesToHex(publicKey);
  return acceptKey(fields.address, "signature", authority, hex, publicKeyAlgorithm(publicKey) as KeyAlgorithm);
}
