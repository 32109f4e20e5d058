import type { CheckResult, Verifier, VerifyRequest } from "../verify/types.js";

/**
 * The verifier's `check` result, or, for a verifier of your own that only has `verify`, a
 * result built from its `true`/`false`: a success whose key and authority are unknown, a failure
 * coded `invalid_signature`. Rejects when the verifier does (a ledger node that cannot answer).
 *
 * @internal
 */
export function checkProof(verifier: Verifier, proof: VerifyRequest): Promise<CheckResult> {
  // The verifier's own promise, not one more around it: a sign-in waits one turn less.
  if (typeof (verifier as Partial<Verifier>).check === "function") return verifier.check(proof);
  return checkByVerify(verifier, proof);
}

async function checkByVerify(verifier: Verifier, proof: VerifyRequest): Promise<CheckResult> {
  const holds = await verifier.verify(proof);
  if (holds !== true) return { ok: false, code: "invalid_signature", detail: "The verifier answered false." };
  return { ok: true, address: proof.address, signatureKind: proof.signatureKind, authority: "unknown", publicKey: null, algorithm: null };
}
