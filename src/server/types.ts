import type { SignedInSession } from "./get-signed-in.js";
import type { RequestContext, RequestHeaders } from "./request-context.js";
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
  /**
   * @deprecated No longer written nor read: signature checks on a pending nonce are counted in
   * the nonce store (`NonceStore.countAttempt`), so concurrent requests cannot exceed the limit.
   * Kept so code that names the field still compiles; removed in the next major version.
   */
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
  /**
   * The domain the sign-in message was signed for (`host[:port]`). With several expected domains
   * (a `domain` list or function), a read on another host answers signed out.
   */
  domain?: string;
  /**
   * The ledger claims read for this sign-in (`claims` option), by name: whether each held. Updated
   * in place when a revalidation reads them again.
   */
  claims?: Record<string, boolean>;
  /** When `claims` were read (the sign-in, or a later revalidation). */
  claimsReadAt?: number;
  /** The app data `onSignIn` returned for this sign-in; absent when it returned none. */
  data?: TData;
}

/**
 * The caller's session for one request: the sign-in record, read and written whole. Adapters
 * exist for express-session (`expressSessionStore`) and iron-session (`ironSessionStore`); build
 * one for any other session middleware with `keyedSessionStore`, which keeps the record under
 * one key of the session and leaves the app's own keys alone.
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
  /** Ends the session (sign-out). */
  destroy(): void | Promise<void>;
  /**
   * New session id and an empty record, where the store has ids (express-session). The rest of
   * the session (the app's own keys) is the adapter's to carry over or drop.
   */
  regenerate?(): void | Promise<void>;
  /**
   * Removes the sign-in record only, leaving the rest of the session (the app's own keys) as it
   * is. The handlers call it for a sign-in that has ended (past its lifetime, signed out
   * elsewhere) when a read finds one; without it they call `destroy`.
   */
  clear?(): void | Promise<void>;
}

/**
 * Makes every nonce single-use. `consume` resolves `true` exactly once per nonce, across every
 * process that shares the store, for at least `ttlMs`. `countAttempt`, when the store has it,
 * counts the signature checks made on a pending nonce, so the failed-attempt limit
 * (`maxFailedSignatureAttempts`) holds across processes and under concurrency; without it the
 * handlers count in each process's memory.
 *
 * @example
 * ```ts
 * const nonces: NonceStore = createMemoryNonceStore();
 * await nonces.consume("4f2c...", 360_000); // true
 * await nonces.consume("4f2c...", 360_000); // false
 * await nonces.countAttempt?.("4f2c...", 360_000); // 1, then 2, 3... on later calls
 * ```
 */
export interface NonceStore {
  consume(nonce: string, ttlMs: number): Promise<boolean>;
  /**
   * Counts one signature check on `nonce` and resolves the count so far, this one included (1
   * for the first), atomically across every process that shares the store: N concurrent calls
   * resolve 1 to N, each once. The count is kept for at least `ttlMs` from each call (a later
   * call never shortens it) and is forgotten after. Counts live apart from used nonces: one never
   * reads as the other. Rejects (never resolves a made-up count) when the store cannot answer,
   * and for an empty nonce or a TTL that is not a positive number.
   */
  countAttempt?(nonce: string, ttlMs: number): Promise<number>;
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
 * const { status, body } = await handlers.me(store, { request: req });
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
 * `TData` is the type of the data your `onSignIn` stores: `getSignedIn` answers it.
 *
 * Pass each call its request (`{ request: req }`): the nonce, verify and sign-out routes refuse
 * a request whose `Origin` or `Sec-Fetch-Site` header says it comes from another site (403),
 * and with several domains the reads need the request's host. A call without a request (a
 * server, a test) is not refused.
 *
 * @example
 * ```ts
 * app.get("/api/auth/nonce", async (req, res) => {
 *   const { status, body } = await handlers.nonce(expressSessionStore(req), { request: req });
 *   res.status(status).json(body);
 * });
 * ```
 */
export interface AuthHandlers<TRequest = unknown, TData = unknown> {
  /**
   * A new pending nonce in the session, kept beside a live sign-in (a signed-in user stays signed
   * in). Refuses a cross-site request with 403 and leaves the session untouched.
   */
  nonce(session: SessionStore, input?: RequestContext): Promise<NonceResult>;
  /**
   * Checks a POST verify body. `request` is handed to `onSignIn` as is (your framework's request
   * object, say), and its headers are read for the cross-site rule (or pass `headers`). `host` is
   * accepted for compatibility and ignored: the expected domain comes from the `domain` option
   * only, never from a request header.
   */
  verify(
    session: SessionStore,
    input: {
      body: unknown;
      request?: TRequest | undefined;
      headers?: RequestHeaders | undefined;
      /** @deprecated Ignored. */ host?: string | undefined;
    },
  ): Promise<VerifyResult>;
  /**
   * Ends the session; `request` is handed to `onSignOut` as is, and its headers are read for the
   * cross-site rule (or pass `headers`): a cross-site sign-out is refused with 403.
   */
  signOut(session: SessionStore, input?: { request?: TRequest | undefined; headers?: RequestHeaders | undefined }): Promise<SignOutResult>;
  /**
   * Answers 200 with the address while the session is signed in (ending one that has run out),
   * else 401. Pass the request (or its `host`) when `domain` lists several hosts.
   */
  me(session: SessionStore, input?: RequestContext): Promise<MeResult>;
  /**
   * For your own routes: the session's `{ address, authenticatedAt, data }`, or `null`, by the
   * same rules as `me` (lifetime, sign-out, revalidation, the sign-in's domain), plus an optional
   * stricter `maxAgeSeconds` for this read. Pass the request (or its `host`) when `domain` lists
   * several hosts. Reads only: an ended session is left for `me` or the next sign-in to clear.
   * Rejects when the session or revocation store cannot answer.
   */
  getSignedIn<TSessionData = TData>(
    session: SessionStore,
    options?: { maxAgeSeconds?: number | undefined } & RequestContext,
  ): Promise<SignedInSession<TSessionData> | null>;
}
