import type { SessionRecord } from "./types.js";

/**
 * The fields of `SessionRecord`: adapters read and write these and leave the rest of a session alone.
 *
 * @internal
 */
export const SESSION_RECORD_FIELDS = ["pendingNonce", "nonceIssuedAt", "address", "authenticatedAt", "data"] as const;

/**
 * Copies the record fields of a session object, keeping only values of the right type, so a
 * tampered or stale session can never hand the handlers a non-string address.
 *
 * @internal
 */
export function pickSessionRecord(source: Record<string, unknown>): SessionRecord {
  const record: SessionRecord = {};
  if (typeof source.pendingNonce === "string") record.pendingNonce = source.pendingNonce;
  if (typeof source.nonceIssuedAt === "number" && Number.isFinite(source.nonceIssuedAt)) record.nonceIssuedAt = source.nonceIssuedAt;
  if (typeof source.address === "string") record.address = source.address;
  if (typeof source.authenticatedAt === "number" && Number.isFinite(source.authenticatedAt)) record.authenticatedAt = source.authenticatedAt;
  // The app's data from onSignIn, checked as JSON when it was stored; `null` is a value like any other.
  if (source.data !== undefined) record.data = source.data;
  return record;
}

/**
 * Makes `target` hold exactly `record`'s fields: present ones assigned, absent ones deleted.
 *
 * @internal
 */
export function writeSessionRecord(target: Record<string, unknown>, record: SessionRecord): void {
  for (const field of SESSION_RECORD_FIELDS) {
    const value = record[field];
    if (value === undefined) delete target[field];
    else target[field] = value;
  }
}
