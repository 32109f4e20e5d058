import type { VerifyRequest } from "../verify/types.js";

/**
 * Passed as the verify body by an HTTP layer that could not read the request as JSON (another
 * content type, a syntax error): the handlers answer 400 `Invalid request body.` for it. Internal,
 * so the public behaviour of `createAuthHandlers` is unchanged.
 *
 * @internal
 */
export const UNREADABLE_BODY: unique symbol = Symbol("sign-in-with-xrpl: unreadable request body");

/**
 * Reads the POST verify body (`{ message, signature | txBlob, address, publicKey? }`). Returns the request for the verifier, or `undefined`
 * when the body is not a JSON object with the required string fields. Unknown extra fields are
 * ignored; `null` counts as absent for the optional ones, because JSON clients often send it.
 *
 * @internal
 */
export function readVerifyBody(body: unknown): VerifyRequest | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
  const fields = body as Record<string, unknown>;
  const { message, signatureKind, address } = fields;
  if (typeof message !== "string" || typeof address !== "string") return undefined;
  const publicKey = optionalString(fields.publicKey);
  if (publicKey === false) return undefined;

  if (signatureKind === "signature") {
    if (typeof fields.signature !== "string") return undefined;
    return withPublicKey({ message, signatureKind, signature: fields.signature, address }, publicKey);
  }
  if (signatureKind === "signedTx") {
    if (typeof fields.txBlob !== "string") return undefined;
    return withPublicKey({ message, signatureKind, txBlob: fields.txBlob, address }, publicKey);
  }
  return undefined;
}

/** `undefined` when absent, the string when present, `false` when present with the wrong type. */
function optionalString(value: unknown): string | undefined | false {
  if (value === undefined || value === null) return undefined;
  return typeof value === "string" ? value : false;
}

function withPublicKey(request: VerifyRequest, publicKey: string | undefined): VerifyRequest {
  return publicKey === undefined ? request : { ...request, publicKey };
}
