import { isPromise } from "../shared/is-promise.js";
import { refuse } from "./check-result.js";
import { classicAddress, classicAddressShape, isRecord, MAX_MESSAGE_LENGTH, messageBytes } from "./request-input.js";
import { getDefaultSignatureEngine, type SignatureEngine } from "./signature-engine.js";
import { withSyncTwin } from "./sync-twin.js";
import type { CheckFailure, CheckResult, LedgerReader, VerificationStrategy, VerifyRequest } from "./types.js";

/** What every built-in proof kind reads first: the request object, its address and its message. */
export interface ProofBasics {
  request: Record<string, unknown>;
  /** Shaped like a classic address; the checksum is read only when needed (see below). */
  address: string;
  message: string;
  /** The message's UTF-8 bytes. */
  data: Uint8Array;
}

/** The refusal for a request that is not an object at all. */
export const NOT_AN_OBJECT: CheckFailure = refuse("malformed_request", "The request is not a JSON object.");
/** The refusal for an address whose base58check checksum does not hold. */
export const MALFORMED_ADDRESS: CheckFailure = refuse(
  "malformed_request",
  "The address is not a classic XRPL address with a valid checksum.",
);

function readBasics(request: unknown): ProofBasics | CheckFailure {
  if (!isRecord(request)) return NOT_AN_OBJECT;
  const address = classicAddressShape(request["address"]);
  if (address === undefined) return refuse("malformed_request", "The address is missing or not shaped like a classic XRPL address (r...).");
  const message = request["message"];
  const data = messageBytes(message);
  if (data === undefined) {
    return refuse(
      "malformed_request",
      `The message is missing, empty, longer than ${MAX_MESSAGE_LENGTH} characters or not well-formed text.`,
    );
  }
  return { request, address, message: message as string, data };
}

const builtIn = new WeakSet<VerificationStrategy>();

/** Whether a strategy was made by this library, so its results need no checking. */
export function isBuiltInStrategy(strategy: VerificationStrategy): boolean {
  return builtIn.has(strategy);
}

/**
 * A built-in strategy from its two halves: `readFields` turns the request into the kind's fields
 * (or a `malformed_request`), `judge` decides, over `engine` (the default engine when undefined).
 * Reading never throws out (a getter that throws is a malformed request), `verify` is
 * `check(...).ok`, and a malformed address wins over any other failure: a key that signs for an
 * address proves it valid, so its checksum is read only when a proof fails, and the hot path
 * never pays for it.
 */
export function createProofStrategy<Fields extends { address: string }>(
  kind: "signature" | "signedTx",
  readFields: (basics: ProofBasics) => Fields | CheckFailure,
  judge: (fields: Fields, engine: SignatureEngine, ledger: LedgerReader) => CheckResult | Promise<CheckResult>,
  engine: SignatureEngine | undefined,
): VerificationStrategy {
  // Synchronous whenever the engine is loaded and the judgement needs no ledger: the verifier
  // calls this twin of `check`, so a compact signature is judged without a turn of the microtask
  // queue. It throws where `check` would reject.
  function checkNow(request: VerifyRequest, ledger: LedgerReader): CheckResult | Promise<CheckResult> {
    let fields: Fields | CheckFailure;
    try {
      const basics = readBasics(request);
      fields = "code" in basics ? basics : readFields(basics);
    } catch {
      return refuse("malformed_request", "The request could not be read.");
    }
    if ("code" in fields) return fields;
    const read = fields;
    const chosen = engine ?? getDefaultSignatureEngine();
    if (isPromise(chosen)) return chosen.then((loaded) => judgeWith(read, loaded, ledger));
    return judgeWith(read, chosen, ledger);
  }
  function judgeWith(fields: Fields, chosen: SignatureEngine, ledger: LedgerReader): CheckResult | Promise<CheckResult> {
    const judged = judge(fields, chosen, ledger);
    return isPromise(judged) ? judged.then((result) => finish(fields, result)) : finish(fields, judged);
  }
  function finish(fields: Fields, result: CheckResult): CheckResult {
    if (!result.ok && result.code !== "malformed_request" && classicAddress(fields.address) === undefined) return MALFORMED_ADDRESS;
    return result;
  }
  const check = withSyncTwin(async (request: VerifyRequest, ledger: LedgerReader): Promise<CheckResult> => {
    const answer = checkNow(request, ledger);
    return isPromise(answer) ? await answer : answer;
  }, checkNow);
  const strategy: VerificationStrategy = {
    kind,
    check,
    async verify(request, ledger) {
      return (await check(request, ledger)).ok;
    },
  };
  builtIn.add(strategy);
  return strategy;
}
