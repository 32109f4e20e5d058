import type { StandardSchemaV1 } from "better-auth";
import { TEXT } from "../server/handlers.js";
import { readVerifyBody } from "../server/verify-body.js";
import type { VerifyRequest } from "../verify/types.js";

/**
 * The body of `POST /xrpl/verify`: the proof exactly as the verifier takes it (the body the
 * browser client's controller sends), plus, for an address's first sign-in, the `email` it
 * claims (asked for when the plugin runs with `anonymous: false`) and the `callbackURL` the
 * link proving that email leads to.
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
  /**
   * The email the first sign-in of an address claims. Never stored as the user's until proven
   * (see the plugin's `verifyEmail` option); ignored once the address has a user.
   */
  email?: string | undefined;
  /**
   * Where the link proving `email` leads after the click (a path, or a URL on one of
   * better-auth's trusted origins). Default `"/"`.
   */
  callbackURL?: string | undefined;
};

// Loose on purpose: the database and better-auth decide what an email is; this only keeps
// obvious garbage (and megabytes) out.
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,253}$/u;
const MAX_CALLBACK_URL_LENGTH = 2048;

/**
 * The verify body as a Standard Schema, so better-call checks it before the handler runs and
 * better-auth's client infers its type. The fields are read by the same code as the HTTP
 * handlers', so both accept exactly the same proofs. better-auth's origin check refuses a
 * `callbackURL` outside its trusted origins before the handler runs.
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
      const { email, callbackURL } = value as Record<string, unknown>;
      const body: XrplVerifyBody = { ...request };
      if (email !== undefined && email !== null) {
        if (typeof email !== "string" || !EMAIL.test(email))
          return { issues: [{ message: "`email` must be an email address.", path: ["email"] }] };
        body.email = email;
      }
      if (callbackURL !== undefined && callbackURL !== null) {
        if (typeof callbackURL !== "string" || callbackURL === "" || callbackURL.length > MAX_CALLBACK_URL_LENGTH) {
          return { issues: [{ message: "`callbackURL` must be a path or a URL.", path: ["callbackURL"] }] };
        }
        body.callbackURL = callbackURL;
      }
      return { value: body };
    },
  },
};
