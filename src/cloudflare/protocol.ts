// What a Worker sends to a NonceStoreObject and what it answers: one JSON request per store call,
// over the Durable Object's `fetch` handler. Written once here so both sides agree.

/** @internal The store calls a NonceStoreObject answers. */
export type StoreOperation = "consume" | "countAttempt" | "revoke" | "isRevoked";

/** @internal The body of a request to a NonceStoreObject. */
export interface StoreCall {
  op: StoreOperation;
  key: string;
  /** For every operation but `isRevoked`. */
  ttlMs?: number;
}

/** @internal The body of its answer: the call's result (status 200), or what went wrong (400, 500). */
export type StoreAnswer = { value: boolean | number } | { error: string };

/**
 * @internal Any URL reaches the object: the name says, in a log, what sent the request.
 * `.invalid` can never be a real host.
 */
export const STORE_CALL_URL = "https://nonce-store.sign-in-with-xrpl.invalid/";

/** @internal */
export const STORE_OPERATIONS: readonly StoreOperation[] = ["consume", "countAttempt", "revoke", "isRevoked"];
