// inPermissionedDomain: the account holds one of the credentials a permissioned domain (XLS-80)
// accepts, accepted and unexpired: what makes an account a member of the domain.
import { unreadable, type ClaimKind, type Verdict } from "./context.js";
import { readCredential, typeLabel } from "./credential.js";
import { isPlainObject, onlyFields, optionsNamer, readHexId, readOptions, shortHex, withoutCommon, type FieldNamer } from "./fields.js";
import type { Claim } from "./types.js";

/**
 * The claim {@link inPermissionedDomain} builds.
 *
 * @example
 * ```ts
 * const member: PermissionedDomainClaim = inPermissionedDomain({ domainId: "A738A1E6E8505E1FC77BBB9FEF84FF9A9C609F2739E0F9573CDD6367100A0AA9" });
 * ```
 */
export interface PermissionedDomainClaim extends Claim {
  readonly kind: "permissionedDomain";
  /** The domain's ledger entry id: 64 hex characters, upper case. */
  readonly domainId: string;
}

/**
 * Options of {@link inPermissionedDomain}.
 *
 * @example
 * ```ts
 * const options: InPermissionedDomainOptions = { domainId: "A738A1E6E8505E1FC77BBB9FEF84FF9A9C609F2739E0F9573CDD6367100A0AA9" };
 * ```
 */
export interface InPermissionedDomainOptions {
  /** The `PermissionedDomain` entry's id (its `index`, 64 hex characters). */
  domainId: string;
}

/**
 * The account is a member of the permissioned domain (XLS-80) `domainId`: it holds a credential
 * the domain lists in `AcceptedCredentials`, accepted and not expired. One `ledger_entry` for
 * the domain, then one per accepted credential (at most 10), sent together. A domain that does
 * not exist answers `false`.
 *
 * @example
 * ```ts
 * import { createVerifier, inPermissionedDomain } from "sign-in-with-xrpl";
 * const verifier = createVerifier();
 * const { trader } = await verifier.readClaims!(address, {
 *   trader: inPermissionedDomain({ domainId: "A738A1E6E8505E1FC77BBB9FEF84FF9A9C609F2739E0F9573CDD6367100A0AA9" }),
 * });
 * ```
 */
export function inPermissionedDomain(options: InPermissionedDomainOptions): PermissionedDomainClaim {
  return buildPermissionedDomainClaim(
    readOptions(options, "inPermissionedDomain(options)", '{ domainId: "<64 hex>" }'),
    optionsNamer("inPermissionedDomain"),
  );
}

export function buildPermissionedDomainClaim(options: Record<string, unknown>, name: FieldNamer): PermissionedDomainClaim {
  onlyFields(options, ["domainId"], name);
  const domainId = readHexId(options["domainId"], 64, name, "domainId", "a PermissionedDomain entry id");
  return Object.freeze({
    kind: "permissionedDomain",
    description: `is a member of the permissioned domain ${shortHex(domainId)}`,
    domainId,
  });
}

export const PERMISSIONED_DOMAIN_KIND: ClaimKind<PermissionedDomainClaim> = {
  kind: "permissionedDomain",
  check: (claim, name) => buildPermissionedDomainClaim(withoutCommon(claim), name),
  async evaluate(claim, context): Promise<Verdict> {
    const what = `permissioned domain ${shortHex(claim.domainId)}`;
    const result = await context.read({ command: "ledger_entry", permissioned_domain: claim.domainId }, ["entryNotFound"]);
    if (result === undefined) return { holds: false, reason: `${what}: not found` };
    const node = result["node"];
    const accepted = isPlainObject(node) ? node["AcceptedCredentials"] : undefined;
    if (!isPlainObject(node) || node["LedgerEntryType"] !== "PermissionedDomain" || !Array.isArray(accepted)) {
      throw unreadable("ledger_entry", "not the PermissionedDomain entry asked for");
    }
    const wanted = accepted.map((entry: unknown) => {
      const credential = isPlainObject(entry) ? entry["Credential"] : undefined;
      if (!isPlainObject(credential) || typeof credential["Issuer"] !== "string" || typeof credential["CredentialType"] !== "string") {
        throw unreadable("ledger_entry", "an accepted credential without Issuer or CredentialType");
      }
      return { issuer: credential["Issuer"], typeHex: credential["CredentialType"].toUpperCase() };
    });
    const verdicts = await Promise.all(
      wanted.map(({ issuer, typeHex }) => readCredential(context, issuer, typeHex, credentialLabel(typeHex))),
    );
    const held = verdicts.find((verdict) => verdict.holds);
    if (held !== undefined) return { holds: true, reason: `${what}: ${held.reason}` };
    if (verdicts.length === 0) return { holds: false, reason: `${what}: accepts no credentials` };
    return {
      holds: false,
      reason: `${what}: none of its ${verdicts.length} accepted credentials held (${verdicts.map((verdict) => verdict.reason).join("; ")})`,
    };
  },
};

/** A type read from the ledger is hex; shown as text when it is printable ASCII. */
function credentialLabel(typeHex: string): string {
  const bytes = typeHex.match(/../gu)?.map((pair) => parseInt(pair, 16)) ?? [];
  const text = String.fromCharCode(...bytes);
  return bytes.every((byte) => byte >= 0x21 && byte <= 0x7e) ? typeLabel(text, typeHex) : typeLabel({ hex: typeHex }, typeHex);
}
