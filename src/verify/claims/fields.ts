// Checks of claim fields, shared by the definitions, `checkClaimSet` and the JSON form, so a
// rule and its error text are written once. Every error names where the bad value was given,
// through a `FieldNamer`: `holdsNft({ issuer }): issuer` for a definition's options,
// `claims.member.issuer` for a set, `SIGN_IN_CLAIMS.member.nft.issuer:` for the JSON form.
import { InvalidOptionsError } from "../../errors.js";
import { isClassicAddress } from "../../message/address.js";
import { describeValue } from "../../shared/describe-value.js";
import { parseDecimal, type Decimal } from "./decimal.js";

/** Names a field for an error message ("claims.kyc.issuer"). */
export type FieldNamer = (field: string) => string;

/** Fields named as the options of a definition call: `holdsNft({ issuer }): issuer`. */
export function optionsNamer(definition: string): FieldNamer {
  return (field) => `${definition}({ ${field.split(".")[0] ?? field} }): ${field}`;
}

/** Fields named under a path: `claims.kyc` → `claims.kyc.issuer`. */
export function pathNamer(path: string): FieldNamer {
  return (field) => `${path}.${field}`;
}

/** Throws the one kind of error a bad claim field gets. */
export function badField(name: FieldNamer, field: string, must: string, value: unknown): never {
  throw new InvalidOptionsError(`${name(field)} must be ${must}, got ${describeValue(value, { maxLength: 80 })}.`);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A classic address with a valid checksum. */
export function readAddress(value: unknown, name: FieldNamer, field: string): string {
  if (typeof value !== "string" || !isClassicAddress(value)) {
    badField(name, field, "a classic XRPL address (r...) with a valid checksum", value);
  }
  return value;
}

/** Hex of exactly `length` characters, returned in upper case as rippled writes it. */
export function readHexId(value: unknown, length: number, name: FieldNamer, field: string, what: string): string {
  if (typeof value !== "string" || value.length !== length || !/^[0-9A-Fa-f]+$/u.test(value)) {
    badField(name, field, `${what}: ${length} hex characters`, value);
  }
  return value.toUpperCase();
}

/** A non-negative decimal string ("10", "0.5", "1e-6"); returned as given. */
export function readAmount(value: unknown, name: FieldNamer, field: string): { text: string; value: Decimal } {
  const parsed = typeof value === "string" ? parseDecimal(value) : undefined;
  if (parsed === undefined || parsed.coefficient < 0n) {
    badField(name, field, 'a non-negative decimal number written as a string, such as "10" or "0.5"', value);
  }
  return { text: value as string, value: parsed };
}

/** A whole number from `min` up, as a number (a safe integer). */
export function readCount(value: unknown, min: number, name: FieldNamer, field: string): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < min) {
    badField(name, field, `a whole number of at least ${min}`, value);
  }
  return value;
}

/** `value` is an object; else the error names the whole options (`label`: "holdsNft(options)", "claims.member"). */
export function readOptions(value: unknown, label: string, example: string): Record<string, unknown> {
  if (!isPlainObject(value)) {
    throw new InvalidOptionsError(`${label} must be an object such as ${example}, got ${describeValue(value)}.`);
  }
  return value;
}

/** Refuses fields a definition does not know, so a misspelt `minCount` is not silently ignored. */
export function onlyFields(options: Record<string, unknown>, known: readonly string[], name: FieldNamer): void {
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) {
      throw new InvalidOptionsError(`${name(key)} is not a field of this claim; its fields are ${known.join(", ")}.`);
    }
  }
}

/** Short form of a long hex id for descriptions: the first 8 and last 4 characters. */
export function shortHex(hex: string): string {
  return hex.length <= 16 ? hex : `${hex.slice(0, 8)}…${hex.slice(-4)}`;
}

/** A claim object without the fields every claim has, for re-checking its own fields. */
export function withoutCommon(claim: Record<string, unknown>): Record<string, unknown> {
  const { kind: _kind, description: _description, ...rest } = claim;
  return rest;
}
