import type { CheckFailure, CheckFailureCode, CheckResult, CheckSuccess } from "./types.js";

/**
 * Every {@link CheckFailureCode}, in the order the verifier checks for them: when a proof has
 * several problems, the first one met is reported. The last four are the account's rules, read
 * from the ledger; of those, each proof can fail only one (a multi-signed proof reports the
 * first signer that fails, in the transaction's signer order).
 *
 * @example
 * ```ts
 * import { CHECK_FAILURE_CODES } from "sign-in-with-xrpl";
 * const refusals = Object.fromEntries(CHECK_FAILURE_CODES.map((code) => [code, 0]));
 * ```
 */
export const CHECK_FAILURE_CODES = [
  "malformed_request",
  "unsafe_transaction",
  "address_mismatch",
  "message_mismatch",
  "invalid_signature",
  "network_mismatch",
  "account_not_found",
  "master_disabled",
  "key_not_authorized",
  "quorum_not_met",
] as const satisfies readonly CheckFailureCode[];

const KNOWN_CODES: ReadonlySet<string> = new Set(CHECK_FAILURE_CODES);

/** A failure with its code and a one-sentence detail. */
export function refuse(code: CheckFailureCode, detail: string): CheckFailure {
  return { ok: false, code, detail };
}

/** A key-signed success (master or regular key). */
export function acceptKey(
  address: string,
  signatureKind: "signature" | "signedTx",
  authority: "master" | "regular",
  publicKey: string,
  algorithm: "ed25519" | "secp256k1",
): CheckSuccess {
  return { ok: true, address, signatureKind, authority, publicKey, algorithm };
}

/**
 * A custom strategy's answer as a well-formed result, or undefined when it is not one (the
 * verifier then treats the strategy as broken). Copies, so later changes to the answer object
 * cannot change what the caller saw.
 */
export function readStrategyResult(value: unknown, request: { address?: unknown; signatureKind?: unknown }): CheckResult | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const answer = value as Record<string, unknown>;
  if (answer["ok"] === false) {
    const code = answer["code"];
    const detail = answer["detail"];
    if (typeof code !== "string" || !KNOWN_CODES.has(code)) return undefined;
    return refuse(code as CheckFailureCode, typeof detail === "string" ? detail : `The proof was refused (${code}).`);
  }
  if (answer["ok"] !== true) return undefined;
  const address = answer["address"] ?? request.address;
  const signatureKind = answer["signatureKind"] ?? request.signatureKind;
  if (typeof address !== "string" || typeof signatureKind !== "string") return undefined;
  const authority = answer["authority"];
  const publicKey = answer["publicKey"];
  const algorithm = answer["algorithm"];
  const signers = answer["signers"];
  const success: CheckSuccess = {
    ok: true,
    address,
    signatureKind,
    authority: authority === "master" || authority === "regular" || authority === "multisig" ? authority : "unknown",
    publicKey: typeof publicKey === "string" ? publicKey : null,
    algorithm: algorithm === "ed25519" || algorithm === "secp256k1" ? algorithm : null,
  };
  if (Array.isArray(signers) && signers.every((signer) => typeof signer === "string")) success.signers = [...signers];
  return success;
}
