// The JSON form of claims, for settings (an environment variable, a file): each claim an object
// with one key naming its kind, as the definitions take their options.
import { InvalidOptionsError } from "../../errors.js";
import { describeValue } from "../../shared/describe-value.js";
import { CLAIM_NAME } from "./claim-set.js";
import { buildCombinedClaim, buildNotClaim } from "./combinators.js";
import { buildCredentialClaim } from "./credential.js";
import { buildDidClaim } from "./did.js";
import { isPlainObject, pathNamer, readOptions } from "./fields.js";
import { buildMptClaim } from "./mpt.js";
import { buildNftClaim } from "./nft.js";
import { buildPermissionedDomainClaim } from "./permissioned-domain.js";
import { buildTokenClaim } from "./token.js";
import type { Claim, ClaimSet } from "./types.js";

const JSON_KINDS = ["nft", "token", "mpt", "credential", "did", "permissionedDomain", "allOf", "anyOf", "not"] as const;
const MAX_DEPTH = 16;

/**
 * Builds a claim set from its JSON form (the text of a setting, or the value `JSON.parse` made
 * of it): a record of named claims, each an object with one key, the kind, holding the options
 * its definition takes:
 *
 * ```json
 * {
 *   "kyc": { "credential": { "issuer": "r...", "type": "KYC" } },
 *   "member": { "nft": { "issuer": "r...", "taxon": 7, "minCount": 1 } },
 *   "usd": { "token": { "currency": "USD", "issuer": "r...", "minBalance": "10" } },
 *   "shares": { "mpt": { "issuanceId": "<48 hex>", "minAmount": "1" } },
 *   "did": { "did": true },
 *   "trader": { "permissionedDomain": { "domainId": "<64 hex>" } },
 *   "both": { "allOf": [{ "did": true }, { "credential": { "issuer": "r...", "type": "KYC" } }] },
 *   "notBanned": { "not": { "credential": { "issuer": "r...", "type": { "hex": "42414E" } } } }
 * }
 * ```
 *
 * `custom` claims have no JSON form. Throws `InvalidOptionsError` naming the setting and the
 * path: `SIGN_IN_CLAIMS.kyc.credential.issuer must be a classic XRPL address ...`.
 *
 * @example
 * ```ts
 * import { claimsFromJson, createAuthHandlers } from "sign-in-with-xrpl";
 * const claims = process.env.SIGN_IN_CLAIMS === undefined ? undefined : claimsFromJson(process.env.SIGN_IN_CLAIMS, "SIGN_IN_CLAIMS");
 * ```
 */
export function claimsFromJson(value: unknown, settingName: string): ClaimSet {
  let parsed = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value) as unknown;
    } catch (error) {
      throw new InvalidOptionsError(
        `${settingName} is not JSON (${error instanceof Error ? error.message : String(error)}); give a record of named claims such as {"kyc":{"credential":{"issuer":"r...","type":"KYC"}}}.`,
      );
    }
  }
  if (!isPlainObject(parsed)) {
    throw new InvalidOptionsError(
      `${settingName} must be a JSON object of named claims such as {"kyc":{"credential":{"issuer":"r...","type":"KYC"}}}, got ${describeValue(parsed)}.`,
    );
  }
  const claims: Record<string, Claim> = {};
  for (const name of Object.keys(parsed)) {
    if (!CLAIM_NAME.test(name) || name === "__proto__") {
      throw new InvalidOptionsError(
        `${settingName}: the claim name ${JSON.stringify(name.slice(0, 80))} is not allowed; use letters, digits, _ and - (at most 64, starting with a letter or _).`,
      );
    }
    claims[name] = claimFromJson(parsed[name], `${settingName}.${name}`, 0);
  }
  return Object.freeze(claims);
}

function claimFromJson(value: unknown, path: string, depth: number): Claim {
  if (depth > MAX_DEPTH) throw new InvalidOptionsError(`${path}: claims are nested more than ${MAX_DEPTH} deep.`);
  const keys = isPlainObject(value) ? Object.keys(value) : [];
  const kind = keys[0];
  if (!isPlainObject(value) || keys.length !== 1 || !(JSON_KINDS as readonly string[]).includes(kind!)) {
    throw new InvalidOptionsError(
      `${path} must be an object with one key, the kind of claim (${JSON_KINDS.join(", ")}), such as {"credential":{"issuer":"r...","type":"KYC"}}, got ${isPlainObject(value) ? `the keys ${keys.map((key) => JSON.stringify(key)).join(", ") || "(none)"}` : describeValue(value)}.`,
    );
  }
  const options = value[kind!];
  const at = `${path}.${kind!}`;
  const child = (item: unknown, itemPath: string): Claim => claimFromJson(item, itemPath, depth + 1);
  switch (kind) {
    case "nft":
      return buildNftClaim(readOptions(options, at, '{"issuer":"r...","taxon":7}'), pathNamer(at));
    case "token":
      return buildTokenClaim(readOptions(options, at, '{"currency":"USD","issuer":"r...","minBalance":"10"}'), pathNamer(at));
    case "mpt":
      return buildMptClaim(readOptions(options, at, '{"issuanceId":"<48 hex>"}'), pathNamer(at));
    case "credential":
      return buildCredentialClaim(readOptions(options, at, '{"issuer":"r...","type":"KYC"}'), pathNamer(at));
    case "did":
      if (options !== true) throw new InvalidOptionsError(`${at} must be true ({"did":true}), got ${describeValue(options)}.`);
      return buildDidClaim({}, pathNamer(at));
    case "permissionedDomain":
      return buildPermissionedDomainClaim(readOptions(options, at, '{"domainId":"<64 hex>"}'), pathNamer(at));
    case "allOf":
    case "anyOf":
      if (!Array.isArray(options)) {
        throw new InvalidOptionsError(
          `${at} must be a list of claims such as [{"did":true},{"credential":{...}}], got ${describeValue(options)}.`,
        );
      }
      return buildCombinedClaim(kind, options, child, at);
    default:
      return buildNotClaim(options, child, at);
  }
}
