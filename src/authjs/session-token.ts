// The lifetime rules of an XRPL sign-in, for Auth.js's JWT sessions: the same rules as the HTTP
// handlers' (src/server/session-read.ts judges both), read from claims the provider puts in the
// token at sign-in.
import type { JWT } from "@auth/core/jwt";
import { createSessionRules, judgeSignedIn, revokeSignedIn, signedInRecord, type SessionRules } from "../server/session-read.js";
import { readClaimsValue, type SessionClaims } from "../server/session-claims.js";
import type { SessionRecord } from "../server/types.js";
import type { CheckSuccess } from "../verify/types.js";
import type { NormalizedProviderOptions } from "./options.js";

/**
 * What the provider keeps in Auth.js's JWT about an XRPL sign-in (under `token.xrpl`), so every
 * later read can apply the library's session rules: when the proof was checked, a random id for
 * sign-out, what signed (for revalidation on the ledger), and the domain the message was for.
 *
 * @example
 * ```ts
 * const claims = token.xrpl as XrplSessionClaims | undefined;
 * if (claims !== undefined) console.log(`signed in ${new Date(claims.signedInAt).toISOString()} by its ${claims.authority} key`);
 * ```
 */
export interface XrplSessionClaims {
  /** When the proof was checked, in milliseconds since the Unix epoch: the absolute lifetime counts from here. */
  signedInAt: number;
  /** A random id of this sign-in: revoked at sign-out. */
  sessionId: string;
  /** What signed: the account's master key, its regular key, its signer list, or `"unknown"` (a custom verifier). */
  authority: "master" | "regular" | "multisig" | "unknown";
  /** The key that signed (hex), for `master` and `regular`. */
  publicKey?: string | undefined;
  /** The signer accounts that counted, for `multisig`. */
  signers?: string[] | undefined;
  /** The message's domain: with several domains, the session counts only on this host. */
  domain: string;
  /** The last time the ledger confirmed the authority (milliseconds since the Unix epoch). */
  validatedAt?: number | undefined;
  /**
   * The ledger claims read for this sign-in (the provider's `claims` option), by name; absent
   * when none are configured. Updated in place when a revalidation reads them again.
   */
  claims?: Record<string, boolean> | undefined;
  /** When `claims` were read (milliseconds since the Unix epoch). */
  claimsReadAt?: number | undefined;
}

/** @internal The claims of a new sign-in. */
export function signedInClaims(
  check: CheckSuccess,
  at: number,
  domain: string,
  ledgerClaims?: { claims: SessionClaims; readAt: number },
): XrplSessionClaims {
  const record = signedInRecord(check, at, domain);
  const claims: XrplSessionClaims = {
    signedInAt: at,
    sessionId: record.sessionId ?? "",
    authority: check.authority,
    domain,
    validatedAt: at,
  };
  if (record.publicKey !== undefined) claims.publicKey = record.publicKey;
  if (record.signers !== undefined) claims.signers = record.signers;
  if (ledgerClaims !== undefined) {
    claims.claims = { ...ledgerClaims.claims };
    claims.claimsReadAt = ledgerClaims.readAt;
  }
  return claims;
}

const AUTHORITIES: ReadonlySet<unknown> = new Set(["master", "regular", "multisig", "unknown"]);

/** The claims of a token, when it holds an XRPL sign-in written by this provider. */
function readClaims(value: unknown): XrplSessionClaims | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const claims = value as Record<string, unknown>;
  const { signedInAt, sessionId, authority, publicKey, signers, domain, validatedAt, claimsReadAt } = claims;
  if (typeof signedInAt !== "number" || typeof sessionId !== "string" || typeof domain !== "string" || !AUTHORITIES.has(authority)) {
    return undefined;
  }
  const read: XrplSessionClaims = { signedInAt, sessionId, domain, authority: authority as XrplSessionClaims["authority"] };
  if (typeof publicKey === "string") read.publicKey = publicKey;
  if (Array.isArray(signers) && signers.every((signer) => typeof signer === "string")) read.signers = signers;
  if (typeof validatedAt === "number") read.validatedAt = validatedAt;
  const ledgerClaims = readClaimsValue(claims.claims);
  if (ledgerClaims !== undefined) read.claims = ledgerClaims;
  if (typeof claimsReadAt === "number") read.claimsReadAt = claimsReadAt;
  return read;
}

function recordOf(address: string, claims: XrplSessionClaims): SessionRecord {
  const record: SessionRecord = {
    address,
    authenticatedAt: claims.signedInAt,
    sessionId: claims.sessionId,
    authority: claims.authority,
    domain: claims.domain,
  };
  if (claims.publicKey !== undefined) record.publicKey = claims.publicKey;
  if (claims.signers !== undefined) record.signers = claims.signers;
  if (claims.validatedAt !== undefined) record.validatedAt = claims.validatedAt;
  if (claims.claims !== undefined) record.claims = claims.claims;
  if (claims.claimsReadAt !== undefined) record.claimsReadAt = claims.claimsReadAt;
  return record;
}

/**
 * The parts of Auth.js's `jwt` callback parameters `handleJwt` reads: pass them as Auth.js gives them.
 *
 * @example
 * ```ts
 * const jwt = (params: XrplJwtParams) => xrpl.handleJwt(params, { host: "example.com" });
 * ```
 */
export interface XrplJwtParams {
  token: JWT;
  user?: unknown;
  account?: { provider?: string | undefined } | null | undefined;
}

/**
 * What `handleJwt` needs to know about the request besides the token.
 *
 * @example
 * ```ts
 * const request: XrplJwtRequest = { host: new URL(incoming.url).host };
 * ```
 */
export interface XrplJwtRequest {
  /**
   * The host this request is for (`Host`, or the forwarded host your app routes by), such as
   * `"example.com"`. Needed with several domains, where a session counts only on the host it
   * signed in for; ignored with one.
   */
  host?: string | null | undefined;
}

/**
 * The session rules for Auth.js tokens: `jwt` judges a token on every read, `signOut` revokes it.
 *
 * @internal
 */
export function createTokenRules(config: NormalizedProviderOptions) {
  const rules: SessionRules = createSessionRules(config.auth);

  const jwt = async ({ token, user, account }: XrplJwtParams, request: XrplJwtRequest = {}): Promise<JWT | null> => {
    // The sign-in: `authorize` answered the user with its claims.
    if (account?.provider === config.id && typeof user === "object" && user !== null) {
      const claims = readClaims((user as { xrpl?: unknown }).xrpl);
      return claims === undefined ? token : { ...token, xrpl: claims };
    }
    const claims = readClaims(token.xrpl);
    // Not an XRPL sign-in of this provider: Auth.js's own rules only.
    if (claims === undefined || typeof token.sub !== "string") return token;
    const host = request.host ?? undefined;
    if (rules.bindSessionToDomain && host === undefined) {
      config.auth.logger.error(
        "sign-in-with-xrpl: XrplProvider accepts several domains, so handleJwt needs the request's host to tell which one a session may be used on: call it as handleJwt(params, { host }). The session was answered as signed out.",
      );
      return null;
    }
    // With several domains, a read on another host than the sign-in's answers signed out.
    const verdict = await judgeSignedIn(rules, recordOf(token.sub, claims), { place: { host } });
    if (!verdict.signedIn) return null;
    // Other instances then skip a ledger look-up this one just made, and the claims it read
    // again are updated in place.
    const { refreshed } = verdict.state;
    if (refreshed === undefined) return token;
    const updated: XrplSessionClaims = { ...claims };
    if (refreshed.validatedAt !== undefined) updated.validatedAt = refreshed.validatedAt;
    if (refreshed.claims !== undefined) updated.claims = { ...refreshed.claims };
    if (refreshed.claimsReadAt !== undefined) updated.claimsReadAt = refreshed.claimsReadAt;
    return { ...token, xrpl: updated };
  };

  const signOut = async (message: { token?: unknown }): Promise<void> => {
    const token = message.token;
    if (typeof token !== "object" || token === null) return;
    const { sub, xrpl } = token as { sub?: unknown; xrpl?: unknown };
    const claims = readClaims(xrpl);
    if (claims === undefined || typeof sub !== "string") return;
    try {
      await revokeSignedIn(rules, recordOf(sub, claims));
    } catch (cause) {
      config.auth.logger.error("sign-in-with-xrpl: XrplProvider could not revoke a session at sign-out", cause);
    }
  };

  return { jwt, signOut };
}
