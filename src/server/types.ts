import type { SignedInSession } from "./get-signed-in.js";
import type { MeResult, NonceResult, SignOutResult, VerifyResult } from "./results.js";

/**
 * What the handlers keep in the caller's session. Times are milliseconds since the Unix epoch.
 * `data` is what your `onSignIn` hook returned for this sign-in (JSON, typed `TData`).
 *
 * @example
 * ```ts
 * const record: SessionRecord<{ userId: string }> = { address: "r...", authenticatedAt: Date.now(), data: { userId: "u_123" } };
 * ```
 */
export interface SessionRecord<TData = unknown> {
  /** The nonce handed out for the sign-in under way. */
  pendingNonce?: string;
  nonceIssuedAt?: number;
  /** Failed verify attempts on the pending nonce; at `MAX_FAILED_VERIFY_ATTEMPTS` the nonce is cleared. */
  failedAttempts?: number;
  /** The signed-in account. */
  address?: string;
  /** When the sign-in happened: the session's absolute lifetime (`maxSessionAgeSeconds`) counts from here. */
  authenticatedAt?: number;
  /** A random id per sign-in, so sign-out can revoke this session everywhere (see `RevocationStore`). */
  sessionId?: string;
  /** What signed in: the account's master key, its regular key or its signer list (`"unknown"`: a custom strategy). */
  authority?: "master" | "regular" | "multisig" | "unknown";
  /** The public key that signed in (uppercase hex), for a master or regular key. */
  publicKey?: string;
  /** The signer accounts that signed in, for a signer list. */
  signers?: string[];
  /** When the ledger last confirmed `authority` (the sign-in, or a later revalidation). */
  validatedAt?: number;
  /** The app data `onSignIn` returned for this sign-in; absent when it returned none. */
  data?: TData;
}

/**
 * The caller's session for one request. Adapters exist for express-session
 * (`expressSessionStore`) and iron-session (`ironSessionStore`); write your own for anything else.
 *
 * @example
 * ```ts
 * const store: SessionStore = {
 *   get: () => ({ ...mySession }),
 *   set: (record) => { mySession = { ...record }; },
 *   destroy: () => { mySession = {}; },
 * };
 * ```
 */
export interface SessionStore {
  /** The current record (an empty object for a new session). */
  get(): SessionRecord | Promise<SessionRecord>;
  /** Persists the whole record: fields absent from `record` are removed. */
  set(record: SessionRecord): void | Promise<void>;
  /** Ends the session. */
  destroy(): void | Promise<void>;
  /** New session id and an empty record, where the store has ids (express-session). */
  regenerate?(): void | Promise<void>;
}

/**
 * Makes every nonce single-use. `consume` resolves `true` exactly once per nonce, across every
 * process that shares the store, for at least `ttlMs`.
 *
 * @example
 * ```ts
 * const nonces: NonceStore = createMemoryNonceStore();
 * await nonces.consume("4f2c...", 360_000); // true
 * await nonces.consume("4f2c...", 360_000); // false
 * ```
 */
export interface NonceStore {
  consume(nonce: string, ttlMs: number): Promise<boolean>;
}

/**
 * Remembers ids that were ended early (a signed-out session), so a copy of a stateless session
 * cookie taken before sign-out cannot be used after it. After `revoke(id, ttlMs)` resolves,
 * `isRevoked(id)` resolves `true` in every process that shares the store for at least `ttlMs`;
 * revoking an id again extends that time and never shortens it. Revoked ids live apart from used
 * nonces: one never reads as the other. The memory, Redis and Postgres nonce stores of this
 * library are revocation stores as well.
 *
 * @example
 * ```ts
 * const revoked: RevocationStore = createMemoryNonceStore();
 * await revoked.revoke("5d41402abc4b2a76b9719d911017c592", 86_400_000); // until the session's end
 * await revoked.isRevoked("5d41402abc4b2a76b9719d911017c592"); // true
 * ```
 */
export interface RevocationStore {
  /** Marks `id` as revoked for at least `ttlMs` milliseconds from now. Rejects when the store cannot record it. */
  revoke(id: string, ttlMs: number): Promise<void>;
  /** `true` while `id` is revoked. Rejects (never resolves `false`) when the store cannot answer. */
  isRevoked(id: string): Promise<boolean>;
}

/**
 * The answer of a handler: an HTTP status and a JSON body.
 *
 * @example
 * ```ts
 * const { status, body } = await handlers.me(store);
 * res.status(status).json(body);
 * ```
 */
export interface HandlerResult {
  status: number;
  body: Record<string, unknown>;
}

/**
 * The four route handlers, framework-agnostic. Build them with `createAuthHandlers`. Each answer
 * is a union per status (narrow on `status`), and each is a `HandlerResult` too.
 * `TRequest` is what you pass as `request` to `verify` and `signOut`: the hooks receive it.
 *
 * @example
 * ```ts
 * app.get("/api/auth/nonce", async (req, res) => {
 *   const { status, body } = await handlers.nonce(expressSessionStore(req));
 *   res.status(status).json(body);
 * });
 * ```
 */
export interface AuthHandlers<TRequest = unknown> {
  nonce(session: SessionStore): Promise<NonceResult>;
  /**
   * Checks a POST verify body. `request` is handed to `onSignIn` as is (your framework's request
   * object, say). `host` is accepted for compatibility and ignored: the expected domain comes
   * from the `domain` option only, never from a request header.
   */
  verify(
    session: SessionStore,
    input: { body: unknown; request?: TRequest | undefined; /** @deprecated Ignored. */ host?: string | undefined },
  ): Promise<VerifyResult>;
  /** Ends the session; `request` is handed to `onSignOut` as is. */
  signOut(session: SessionStore, input?: { request?: TRequest | undefined }): Promise<SignOutResult>;
  /** Answers 200 with the address while the session is signed in (ending one that has run out), else 401. */
  me(session: SessionStore): Promise<MeResult>;
  /**
   * For your own routes: the session's `{ address, authenticatedAt, data }`, or `null`, by the
   * same rules as `me` (lifetime, sign-out, revalidation), plus an optional stricter
   * `maxAgeSeconds` for this read. Reads only: an ended session is left for `me` or the next
   * sign-in to clear. Rejects when the session or revocation store cannot answer.
   */
  getSignedIn<TData = unknown>(
    session: SessionStore,
    options?: { maxAgeSeconds?: number | undefined },
  ): Promise<SignedInSession<TData> | null>;
}
