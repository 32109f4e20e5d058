import { readClaimsValue } from "./session-claims.js";
import type { SessionRecord } from "./types.js";

/**
 * The fields of `SessionRecord`: adapters read and write these and leave the rest of a session
 * alone. `failedAttempts` is no longer read; it stays here so that the next write removes it from
 * a session written by an older version.
 *
 * @internal
 */
export const SESSION_RECORD_FIELDS = [
  "pendingNonce",
  "nonceIssuedAt",
  "failedAttempts",
  "address",
  "authenticatedAt",
  "sessionId",
  "authority",
  "publicKey",
  "signers",
  "validatedAt",
  "domain",
  "claims",
  "claimsReadAt",
  "data",
] as const;

const AUTHORITIES: ReadonlySet<unknown> = new Set(["master", "regular", "multisig", "unknown"]);

function isTime(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/**
 * Copies the record fields of a session object, keeping only values of the right type, so a
 * tampered or stale session can never hand the handlers a non-string address.
 *
 * @internal
 */
export function pickSessionRecord(source: Record<string, unknown>): SessionRecord {
  const record: SessionRecord = {};
  if (typeof source.pendingNonce === "string") record.pendingNonce = source.pendingNonce;
  if (isTime(source.nonceIssuedAt)) record.nonceIssuedAt = source.nonceIssuedAt;
  if (typeof source.address === "string") record.address = source.address;
  if (isTime(source.authenticatedAt)) record.authenticatedAt = source.authenticatedAt;
  if (typeof source.sessionId === "string") record.sessionId = source.sessionId;
  if (AUTHORITIES.has(source.authority)) record.authority = source.authority as NonNullable<SessionRecord["authority"]>;
  if (typeof source.publicKey === "string") record.publicKey = source.publicKey;
  if (Array.isArray(source.signers) && source.signers.every((signer) => typeof signer === "string"))
    record.signers = source.signers.map(String);
  if (isTime(source.validatedAt)) record.validatedAt = source.validatedAt;
  if (typeof source.domain === "string") record.domain = source.domain;
  const claims = readClaimsValue(source.claims);
  if (claims !== undefined) record.claims = claims;
  if (isTime(source.claimsReadAt)) record.claimsReadAt = source.claimsReadAt;
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
    else if (Array.isArray(value)) target[field] = [...(value as readonly unknown[])];
    else target[field] = field === "claims" ? { ...(value as Record<string, boolean>) } : value;
  }
}
