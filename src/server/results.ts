import type { ErrorResponseCode } from "./error-responses.js";
import type { SignInRefusalStatus } from "./hooks.js";

/**
 * A failed handler answer: the status and one short sentence for the client, plus its `code`
 * when the handlers were created with `errorCodes: true` (absent otherwise). Other bodies'
 * fields are declared absent (`?: undefined`), so code that reads `body.nonce` or `body.error`
 * on a result it has not narrowed still compiles, and reads `undefined`.
 *
 * @example
 * ```ts
 * const failure: ErrorResult<401> = { status: 401, body: { error: "Not authenticated." } };
 * ```
 */
export type ErrorResult<Status extends number> = {
  status: Status;
  body: { error: string; code?: ErrorResponseCode; ok?: undefined; address?: undefined; nonce?: undefined; missing?: undefined };
};

/**
 * The refusal of a sign-in whose account does not hold every claim of `requireClaims`: 403,
 * `Account does not meet the sign-in requirements.`, and the names that did not hold as
 * `missing` (plus `code: "requirements_not_met"` with `errorCodes: true`). Nothing is signed in.
 *
 * @example
 * ```ts
 * const refused: RequirementsNotMetResult = {
 *   status: 403,
 *   body: { error: "Account does not meet the sign-in requirements.", missing: ["kyc"] },
 * };
 * ```
 */
export type RequirementsNotMetResult = {
  status: 403;
  body: { error: string; missing: string[]; code?: ErrorResponseCode; ok?: undefined; address?: undefined; nonce?: undefined };
};

/**
 * What `handlers.nonce` answers: 200 with a fresh nonce, 403 `Cross-site request refused.` for a
 * request another site sent, or 500 when the session could not be read or written.
 *
 * @example
 * ```ts
 * const result: NonceResult = await handlers.nonce(store);
 * if (result.status === 200) console.log(result.body.nonce);
 * ```
 */
export type NonceResult = { status: 200; body: { nonce: string; error?: undefined } } | ErrorResult<403 | 500>;

/**
 * What `handlers.verify` answers: 200 with the address that is now signed in, or a failure.
 * 400: a bad body, no pending or an expired nonce (or one spent by too many signature checks), a
 * message that does not validate, a nonce already used. 401: the proof does not hold. 403:
 * `Cross-site request refused.` for a request another site sent, or
 * `Account does not meet the sign-in requirements.` with `missing` when a claim of
 * `requireClaims` does not hold. 500: a service or setup failure (the log says which). Any
 * status an `onSignIn` hook refused with (403 for a suspended account, say).
 *
 * @example
 * ```ts
 * const result: VerifyResult = await handlers.verify(store, { body: req.body });
 * if (result.status === 200) console.log(`${result.body.address} signed in`);
 * else console.log(`refused (${result.status}): ${result.body.error}`);
 * ```
 */
export type VerifyResult =
  | { status: 200; body: { ok: true; address: string; error?: undefined } }
  | ErrorResult<400 | 401 | 500 | SignInRefusalStatus>
  | RequirementsNotMetResult;

/**
 * What `handlers.signOut` answers: 200 once the session has ended, even when removing it from
 * the store or an `onSignOut` hook failed (the log says so); 403 `Cross-site request refused.`
 * for a request another site sent (the session is left as it was); 500 when the server's own
 * setup stopped the check (a `domain` function that throws).
 *
 * @example
 * ```ts
 * const result: SignOutResult = await handlers.signOut(store, { request: req });
 * res.status(result.status).json(result.body); // 200 { ok: true }
 * ```
 */
export type SignOutResult = { status: 200; body: { ok: true; error?: undefined } } | ErrorResult<403 | 500>;

/**
 * What `handlers.me` answers: 200 with the signed-in address (and, when the handlers read
 * `claims`, the session's claims: `{ address, claims: { kyc: true } }`; without them exactly
 * `{ address }`), 401 when the session holds no sign-in, 500 when it could not be read. The data an `onSignIn` hook stored is not in it, so
 * an internal id or role never reaches the browser unless your own route sends it (read it with
 * `getSignedIn`).
 *
 * @example
 * ```ts
 * const result: MeResult = await handlers.me(store);
 * const address = result.status === 200 ? result.body.address : null;
 * ```
 */
export type MeResult =
  { status: 200; body: { address: string; claims?: Readonly<Record<string, boolean>>; error?: undefined } } | ErrorResult<401 | 500>;
