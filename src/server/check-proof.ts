import { syncTwinOf } from "../verify/sync-twin.js";
import type { CheckResult, Verifier, VerifyRequest } from "../verify/types.js";

/**
 * The verifier's `check` result, or, for a verifier of your own that only has `verify`, a
 * result built from its `true`/`false`: a success whose key and authority are unknown, a failure
 * coded `invalid_signature`. Rejects when the verifier does (a ledger node that cannot answer).
 * A verifier of the library answers at once when it can (a compact signature judged without the
 * ledger): the result itself then, not a promise, so a sign-in waits no turn for it; it throws
 * where its `check` would reject.
 *
 * @internal
 */
export function checkProof(verifier: Verifier, proof: VerifyRequest): CheckResult | Promise<CheckResult> {
  if (typeof (verifier as Partial<Verifier>).check === "function") {
    const now = syncTwinOf(verifier, "check");
    // The verifier's own promise otherwise, not one more around it: a sign-in waits one turn less.
    return now !== undefined ? now(proof) : verifier.check(proof);
  }
  return checkByVerify(verifier, proof);
}

async function checkByVerify(verifier: Verifier, proof: VerifyRequest): Promise<CheckResult> {
  const holds = await verifier.verify(proof);
  if (holds !== true) return { ok: false, code: "invalid_signature", detail: "The verifier answered false." };
  return { ok: true, address: proof.address, signatureKind: proof.signatureKind, authority: "unknown", publicKey: null, algorithm: null };
}
