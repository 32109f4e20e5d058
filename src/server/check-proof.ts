import type { CheckResult, Verifier, VerifyRequest } from "../verify/types.js";

/**
 * The verifier's `check` result, or, for a verifier of your own that only has `verify`, a
 * result built from its `true`/`false`: a success whose key and authority are unknown, a failure
 * coded `invalid_signature`. Rejects when the verifier does (a ledger node that cannot answer).
 *
 * @internal
 */
export async function checkProof(verifier: Verifier, proof: VerifyRequest): Promise<CheckResult> {
  if (typeof (verifier as Partial<Verifier>).check === "function") return verifier.check(proof);
  const holds = await verifier.verify(proof);
  if (holds !== true) return { ok: false, code: "invalid_signature", detail: "The verifier answered false." };
  return { ok: true, address: proof.address, signatureKind: proof.signatureKind, authority: "unknown", publicKey: null, algorithm: null };
}
