import { LedgerUnavailableError } from "../errors.js";
import { randomHex } from "../shared/random-hex.js";
import type { Logger } from "../shared/logger.js";
import { isPromise } from "../shared/is-promise.js";
import { LruCache } from "../verify/lru-cache.js";
import { syncTwinOf } from "../verify/sync-twin.js";
import type { AuthorityGrant, CheckSuccess, Verifier } from "../verify/types.js";
import { isSignedInDomain } from "./expected-domain.js";
import type { NormalizedAuthOptions } from "./options.js";
import { missingClaims, storedClaims, type ClaimRules, type SessionClaims } from "./session-claims.js";
import type { RevocationStore, SessionRecord, SessionStore } from "./types.js";

/** Sessions whose last successful revalidation this process remembers (beyond it, the record's own time counts). */
const VALIDATED_CACHE_ENTRIES = 10_000;

/**
 * The session rules of one set of handlers: what every read of a signed-in session checks, and
 * where the state they need lives. One object per `createAuthHandlers` / `createFetchHandler`,
 * shared by all their reads.
 *
 * @internal
 */
export interface SessionRules {
  now: () => number;
  logger: Logger;
  verifier: Verifier;
  maxSessionAgeMs: number;
  revocationStore: RevocationStore | undefined;
  revalidateAfterMs: number | undefined;
  /** Slack on revocation times, so an instance whose clock runs a little behind still sees the id revoked. */
  clockSkewMs: number;
  /** sessionId -> when this process last saw the ledger confirm its authority. */
  validated: LruCache<string, number>;
  /** Revalidations under way, so concurrent reads of one session share one ledger look-up. */
  revalidating: Map<string, Promise<Revalidation>>;
  /** The claims to read on revalidation; `undefined`: none configured. */
  claims: ClaimRules | undefined;
  /** sessionId -> the claims this process last read for it (newer than the record's, until written back). */
  claimsRead: LruCache<string, { claims: SessionClaims; readAt: number }>;
  /** Several expected domains: a sign-in counts only on the host it signed in for. */
  bindSessionToDomain: boolean;
  /** The public function the handlers came from, for messages. */
  caller: string;
  /** Whether a bound read without a host has been reported (once per handlers). */
  reportedReadWithoutHost: boolean;
}

/** @internal */
export function createSessionRules(config: NormalizedAuthOptions): SessionRules {
  return {
    now: config.now,
    logger: config.logger,
    verifier: config.verifier,
    maxSessionAgeMs: config.maxSessionAgeMs,
    revocationStore: config.revocationStore,
    revalidateAfterMs: config.revalidateAfterMs,
    clockSkewMs: config.clockSkewSeconds * 1000,
    validated: new LruCache(VALIDATED_CACHE_ENTRIES),
    revalidating: new Map(),
    claims: config.claims,
    claimsRead: new LruCache(VALIDATED_CACHE_ENTRIES),
    bindSessionToDomain: config.bindSessionToDomain,
    caller: config.caller,
    reportedReadWithoutHost: false,
  };
}

/**
 * Where a read happens, for a sign-in bound to its domain: the host the request was sent to, or
 * `undefined` when the caller did not say; `anyHost` for the reads that concern the session
 * whatever the host (sign-out deciding whether to call `onSignOut`).
 *
 * @internal
 */
export type ReadPlace = { host: string | undefined } | { anyHost: true };

/**
 * A signed-in session, as a read that passed every check sees it.
 *
 * @internal
 */
export interface SignedInState {
  address: string;
  /** Milliseconds since the Unix epoch. */
  authenticatedAt: number;
  sessionId: string;
  /** The whole record, for callers that need more of it. */
  record: SessionRecord;
  /** The session's claims as last read, when claims are configured. */
  claims?: SessionClaims | undefined;
  /**
   * The record with what a revalidation of this read learned (claims read again, the time the
   * ledger last confirmed it), when that is newer than the stored record: a read that may write
   * (`me`) stores it, so the next read on any instance starts from it.
   */
  refreshed?: SessionRecord | undefined;
}

/**
 * Why a record that held a sign-in no longer counts: an old record without the fields every
 * sign-in writes now, its absolute lifetime passed, signed out elsewhere, its key or signer list
 * lost authority on the ledger.
 *
 * @internal
 */
export type SessionEnd = "incomplete" | "expired" | "revoked" | "authority_lost" | "requirements_unmet";

/** @internal */
export type SignedInVerdict = { signedIn: true; state: SignedInState } | { signedIn: false; ended: SessionEnd | undefined };

/**
 * THE read of a signed-in session: every rule a read applies, in one place, so `me`, the fetch
 * handler's `getSession` and any helper for app routes answer alike. In order:
 * 1. the record holds an address, a sign-in time and a session id (a record written before
 *    session ids existed reads as ended: one new sign-in);
 * 2. the absolute lifetime (`maxSessionAgeSeconds`) from the sign-in has not passed, nor the
 *    caller's own `maxAgeMs` (which does not end the session, it only asks for a fresher one);
 * 3. the session id is not revoked (a sign-out anywhere), when there is a revocation store;
 * 4. with several expected domains, the read's host is the domain the sign-in was made for (a
 *    read on another host, or one that does not say its host, answers signed out without ending
 *    the session; a record without a domain reads as ended);
 * 5. with `claims`, the record holds a reading of every configured claim (one signed in before
 *    they were configured reads as ended) and every required one held when last read;
 * 6. with `revalidateAfterSeconds`, once the interval has passed since the last check, the ledger
 *    still gives the key or signer list authority, and the claims are read again: a required
 *    one that no longer holds ends the session like a lost authority (the id is revoked), the
 *    others are updated in place.
 *
 * Rejects when a check cannot be answered (the revocation store fails): a read then fails
 * closed. A ledger node that cannot answer a revalidation does not end the session: it stays
 * signed in, the failure is logged, and the next read tries again.
 *
 * @internal
 */
export function judgeSignedIn(
  rules: SessionRules,
  record: SessionRecord,
  options: { maxAgeMs?: number | undefined; place?: ReadPlace | undefined } = {},
): SignedInVerdict | Promise<SignedInVerdict> {
  const { address, authenticatedAt, sessionId } = record;
  if (typeof address !== "string" || address === "") return { signedIn: false, ended: undefined };
  if (typeof authenticatedAt !== "number" || typeof sessionId !== "string" || sessionId === "")
    return { signedIn: false, ended: "incomplete" };
  const now = rules.now();
  const age = now - authenticatedAt;
  if (!(age < rules.maxSessionAgeMs)) return { signedIn: false, ended: "expired" };
  if (options.maxAgeMs !== undefined && !(age < options.maxAgeMs)) return { signedIn: false, ended: undefined };
  if (rules.bindSessionToDomain) {
    if (typeof record.domain !== "string" || record.domain === "") return { signedIn: false, ended: "incomplete" };
    if (!onSignedInHost(rules, record.domain, options.place)) return { signedIn: false, ended: undefined };
  }
  const { revocationStore } = rules;
  if (revocationStore !== undefined) {
    // The memory store answers at once: no turn of the microtask queue for it.
    const isRevokedNow = syncTwinOf(revocationStore, "isRevoked");
    const revoked = isRevokedNow !== undefined ? isRevokedNow(sessionId) : revocationStore.isRevoked(sessionId);
    if (revoked !== true && revoked !== false && isPromise(revoked))
      return revoked.then((yes) => (yes ? revokedVerdict() : judgeLive(rules, record, address, authenticatedAt, sessionId, now)));
    if (revoked) return revokedVerdict();
  }
  return judgeLive(rules, record, address, authenticatedAt, sessionId, now);
}

/** What a read answers for a revoked session id (a fresh object each time: callers may keep it). */
const revokedVerdict = (): SignedInVerdict => ({ signedIn: false, ended: "revoked" });

/** The rest of {@link judgeSignedIn}, for a sign-in that is not revoked: claims and revalidation. */
function judgeLive(
  rules: SessionRules,
  record: SessionRecord,
  address: string,
  authenticatedAt: number,
  sessionId: string,
  now: number,
): SignedInVerdict | Promise<SignedInVerdict> {
  let claims: SessionClaims | undefined;
  if (rules.claims !== undefined) {
    claims = storedClaims(rules.claims, record.claims);
    if (claims === undefined || typeof record.claimsReadAt !== "number") return { signedIn: false, ended: "incomplete" };
    // A revalidation of this process may have read them since the record was written.
    const cached = rules.claimsRead.get(sessionId);
    if (cached !== undefined && cached.readAt > record.claimsReadAt) claims = cached.claims;
    if (missingClaims(rules.claims, claims).length > 0) return { signedIn: false, ended: "requirements_unmet" };
  }
  // Without `revalidateAfterSeconds` nothing is due: no call and no turn of the event loop.
  if (rules.revalidateAfterMs !== undefined) {
    const known = claims;
    return revalidateWhenDue(rules, record, sessionId, now).then((revalidation) => {
      if (!revalidation.ok) return { signedIn: false, ended: revalidation.ended };
      return signedInVerdict(rules, record, address, authenticatedAt, sessionId, revalidation.claims ?? known);
    });
  }
  return signedInVerdict(rules, record, address, authenticatedAt, sessionId, claims);
}

function signedInVerdict(
  rules: SessionRules,
  record: SessionRecord,
  address: string,
  authenticatedAt: number,
  sessionId: string,
  claims: SessionClaims | undefined,
): SignedInVerdict {
  const state: SignedInState = { address, authenticatedAt, sessionId, record };
  if (claims !== undefined) state.claims = claims;
  const refreshed = refreshedRecord(rules, record, sessionId, claims);
  if (refreshed !== undefined) state.refreshed = refreshed;
  return { signedIn: true, state };
}

/** The record with this process's newer revalidation written in, or `undefined` when it knows nothing newer. */
function refreshedRecord(
  rules: SessionRules,
  record: SessionRecord,
  sessionId: string,
  claims: SessionClaims | undefined,
): SessionRecord | undefined {
  // Only a revalidation writes what this process knows newer than the record: without one
  // configured, nothing to look up.
  if (rules.revalidateAfterMs === undefined) return undefined;
  const validatedAt = rules.validated.peek(sessionId);
  const read = rules.claimsRead.peek(sessionId);
  const newerCheck = validatedAt !== undefined && validatedAt > (record.validatedAt ?? record.authenticatedAt ?? 0);
  const newerClaims = read !== undefined && claims !== undefined && read.readAt > (record.claimsReadAt ?? 0);
  if (!newerCheck && !newerClaims) return undefined;
  const refreshed: SessionRecord = { ...record };
  if (newerCheck) refreshed.validatedAt = validatedAt;
  if (newerClaims) {
    refreshed.claims = { ...read.claims };
    refreshed.claimsReadAt = read.readAt;
  }
  return refreshed;
}

/** Whether a read happens on the host the sign-in was made for; a read that does not say fails closed, reported once. */
function onSignedInHost(rules: SessionRules, signedInFor: string, place: ReadPlace | undefined): boolean {
  if (place !== undefined && "anyHost" in place) return true;
  const host = place?.host;
  if (host === undefined) {
    if (!rules.reportedReadWithoutHost) {
      rules.reportedReadWithoutHost = true;
      rules.logger.warn(
        `sign-in-with-xrpl: ${rules.caller}: \`domain\` names several hosts, so each session counts only on the host it signed in for, and a read did not say its host: it answers signed out. Pass the request: handlers.me(store, { request: req }), handlers.getSignedIn(store, { request: req }) (or { host }).`,
      );
    }
    return false;
  }
  return isSignedInDomain(signedInFor, host);
}

/**
 * {@link judgeSignedIn} over a session store: the signed-in state, or `null`. With `clear`, a
 * sign-in that has ended is cleared (`store.clear()`, which keeps the app's own keys of the
 * session; a store without it is destroyed: its cookie expired, its server-side record deleted); a
 * failure to do so is logged, the answer stays `null`. Rejects when a check cannot be answered.
 *
 * @internal
 */
export async function readSignedInSession(
  rules: SessionRules,
  session: SessionStore,
  options: { clear?: boolean; maxAgeMs?: number | undefined; place?: ReadPlace | undefined } = {},
): Promise<SignedInState | null> {
  const got = session.get();
  const judged = judgeSignedIn(rules, isPromise(got) ? await got : got, options);
  const verdict = isPromise(judged) ? await judged : judged;
  if (verdict.signedIn) {
    // A read that may write keeps claims a revalidation read again (updated in place). A
    // confirmation alone is remembered in memory, never written: reading a session that only
    // had its authority confirmed does not re-seal its cookie.
    const { refreshed, record } = verdict.state;
    if (options.clear === true && refreshed !== undefined && refreshed.claimsReadAt !== record.claimsReadAt) {
      try {
        await session.set(refreshed);
      } catch (cause) {
        rules.logger.error("sign-in-with-xrpl: could not store the claims a revalidation read; the next read reads them again", cause);
      }
    }
    return verdict.state;
  }
  if (verdict.ended !== undefined && options.clear === true) {
    try {
      // Only the sign-in's record where the store can: the rest of the session is the app's.
      const cleared = typeof session.clear === "function" ? session.clear() : session.destroy();
      if (isPromise(cleared)) await cleared;
    } catch (cause) {
      rules.logger.error("sign-in-with-xrpl: could not clear a session that has ended", cause);
    }
  }
  return null;
}

/**
 * Ends the sign-in a record holds everywhere: its session id is revoked until its absolute
 * lifetime passes (plus the clock skew), after which every instance refuses it by age anyway.
 * Nothing to do for a record without a sign-in, without a revocation store, or already past
 * its lifetime. Rejects when the revocation store cannot record it.
 *
 * @internal
 */
export function revokeSignedIn(rules: SessionRules, record: SessionRecord): void | Promise<void> {
  const { sessionId, authenticatedAt } = record;
  const { revocationStore } = rules;
  if (revocationStore === undefined || typeof sessionId !== "string" || sessionId === "" || typeof authenticatedAt !== "number") return;
  const ttlMs = Math.ceil(authenticatedAt + rules.maxSessionAgeMs + rules.clockSkewMs - rules.now());
  if (ttlMs <= 0) return;
  // The memory store records it at once: no turn of the microtask queue for it.
  const revokeNow = syncTwinOf(revocationStore, "revoke");
  return revokeNow !== undefined ? revokeNow(sessionId, ttlMs) : revocationStore.revoke(sessionId, ttlMs);
}

/**
 * The signed-in fields of a new sign-in: the address, the time, a fresh random session id, what
 * signed (so a later read can re-check it on the ledger) and the domain the message was signed
 * for (so a read on another host can be told apart).
 *
 * @internal
 */
export function signedInRecord(check: CheckSuccess, at: number, domain: string): SessionRecord {
  const record: SessionRecord = {
    address: check.address,
    authenticatedAt: at,
    sessionId: randomHex(16),
    authority: check.authority,
    validatedAt: at,
    domain,
  };
  if (check.publicKey !== null) record.publicKey = check.publicKey;
  if (check.signers !== undefined) record.signers = [...check.signers];
  return record;
}

/**
 * What a revalidation concluded: the session goes on (with the claims it read, when it read
 * them), or it ended and why.
 *
 * @internal
 */
export type Revalidation = { ok: true; claims?: SessionClaims | undefined } | { ok: false; ended: "authority_lost" | "requirements_unmet" };

/**
 * Whether the record's authority still holds and its required claims still hold, asking the
 * ledger only once the interval has passed since the last check.
 */
async function revalidateWhenDue(rules: SessionRules, record: SessionRecord, sessionId: string, now: number): Promise<Revalidation> {
  const interval = rules.revalidateAfterMs;
  if (interval === undefined) return { ok: true };
  const grant = grantOf(record);
  // A custom strategy's "unknown" authority (or one without its key) names nothing the ledger
  // could confirm again: without claims to read, such a session lives out its lifetime.
  if (grant === undefined && rules.claims === undefined) return { ok: true };
  const last = Math.max(record.validatedAt ?? record.authenticatedAt ?? 0, rules.validated.get(sessionId) ?? Number.NEGATIVE_INFINITY);
  if (now - last < interval) return { ok: true };
  let pending = rules.revalidating.get(sessionId);
  if (pending === undefined) {
    pending = revalidate(rules, record, sessionId, grant).finally(() => rules.revalidating.delete(sessionId));
    rules.revalidating.set(sessionId, pending);
  }
  return pending;
}

async function revalidate(
  rules: SessionRules,
  record: SessionRecord,
  sessionId: string,
  grant: AuthorityGrant | undefined,
): Promise<Revalidation> {
  const checkedAt = rules.now();
  const address = record.address!;
  const claimRules = rules.claims;
  let answer: Awaited<ReturnType<NonNullable<typeof rules.verifier.checkAuthority>>> | undefined;
  let claims: SessionClaims | undefined;
  try {
    // Both look-ups at once, on the verifier's one connection.
    [answer, claims] = await Promise.all([
      grant === undefined ? undefined : rules.verifier.checkAuthority!(grant),
      claimRules === undefined ? undefined : claimRules.read(address),
    ]);
  } catch (cause) {
    if (!(cause instanceof LedgerUnavailableError)) throw cause;
    // The ledger is somebody else's service: its outage should not sign every user out. The
    // session keeps going on its last confirmation (and its last claims), and the next read asks again.
    rules.logger.warn(
      `sign-in-with-xrpl: could not revalidate the session of ${address} (ledger unavailable); it stays signed in until the next check`,
      cause,
    );
    return { ok: true };
  }
  let ended: "authority_lost" | "requirements_unmet" | undefined;
  if (answer !== undefined && !answer.ok) {
    rules.logger.warn(`sign-in-with-xrpl: ended the session of ${address}: ${answer.code}: ${answer.detail}`);
    ended = "authority_lost";
  } else if (claimRules !== undefined && claims !== undefined) {
    const missing = missingClaims(claimRules, claims);
    if (missing.length > 0) {
      rules.logger.warn(
        `sign-in-with-xrpl: ended the session of ${address}: required claims no longer hold: ${missing.map((name) => `${name} (${claimRules.claims[name]?.description ?? name})`).join(", ")}`,
      );
      ended = "requirements_unmet";
    }
  }
  if (ended === undefined) {
    rules.validated.set(sessionId, checkedAt);
    if (claims !== undefined) rules.claimsRead.set(sessionId, { claims, readAt: checkedAt });
    return claims === undefined ? { ok: true } : { ok: true, claims };
  }
  rules.claimsRead.delete(sessionId);
  try {
    // Copies of the session on other instances then end without a ledger look-up of their own.
    await revokeSignedIn(rules, record);
  } catch (cause) {
    rules.logger.error(
      "sign-in-with-xrpl: could not revoke a session that ended on revalidation (each instance ends it on its own check)",
      cause,
    );
  }
  return { ok: false, ended };
}

function grantOf(record: SessionRecord): AuthorityGrant | undefined {
  const { address, authority, publicKey, signers } = record;
  if (address === undefined) return undefined;
  if ((authority === "master" || authority === "regular") && publicKey !== undefined) return { address, authority, publicKey };
  if (authority === "multisig" && signers !== undefined) return { address, authority, signers };
  return undefined;
}
