// hasCredential: the account is the subject of a Credential entry (XLS-70) from an issuer, of a
// type, that it has accepted and that has not expired.
import { bytesToHex } from "../../shared/hex.js";
import { unreadable, type ClaimContext, type ClaimKind, type Verdict } from "./context.js";
import { badField, isPlainObject, onlyFields, optionsNamer, readAddress, readOptions, withoutCommon, type FieldNamer } from "./fields.js";
import type { Claim } from "./types.js";

/** lsfAccepted: the subject has accepted the credential (CredentialAccept). */
export const LSF_ACCEPTED = 0x00010000;
/** Seconds from the Unix epoch to the Ripple epoch, 2000-01-01T00:00:00Z. */
export const RIPPLE_EPOCH_OFFSET_SECONDS = 946_684_800;
/** With the u flag, a surrogate code unit matches only when it is not half of a pair. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
/** A CredentialType is 1 to 64 bytes. */
const MAX_TYPE_BYTES = 64;

/**
 * A credential type: text (encoded as UTF-8 hex by the library, as wallets and issuers do) or
 * the hex of the `CredentialType` field itself.
 *
 * @example
 * ```ts
 * const byText: CredentialType = "KYC";
 * const byHex: CredentialType = { hex: "4B5943" };
 * ```
 */
export type CredentialType = string | { readonly hex: string };

/**
 * The claim {@link hasCredential} builds.
 *
 * @example
 * ```ts
 * const kyc: CredentialClaim = hasCredential({ issuer: "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe", type: "KYC" });
 * console.log(kyc.typeHex); // 4B5943
 * ```
 */
export interface CredentialClaim extends Claim {
  readonly kind: "credential";
  readonly issuer: string;
  readonly type: CredentialType;
  /** `CredentialType` as the ledger holds it: upper-case hex. */
  readonly typeHex: string;
}

/**
 * Options of {@link hasCredential}.
 *
 * @example
 * ```ts
 * const options: HasCredentialOptions = { issuer: "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe", type: "KYC" };
 * ```
 */
export interface HasCredentialOptions {
  /** The account that issued the credential. */
  issuer: string;
  /** The credential type: text such as `"KYC"` (sent as its UTF-8 hex), or `{ hex }`, 1 to 64 bytes. */
  type: CredentialType;
}

const FIELDS = ["issuer", "type", "typeHex"] as const;

/**
 * The account holds a credential (XLS-70) from `issuer` of `type` that it has **accepted**
 * (`lsfAccepted`) and that has **not expired** at the close time of the validated ledger it was
 * read from (`Expiration`, seconds since 2000-01-01). One `ledger_entry` request (plus one
 * `ledger` request for the close time when the credential has an expiration); a credential that
 * does not exist answers `false`.
 *
 * @example
 * ```ts
 * import { createVerifier, hasCredential } from "sign-in-with-xrpl";
 * const verifier = createVerifier();
 * const { kyc } = await verifier.readClaims!(address, {
 *   kyc: hasCredential({ issuer: "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe", type: "KYC" }),
 * });
 * ```
 */
export function hasCredential(options: HasCredentialOptions): CredentialClaim {
  return buildCredentialClaim(
    readOptions(options, "hasCredential(options)", '{ issuer: "r...", type: "KYC" }'),
    optionsNamer("hasCredential"),
  );
}

export function buildCredentialClaim(options: Record<string, unknown>, name: FieldNamer): CredentialClaim {
  onlyFields(options, FIELDS, name);
  const issuer = readAddress(options["issuer"], name, "issuer");
  const { type, typeHex } = readCredentialType(options["type"], name, "type");
  if (options["typeHex"] !== undefined && options["typeHex"] !== typeHex) {
    badField(name, "typeHex", `the hex of type (${typeHex})`, options["typeHex"]);
  }
  const description = `has the credential ${typeLabel(type, typeHex)} from ${issuer}, accepted and not expired`;
  return Object.freeze({ kind: "credential", description, issuer, type, typeHex });
}

/** A credential type as text or `{ hex }`, and its hex. */
export function readCredentialType(value: unknown, name: FieldNamer, field: string): { type: CredentialType; typeHex: string } {
  if (typeof value === "string") {
    const bytes = new TextEncoder().encode(value);
    if (value.length === 0 || bytes.length > MAX_TYPE_BYTES || LONE_SURROGATE.test(value)) {
      badField(name, field, `text of 1 to ${MAX_TYPE_BYTES} bytes (UTF-8), or { hex: "..." }`, value);
    }
    return { type: value, typeHex: bytesToHex(bytes).toUpperCase() };
  }
  if (isPlainObject(value) && Object.keys(value).length === 1) {
    const hex = value["hex"];
    if (
      typeof hex === "string" &&
      hex.length >= 2 &&
      hex.length <= MAX_TYPE_BYTES * 2 &&
      hex.length % 2 === 0 &&
      /^[0-9A-Fa-f]+$/u.test(hex)
    ) {
      return { type: Object.freeze({ hex: hex.toUpperCase() }), typeHex: hex.toUpperCase() };
    }
    badField(name, `${field}.hex`, `1 to ${MAX_TYPE_BYTES} bytes as hex (an even number of 0-9 A-F characters)`, hex);
  }
  return badField(name, field, `text such as "KYC", or { hex: "4B5943" }`, value);
}

/** How a credential type is named in descriptions and reasons: KYC, "two words", or hex 00FF. */
export function typeLabel(type: CredentialType, typeHex: string): string {
  if (typeof type !== "string") return `hex ${typeHex}`;
  return /^[\x21-\x7e]+$/u.test(type) ? type : JSON.stringify(type);
}

export const CREDENTIAL_KIND: ClaimKind<CredentialClaim> = {
  kind: "credential",
  check: (claim, name) => buildCredentialClaim(withoutCommon(claim), name),
  evaluate: (claim, context) => readCredential(context, claim.issuer, claim.typeHex, typeLabel(claim.type, claim.typeHex)),
};

/**
 * Whether the account holds the credential `issuer` / `typeHex`, accepted and unexpired, and why.
 * Shared with the permissioned domain claim.
 */
export async function readCredential(context: ClaimContext, issuer: string, typeHex: string, label: string): Promise<Verdict> {
  const what = `credential ${label} from ${issuer}`;
  const result = await context.read(
    { command: "ledger_entry", credential: { subject: context.address, issuer, credential_type: typeHex } },
    ["entryNotFound"],
  );
  if (result === undefined) return { holds: false, reason: `${what}: absent` };
  const node = result["node"];
  if (
    !isPlainObject(node) ||
    node["LedgerEntryType"] !== "Credential" ||
    node["Subject"] !== context.address ||
    node["Issuer"] !== issuer ||
    typeof node["CredentialType"] !== "string" ||
    node["CredentialType"].toUpperCase() !== typeHex ||
    typeof node["Flags"] !== "number"
  ) {
    throw unreadable("ledger_entry", "not the Credential entry asked for");
  }
  const expiration = node["Expiration"];
  if (expiration !== undefined && (typeof expiration !== "number" || !Number.isInteger(expiration) || expiration < 0)) {
    throw unreadable("ledger_entry", "a Credential Expiration that is not a time");
  }
  if ((node["Flags"] & LSF_ACCEPTED) === 0) return { holds: false, reason: `${what}: present, not accepted` };
  if (expiration === undefined) return { holds: true, reason: `${what}: present, accepted, no expiration` };
  const ledgerIndex = result["ledger_index"];
  if (typeof ledgerIndex !== "number" || !Number.isSafeInteger(ledgerIndex)) throw unreadable("ledger_entry", "no ledger_index");
  const closeTime = await context.closeTime(ledgerIndex);
  // rippled's own rule: a credential is expired once the ledger's close time is past Expiration.
  if (closeTime > expiration) {
    return {
      holds: false,
      reason: `${what}: present, accepted, expired at ${rippleTimeIso(expiration)} (validated ledger ${ledgerIndex} closed at ${rippleTimeIso(closeTime)})`,
    };
  }
  return { holds: true, reason: `${what}: present, accepted, expires at ${rippleTimeIso(expiration)}` };
}

/** Seconds since the Ripple epoch as an ISO 8601 UTC time. */
export function rippleTimeIso(seconds: number): string {
  return new Date((seconds + RIPPLE_EPOCH_OFFSET_SECONDS) * 1000).toISOString().replace(".000Z", "Z");
}
