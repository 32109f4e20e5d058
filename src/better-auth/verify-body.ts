import type { StandardSchemaV1 } from "better-auth";
import { TEXT } from "../server/handlers.js";
import { readVerifyBody } from "../server/verify-body.js";
import type { VerifyRequest } from "../verify/types.js";

/**
 * The body of `POST /xrpl/verify`: the proof exactly as the verifier takes it (the body the
 * browser client's controller sends), plus an `email` when the plugin runs with `anonymous: false`.
 *
 * @example
 * ```ts
 * const body: XrplVerifyBody = { message, signatureKind: "signature", signature, publicKey, address };
 * await authClient.xrpl.verify(body);
 * ```
 */
export type XrplVerifyBody = {
  // A mapped copy, not the interface itself: better-auth's client types an endpoint's input only
  // from a plain object type.
  [Field in keyof VerifyRequest]: VerifyRequest[Field];
} & {
  /** The new user's email, asked for only when the plugin runs with `anonymous: false`. */
  email?: string | undefined;
};

// Loose on purpose: the database and better-auth decide what an email is; this only keeps
// obvious garbage (and megabytes) out.
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,253}$/u;

/**
 * The verify body as a Standard Schema, so better-call checks it before the handler runs and
 * better-auth's client infers its type. The fields are read by the same code as the HTTP
 * handlers', so both accept exactly the same proofs.
 *
 * @internal
 */
export const verifyBodySchema: StandardSchemaV1<XrplVerifyBody, XrplVerifyBody> = {
  "~standard": {
    version: 1,
    vendor: "sign-in-with-xrpl",
    validate(value: unknown) {
      const request = readVerifyBody(value);
      if (request === undefined) return { issues: [{ message: TEXT.invalidBody }] };
      const email: unknown = (value as Record<string, unknown>)["email"];
      if (email === undefined || email === null) return { value: request };
      if (typeof email !== "string" || !EMAIL.test(email))
        return { issues: [{ message: "`email` must be an email address.", path: ["email"] }] };
      return { value: { ...request, email } };
    },
  },
};
