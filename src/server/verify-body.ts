import { describeValue, showValue } from "../message/issues.js";
import type { VerifyRequest } from "../verify/types.js";

/**
 * Largest request body the verify route reads, in bytes. A sign-in message is at most 8 KiB; a
 * signed transaction adds a few hundred bytes.
 *
 * @internal
 */
export const BODY_LIMIT_BYTES = 16 * 1024;

/** @internal `unreadable`: not JSON (content type or syntax); `too-large`: over `BODY_LIMIT_BYTES`. */
export type BodyRead = { kind: "json"; body: unknown } | { kind: "unreadable" } | { kind: "too-large" };

/**
 * Whether a `Content-Type` header value says JSON: `application/json` or any `+json` type,
 * parameters (a charset) ignored.
 *
 * @internal
 */
export function isJsonContentType(header: string | null | undefined): boolean {
  const type = (header ?? "").split(";")[0]!.trim().toLowerCase();
  return type === "application/json" || type.endsWith("+json");
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * A body's bytes read as strict UTF-8 JSON, or `unreadable`.
 *
 * @internal
 */
export function parseJsonBytes(bytes: Uint8Array): BodyRead {
  try {
    return { kind: "json", body: JSON.parse(utf8.decode(bytes)) as unknown };
  } catch {
    return { kind: "unreadable" };
  }
}

/**
 * Passed as the verify body by an HTTP layer that could not read the request as JSON (another
 * content type, a syntax error): the handlers answer 400 `Invalid request body.` for it. Internal,
 * so the public behaviour of `createAuthHandlers` is unchanged.
 *
 * @internal
 */
export const UNREADABLE_BODY: unique symbol = Symbol("sign-in-with-xrpl: unreadable request body");

/**
 * Reads the POST verify body: `{ message, address, signatureKind: "signature", signature }` or
 * `{ message, address, signatureKind: "signedTx", txBlob }`, each with an optional `publicKey`.
 * Returns the request for the verifier, or `undefined` when the body is not a JSON object with
 * the required string fields. Unknown extra fields are ignored; `null` counts as absent for the
 * optional ones, because JSON clients often send it.
 *
 * @internal
 */
export function readVerifyBody(body: unknown): VerifyRequest | undefined {
  const read = inspectVerifyBody(body);
  return read.ok ? read.request : undefined;
}

/**
 * The same reading as `readVerifyBody`, saying what is wrong with a body it refuses (for
 * `sign-in-with-xrpl explain`), so the explanation and the handlers share one set of rules.
 *
 * @internal
 */
export function inspectVerifyBody(body: unknown): { ok: true; request: VerifyRequest } | { ok: false; problem: string } {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return refused(`the body must be a JSON object, got ${describeValue(body)}`);
  }
  const fields = body as Record<string, unknown>;
  const { message, signatureKind, address } = fields;
  if (typeof message !== "string") return refused(missingString("message", message));
  if (typeof address !== "string") return refused(missingString("address", address));
  const publicKey = optionalString(fields.publicKey);
  if (publicKey === false) return refused(missingString("publicKey", fields.publicKey, "a string, null or absent"));

  if (signatureKind === "signature") {
    if (typeof fields.signature !== "string")
      return refused(missingString("signature", fields.signature, 'a string when signatureKind is "signature"'));
    const { signature } = fields;
    // Built whole, in one literal: no copy of a first object to add the key to.
    return accepted(
      publicKey === undefined ? { message, signatureKind, signature, address } : { message, signatureKind, signature, address, publicKey },
    );
  }
  if (signatureKind === "signedTx") {
    if (typeof fields.txBlob !== "string")
      return refused(missingString("txBlob", fields.txBlob, 'a string when signatureKind is "signedTx"'));
    const { txBlob } = fields;
    return accepted(
      publicKey === undefined ? { message, signatureKind, txBlob, address } : { message, signatureKind, txBlob, address, publicKey },
    );
  }
  return refused(
    signatureKind === undefined
      ? 'the field "signatureKind" must be "signature" or "signedTx", and it is missing'
      : `the field "signatureKind" must be "signature" or "signedTx", got ${showValue(signatureKind)}`,
  );
}

function accepted(request: VerifyRequest): { ok: true; request: VerifyRequest } {
  return { ok: true, request };
}

function refused(problem: string): { ok: false; problem: string } {
  return { ok: false, problem };
}

function missingString(name: string, value: unknown, expected = "a string"): string {
  return `the field "${name}" must be ${expected}, ${value === undefined ? "and it is missing" : `got ${describeValue(value)}`}`;
}

/** `undefined` when absent, the string when present, `false` when present with the wrong type. */
function optionalString(value: unknown): string | undefined | false {
  if (value === undefined || value === null) return undefined;
  return typeof value === "string" ? value : false;
}
