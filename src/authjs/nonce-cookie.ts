import { sealData, unsealData } from "iron-session";
import { cookieIsSecure, readCookie, serializeCookie } from "../fetch/cookie-header.js";
import { generateNonce } from "../message/nonce.js";
import type { NormalizedProviderOptions } from "./options.js";

/**
 * What the sealed cookie holds. `kind` keeps it apart from any other value sealed with the same
 * secret (an app that also seals its sessions with AUTH_SECRET): only a nonce cookie reads as one.
 */
interface SealedNonce {
  kind: typeof KIND;
  nonce: string;
  /** Milliseconds since the Unix epoch, from the provider's clock. */
  issuedAt: number;
}

const KIND = "sign-in-with-xrpl/authjs nonce";

/** A new nonce and the `Set-Cookie` value that binds it to the browser that asked. */
export interface IssuedNonce {
  nonce: string;
  setCookie: string;
}

/**
 * The pending nonce a sign-in request carries: `missing` when there is no cookie or it was not
 * sealed by this server (tampered, another secret), `expired` when it is older than the nonce TTL.
 */
export type PendingNonce = { kind: "valid"; nonce: string } | { kind: "missing" } | { kind: "expired" };

/**
 * The nonce cookie of one provider. The nonce lives in the browser that asked for it, sealed
 * (iron-session's seal, web crypto only) so the server can tell it issued it without keeping
 * anything per visitor; single use is the nonce store's job.
 *
 * @internal
 */
export function createNonceCookie(config: NormalizedProviderOptions): {
  issue(request: Request): Promise<IssuedNonce>;
  read(request: Request): Promise<PendingNonce>;
} {
  const { cookie, secret: password } = config;
  const { now, production, nonceTtlMs } = config.auth;
  // The seal's own expiry is a backstop by the wall clock; the TTL is judged by the provider's clock.
  const sealTtlSeconds = cookie.maxAgeSeconds + 60;

  const issue = async (request: Request): Promise<IssuedNonce> => {
    const nonce = generateNonce();
    const payload: SealedNonce = { kind: KIND, nonce, issuedAt: now() };
    const sealed = await sealData(payload, { password, ttl: sealTtlSeconds });
    const secure = cookieIsSecure(cookie, production, request.url);
    return { nonce, setCookie: serializeCookie(cookie, sealed, cookie.maxAgeSeconds, secure) };
  };

  const read = async (request: Request): Promise<PendingNonce> => {
    const sealed = readCookie(request.headers.get("cookie"), cookie.name);
    if (sealed === undefined || sealed === "") return { kind: "missing" };
    let payload: unknown;
    try {
      payload = await unsealData<SealedNonce>(sealed, { password, ttl: sealTtlSeconds });
    } catch {
      return { kind: "missing" };
    }
    if (typeof payload !== "object" || payload === null) return { kind: "missing" };
    const { kind, nonce, issuedAt } = payload as Partial<SealedNonce>;
    if (kind !== KIND || typeof nonce !== "string" || typeof issuedAt !== "number") return { kind: "missing" };
    if (!(now() - issuedAt <= nonceTtlMs)) return { kind: "expired" };
    return { kind: "valid", nonce };
  };

  return { issue, read };
}
