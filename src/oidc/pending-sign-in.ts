// Where an interaction keeps its pending sign-in (the nonce it issued and when) between the nonce
// request and the proof: in a cookie of its own, sealed with the library's cookie seal (AES-256-GCM,
// keys derived once from the provider's cookie keys, which every instance shares), bound to the
// interaction. The nonce route then stores nothing: the interaction is read, never written again,
// until the sign-in's result is written. What keeps a nonce single use, and counts the failed
// signatures on it, is the nonce store, shared by every instance; the cookie only says which nonce
// this interaction issued, when, and for which state of the interaction.
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { readCookie, serializeCookie } from "../fetch/cookie-header.js";
import type { NormalizedSessionCookie } from "../fetch/options.js";
import { createCookieSeal, type CookieSeal } from "../fetch/cookie-seal.js";
import { pickSessionRecord } from "../server/session-record.js";
import type { SessionRecord, SessionStore } from "../server/types.js";
import { isPromise } from "../shared/is-promise.js";
import type { NormalizedOidcOptions } from "./options.js";
import type { OidcInteractionLike } from "./provider-types.js";

/**
 * The pending sign-in's cookie. Set on the interaction's own path (`<issuer>/interaction/<uid>`,
 * where oidc-provider sets its interaction cookie), so a browser keeps one per authorization in
 * progress and sends each only to its own interaction's routes.
 *
 * @internal
 */
export const PENDING_SIGN_IN_COOKIE = "siwx_oidc_pending";

/**
 * Written into every sealed value and checked on opening: only a pending sign-in of this route
 * reads as one, whatever else an app seals with the same secret.
 */
const KIND = "sign-in-with-xrpl/oidc pending sign-in";

/** What the cookie holds, sealed. */
interface SealedPendingSignIn {
  kind: typeof KIND;
  /** The interaction it was issued for. */
  uid: string;
  /** The interaction's result when it was issued (`resultMark`): a result written since voids it. */
  result: string;
  /** The handlers' record: the pending nonce and its issue time. */
  record: SessionRecord;
}

/**
 * The state of an interaction's result, as a short text: `""` while it has none (the usual case),
 * else a hash of it. Whatever writes a result (a sign-in, a cancel) changes it, so the pending
 * sign-in issued before is void from then on, on every copy of the cookie, and a fresh nonce
 * asked for afterwards is bound to the new result.
 */
function resultMark(interaction: OidcInteractionLike): string {
  const result = interaction.result;
  if (result === undefined || result === null) return "";
  return createHash("sha256").update(JSON.stringify(result)).digest("base64url").slice(0, 22);
}

/**
 * The sign-in session of one interaction, for the handlers: what they write stays in memory
 * until `save`, which sets the cookie (a new pending nonce) or expires it (the nonce cleared or
 * spent, or the sign-in made).
 *
 * @internal
 */
export interface InteractionSession {
  store: SessionStore;
  /** Sets or expires the cookie on `res` when the handlers changed the record; nothing otherwise. */
  save(res: ServerResponse): void;
}

/**
 * The pending sign-ins of one provider: the seal over its cookie keys (derived here, once) and
 * the cookie's attributes.
 *
 * @internal
 */
export function pendingSignIns(config: NormalizedOidcOptions): {
  session(req: IncomingMessage, interaction: OidcInteractionLike): InteractionSession;
} {
  // oidc-provider runs on Node: node:crypto seals and opens synchronously.
  const seal: CookieSeal = createCookieSeal(config.cookieKeys, "node:crypto");
  const maxAgeSeconds = Math.ceil(config.auth.nonceTtlMs / 1000);
  // Secure whenever the issuer is https, as the provider's own cookies are behind it.
  const secure = config.issuerUrl.protocol === "https:";
  const cookieOn = (uid: string): NormalizedSessionCookie => ({
    name: PENDING_SIGN_IN_COOKIE,
    maxAgeSeconds,
    sameSite: "Lax",
    secure,
    path: `${config.interactionBasePath}/${uid}`,
    domain: undefined,
  });

  const open = (sealed: string | undefined, interaction: OidcInteractionLike): SessionRecord => {
    if (sealed === undefined || sealed === "") return {};
    const opened = seal.open(sealed);
    // Over node:crypto (where oidc-provider runs) opening answers at once.
    if (isPromise(opened) || opened === undefined) return {};
    let payload: unknown;
    try {
      payload = JSON.parse(opened);
    } catch {
      return {};
    }
    if (typeof payload !== "object" || payload === null) return {};
    const { kind, uid, result, record } = payload as Partial<SealedPendingSignIn>;
    if (kind !== KIND || uid !== interaction.uid || result !== resultMark(interaction)) return {};
    if (typeof record !== "object" || record === null) return {};
    const { pendingNonce, nonceIssuedAt } = pickSessionRecord(record as Record<string, unknown>);
    return pendingNonce === undefined ? {} : { pendingNonce, ...(nonceIssuedAt === undefined ? {} : { nonceIssuedAt }) };
  };

  const session = (req: IncomingMessage, interaction: OidcInteractionLike): InteractionSession => {
    const header = req.headers.cookie;
    let current = open(typeof header === "string" ? readCookie(header, PENDING_SIGN_IN_COOKIE) : undefined, interaction);
    let changed = false;
    const store: SessionStore = {
      get: () => ({ ...current }),
      set(record) {
        current = pickSessionRecord(record as Record<string, unknown>);
        changed = true;
      },
      destroy() {
        current = {};
        changed = true;
      },
    };
    return {
      store,
      save(res) {
        if (!changed) return;
        changed = false;
        const cookie = cookieOn(interaction.uid);
        const { pendingNonce, nonceIssuedAt } = current;
        let setCookie: string;
        if (typeof pendingNonce === "string" && pendingNonce !== "") {
          const payload: SealedPendingSignIn = {
            kind: KIND,
            uid: interaction.uid,
            result: resultMark(interaction),
            record: { pendingNonce, ...(nonceIssuedAt === undefined ? {} : { nonceIssuedAt }) },
          };
          const sealed = seal.seal(JSON.stringify(payload));
          if (isPromise(sealed)) throw new Error("sign-in-with-xrpl: the pending sign-in needs node:crypto to seal its cookie");
          setCookie = serializeCookie(cookie, sealed, maxAgeSeconds, secure, true);
        } else {
          // Nothing pending any more (cleared, spent, or signed in): the cookie goes.
          setCookie = serializeCookie(cookie, "", 0, secure, true);
        }
        appendSetCookie(res, setCookie);
      },
    };
  };

  return { session };
}

/** Adds a `Set-Cookie` to the ones the answer already has (oidc-provider may have set its own). */
function appendSetCookie(res: ServerResponse, value: string): void {
  const existing = res.getHeader("Set-Cookie");
  if (existing === undefined) res.setHeader("Set-Cookie", value);
  else res.setHeader("Set-Cookie", [...(Array.isArray(existing) ? existing : [String(existing)]), value]);
}
