import { pickSessionRecord } from "../server/session-record.js";
import type { SessionRecord, SessionStore } from "../server/types.js";
import { isPromise } from "../shared/is-promise.js";
import { LruCache } from "../verify/lru-cache.js";
import { createCookieSeal, type CookieSeal } from "./cookie-seal.js";
import { cookieIsSecure, readCookie, serializeCookie } from "./cookie-header.js";
import type { NormalizedFetchOptions } from "./options.js";

/** What the cookie holds once opened: the session record and when it stops counting. */
interface SealedPayload extends SessionRecord {
  /** Milliseconds since the Unix epoch, from the handler's clock. */
  expiresAt: number;
}

/** One request's session, as the handlers' `SessionStore`, and the cookie to answer with. */
export interface RequestSession {
  store: SessionStore;
  /**
   * The `Set-Cookie` value the answer carries, when the session was written or ended: the record
   * is sealed here, once, whatever number of writes the handlers made, and only when it differs
   * from the one the request brought. A value at once when nothing waits (no cookie to seal, or
   * a seal that answers synchronously), else a promise.
   */
  setCookie(): string | undefined | Promise<string | undefined>;
}

/**
 * The sealed-cookie sessions of one fetch handler. The three places a session is touched live
 * here, so rules about sessions (revocation, an absolute lifetime) have one home:
 * `read` (every read, `getSession` included), `write` (a new nonce, a sign-in) and `end` (sign-out).
 * Nothing is kept between requests: any instance with the same secret reads the same sessions.
 * A request opens its cookie at most once and seals at most once.
 *
 * @internal
 */
export interface SealedCookieSessions {
  read(request: Request): Promise<SessionRecord>;
  /** `url`: the request's URL when the caller has parsed it already. */
  open(request: Request, url?: URL): RequestSession;
}

/** The record a request's cookie holds; `sealed` when it came from a cookie (a write is compared with it). */
interface Opened {
  record: SessionRecord;
  sealed: boolean;
}

/** @internal */
export function createSealedCookieSessions(
  config: NormalizedFetchOptions,
  seal: CookieSeal = createCookieSeal(config.sessionSecrets),
): SealedCookieSessions {
  const { cookie } = config;
  const { now, production } = config.auth;
  const ttlSeconds = cookie.maxAgeSeconds;
  const none = (): Opened => ({ record: {}, sealed: false });
  // The values sealed or opened last, by their exact text, with what they hold: a browser sends
  // back the cookie it was just given, so most reads skip the cipher. One cache, here, where the
  // record is known: a plain record (strings and numbers only) is kept as a record and read as a
  // copy without parsing; any other (app data, claims, a signer list) as its JSON, parsed again
  // on each read, so nothing a route or the app changes in one read reaches another. Only a value
  // this instance sealed, or one that opened under a known key, is ever kept: a changed byte is
  // not found and goes through the full check. Every read still checks the expiry.
  // Values are forgotten in the order they were remembered: a read looks one up without moving it
  // (`peek`). Moving it would re-key the entry with the request's copy of the text (a slice of
  // the request's Cookie header, which keeps that whole header in memory), and measured several
  // times dearer per read than the look-up alone; the price of not moving it is one decryption,
  // now and then, of a session still read after 1,024 newer values.
  const remembered = new LruCache<string, Remembered>(REMEMBERED_VALUES);

  /** The record of a payload's JSON and when it stops counting, or `undefined` (not an object, expired). */
  const parsePayload = (json: string): { record: SessionRecord; expiresAt: number } | undefined => {
    let payload: unknown;
    try {
      payload = JSON.parse(json);
    } catch {
      return undefined;
    }
    if (typeof payload !== "object" || payload === null || Array.isArray(payload)) return undefined;
    const { expiresAt } = payload as Partial<SealedPayload>;
    // The lifetime follows the handler's clock (`now`), so it holds exactly as configured and can be tested.
    if (typeof expiresAt !== "number" || !(now() < expiresAt)) return undefined;
    return { record: pickSessionRecord(payload as Record<string, unknown>), expiresAt };
  };

  const remember = (sealed: string, record: SessionRecord, json: string, expiresAt: number): void => {
    remembered.set(sealed, isFlat(record) ? { record: { ...record }, expiresAt } : { json, expiresAt });
  };

  /** What a remembered value holds, as a fresh copy, or no session once it has expired. */
  const recall = (known: Remembered): Opened => {
    if (!(now() < known.expiresAt)) return none();
    if (known.record !== undefined) return { record: { ...known.record }, sealed: true };
    const parsed = parsePayload(known.json);
    return parsed === undefined ? none() : { record: parsed.record, sealed: true };
  };

  // Synchronous when the seal is (node:crypto): no promise and no turn of the event loop per step.
  const openCookie = (request: Request): Opened | Promise<Opened> => {
    const sealed = readCookie(request.headers.get("cookie"), cookie.name);
    if (sealed === undefined || sealed === "") return none();
    const known = remembered.peek(sealed);
    if (known !== undefined) return recall(known);
    // A cookie that does not open (tampered, truncated, sealed with another secret, an older
    // format such as an iron-session seal) is no session.
    const fromPlaintext = (json: string | undefined): Opened => {
      if (json === undefined) return none();
      const parsed = parsePayload(json);
      if (parsed === undefined) return none();
      remember(sealed, parsed.record, json, parsed.expiresAt);
      return { record: parsed.record, sealed: true };
    };
    const plaintext = seal.open(sealed);
    return isPromise(plaintext) ? plaintext.then(fromPlaintext) : fromPlaintext(plaintext);
  };

  const read = async (request: Request): Promise<SessionRecord> => (await openCookie(request)).record;

  const open = (request: Request, url?: URL): RequestSession => {
    let opened: Opened | Promise<Opened> | undefined;
    /** The record as the handlers last left it; `undefined` until they write or end it. */
    let written: { record: SessionRecord } | { ended: true } | undefined;
    const store: SessionStore = {
      get() {
        if (written !== undefined) return "ended" in written ? {} : written.record;
        opened ??= openCookie(request);
        return isPromise(opened) ? opened.then((each) => each.record) : opened.record;
      },
      set(record) {
        written = { record: pickSessionRecord(record as Record<string, unknown>) };
      },
      destroy() {
        written = { ended: true };
      },
    };
    const sealRecord = (record: SessionRecord, secure: boolean): string | Promise<string> => {
      const expiresAt = now() + ttlSeconds * 1000;
      const json = payloadJson(record, expiresAt);
      const sealed = seal.seal(json);
      // A sealed value is cookie-safe text: written as it is, without the check for escapes.
      const done = (value: string): string => {
        remember(value, record, json, expiresAt);
        return serializeCookie(cookie, value, ttlSeconds, secure, true);
      };
      return isPromise(sealed) ? sealed.then(done) : done(sealed);
    };
    const setCookie = (): string | undefined | Promise<string | undefined> => {
      if (written === undefined) return undefined;
      const secure = cookieIsSecure(cookie, production, url ?? request.url);
      if ("ended" in written) return serializeCookie(cookie, "", 0, secure);
      const { record } = written;
      if (opened === undefined) return sealRecord(record, secure);
      // Written back as it came: the cookie the browser holds already says the same. (Both records
      // come out of pickSessionRecord, so equal records serialize alike.)
      const unchanged = (before: Opened): boolean => before.sealed && sameRecord(before.record, record);
      if (isPromise(opened)) return opened.then((before) => (unchanged(before) ? undefined : sealRecord(record, secure)));
      return unchanged(opened) ? undefined : sealRecord(record, secure);
    };
    return { store, setCookie };
  };

  return { read, open };
}

/**
 * How many values a handler remembers (about 1 kB each at most: a cookie's text and its record).
 *
 * @internal
 */
export const REMEMBERED_VALUES = 1024;

/** A remembered value: its plain record, or the JSON of any other record; and when it stops counting. */
type Remembered = { record: SessionRecord; json?: undefined; expiresAt: number } | { record?: undefined; json: string; expiresAt: number };

/**
 * Whether every field of a record is a string or a number that its cookie's JSON gives back
 * exactly (no lone surrogate, which UTF-8 cannot carry; no -0, NaN or infinity, which JSON writes
 * as 0 or null), so the remembered record is the one an open would parse, and a shallow copy
 * shares nothing.
 */
function isFlat(record: SessionRecord): boolean {
  for (const key in record) {
    const value: unknown = (record as Record<string, unknown>)[key];
    if (typeof value === "number") {
      if (!Number.isFinite(value) || Object.is(value, -0)) return false;
    } else if (typeof value !== "string" || hasSurrogate(value)) return false;
  }
  return true;
}

/**
 * Any UTF-16 surrogate, paired or lone (code units, hence no `u` flag). A regular expression
 * rather than a loop over the characters: about half the cost on this path, which every seal takes.
 */
const SURROGATE = /[\uD800-\uDFFF]/;

function hasSurrogate(text: string): boolean {
  return SURROGATE.test(text);
}

/**
 * The JSON of `{ ...record, expiresAt }` (the same text, the same key order) without copying the
 * record: its own JSON with the expiry appended.
 */
function payloadJson(record: SessionRecord, expiresAt: number): string {
  const json = JSON.stringify(record);
  // A non-finite expiry (a broken clock) is written as JSON writes it (`null`), as before.
  const expiry = Number.isFinite(expiresAt) ? String(expiresAt) : "null";
  return json === "{}" ? `{"expiresAt":${expiry}}` : `${json.slice(0, -1)},"expiresAt":${expiry}}`;
}

/**
 * Whether two records (both out of pickSessionRecord) say the same: field by field, nested values
 * (the app's data, a signer list) compared as JSON. A sign-in or a new nonce differs at once in
 * the first fields, so the usual answer costs a few comparisons, not two serializations.
 */
function sameRecord(a: SessionRecord, b: SessionRecord): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    const left: unknown = (a as Record<string, unknown>)[key];
    const right: unknown = (b as Record<string, unknown>)[key];
    if (left === right) continue;
    if (typeof left !== "object" || left === null || typeof right !== "object" || right === null) return false;
    if (JSON.stringify(left) !== JSON.stringify(right)) return false;
  }
  return true;
}
