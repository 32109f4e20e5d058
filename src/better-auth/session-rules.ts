// The lifetime rules of an XRPL sign-in, for better-auth sessions: the same rules as the HTTP
// handlers' (src/server/session-read.ts judges both), read from the columns the plugin adds to
// better-auth's `session` table.
import type { AuthContext, BetterAuthPluginDBSchema, HookEndpointContext } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { judgeSignedIn, createSessionRules, type SessionRules } from "../server/session-read.js";
import { readClaimsValue, type SessionClaims } from "../server/session-claims.js";
import type { SessionRecord } from "../server/types.js";
import type { Logger } from "../shared/logger.js";
import type { CheckSuccess } from "../verify/types.js";
import { CALLER, type NormalizedPluginOptions } from "./options.js";
import { SESSION_ADDRESS_FIELD } from "./routes.js";

/** The columns of an XRPL sign-in on better-auth's `session` table. */
const FIELD = {
  address: SESSION_ADDRESS_FIELD,
  signedInAt: "xrplSignedInAt",
  authority: "xrplAuthority",
  publicKey: "xrplPublicKey",
  signers: "xrplSigners",
  domain: "xrplDomain",
  claims: "xrplClaims",
  claimsReadAt: "xrplClaimsReadAt",
} as const;

/**
 * The plugin's session columns: which address signed the session in (shown by `getSession`),
 * when, with which key or signer list (for revalidation), for which domain (for apps with
 * several), and the ledger claims read for it (`xrplClaims`, JSON text such as
 * `{"kyc":true}`) and when (`xrplClaimsReadAt`). All nullable: sessions of other sign-in
 * methods leave them empty.
 *
 * @internal
 */
export const SESSION_SCHEMA = {
  session: {
    fields: {
      [FIELD.address]: { type: "string", required: false, input: false },
      [FIELD.signedInAt]: { type: "date", required: false, input: false },
      [FIELD.authority]: { type: "string", required: false, input: false },
      [FIELD.publicKey]: { type: "string", required: false, input: false },
      [FIELD.signers]: { type: "string", required: false, input: false },
      [FIELD.domain]: { type: "string", required: false, input: false },
      [FIELD.claims]: { type: "string", required: false, input: false },
      [FIELD.claimsReadAt]: { type: "date", required: false, input: false },
    },
  },
} satisfies BetterAuthPluginDBSchema;

/**
 * The session columns of a new XRPL sign-in. Its `expiresAt` stays better-auth's (a refresh
 * would move it anyway): the absolute lifetime counts from `xrplSignedInAt`, judged on every
 * request by the session guard.
 *
 * @internal
 */
export function signedInSessionFields(
  config: NormalizedPluginOptions,
  check: CheckSuccess,
  signedInFor: string,
  claims?: { claims: SessionClaims; readAt: number },
): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    [FIELD.address]: check.address,
    [FIELD.signedInAt]: new Date(config.auth.now()),
    [FIELD.authority]: check.authority,
    [FIELD.domain]: signedInFor,
  };
  if (check.publicKey !== null) fields[FIELD.publicKey] = check.publicKey;
  // Classic addresses never hold a comma.
  if (check.signers !== undefined) fields[FIELD.signers] = check.signers.join(",");
  if (claims !== undefined) Object.assign(fields, claimFields(claims.claims, claims.readAt));
  return fields;
}

/** The claim columns of a session: the answers as JSON text, and when they were read. */
function claimFields(claims: SessionClaims, readAt: number): Record<string, unknown> {
  return { [FIELD.claims]: JSON.stringify(claims), [FIELD.claimsReadAt]: new Date(readAt) };
}

/**
 * The ledger claims kept on a better-auth session row signed in with XRPL (its `xrplClaims`
 * column), by name, or `undefined` when it holds none (no claims configured, another sign-in
 * method).
 *
 * @example
 * ```ts
 * import { xrplSessionClaims } from "sign-in-with-xrpl/better-auth";
 *
 * const session = await auth.api.getSession({ headers: request.headers });
 * const claims = session === null ? undefined : xrplSessionClaims(session.session);
 * if (claims?.kyc !== true) return new Response("KYC needed", { status: 403 });
 * ```
 */
export function xrplSessionClaims(session: { readonly [field: string]: unknown }): Readonly<Record<string, boolean>> | undefined {
  return parseClaims(session[FIELD.claims]);
}

function parseClaims(value: unknown): Record<string, boolean> | undefined {
  if (typeof value === "object") return readClaimsValue(value);
  if (typeof value !== "string" || value === "") return undefined;
  try {
    return readClaimsValue(JSON.parse(value));
  } catch {
    return undefined;
  }
}

function timeOf(value: unknown): number | undefined {
  if (value instanceof Date) return value.getTime();
  if (typeof value === "string" || typeof value === "number") {
    const time = new Date(value).getTime();
    return Number.isFinite(time) ? time : undefined;
  }
  return undefined;
}

/** A session row's XRPL sign-in as the handlers' session record, for `judgeSignedIn`. */
function recordOf(row: Record<string, unknown>): SessionRecord {
  const record: SessionRecord = {};
  const address = row[FIELD.address];
  if (typeof address === "string") record.address = address;
  const signedInAt = timeOf(row[FIELD.signedInAt]);
  if (signedInAt !== undefined) record.authenticatedAt = signedInAt;
  if (typeof row.id === "string" && row.id !== "") record.sessionId = row.id;
  const authority = row[FIELD.authority];
  if (authority === "master" || authority === "regular" || authority === "multisig" || authority === "unknown")
    record.authority = authority;
  const publicKey = row[FIELD.publicKey];
  if (typeof publicKey === "string" && publicKey !== "") record.publicKey = publicKey;
  const signers = row[FIELD.signers];
  if (typeof signers === "string" && signers !== "") record.signers = signers.split(",");
  const domain = row[FIELD.domain];
  if (typeof domain === "string" && domain !== "") record.domain = domain;
  const claims = parseClaims(row[FIELD.claims]);
  if (claims !== undefined) record.claims = claims;
  const claimsReadAt = timeOf(row[FIELD.claimsReadAt]);
  if (claimsReadAt !== undefined) record.claimsReadAt = claimsReadAt;
  return record;
}

/**
 * What the plugin's hooks read of a request: its headers (a server-side `auth.api` call may pass
 * only headers), its query and better-auth's context.
 *
 * @internal
 */
export interface HookRequest {
  headers?: Headers | undefined;
  request?: Request | undefined;
  query?: unknown;
  path?: string | undefined;
  context: AuthContext;
}

/** The host a request is for, as the app itself routes it; undefined for a server-side call without one. */
function requestHost(ctx: HookRequest): string | undefined {
  const headers = ctx.headers ?? ctx.request?.headers;
  if (headers === undefined) return undefined;
  const trustProxy = ctx.context.options.advanced?.trustedProxyHeaders === true;
  const forwarded = trustProxy ? headers.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
  return forwarded ?? headers.get("host") ?? undefined;
}

/** What a request may do with the XRPL session its cookie names; `refreshed`: what a revalidation learned, to store. */
type SessionVerdict = { kind: "signed-in"; refreshed: SessionRecord | undefined } | { kind: "ended" } | { kind: "other-domain" };

/**
 * The session guard: before every endpoint, a request whose session was signed in with XRPL is
 * judged by the handlers' rules (absolute lifetime from the proof, revalidation on the ledger,
 * and, with several domains, the host the session signed in for). A session
 * that ended is deleted and its cookies expired; one used on another host is left alone, but the
 * request goes on as if it carried no session. Either way the endpoint (`getSession`, sign-out,
 * your `auth.api` calls...) sees no session. Sessions of other sign-in methods are untouched.
 *
 * @internal
 */
export function createSessionGuard(config: NormalizedPluginOptions) {
  const rules: SessionRules = createSessionRules(config.auth);
  let reportedReadWithoutHost = false;

  const judge = async (row: Record<string, unknown>, host: string | undefined, logger: Logger): Promise<SessionVerdict> => {
    if (rules.bindSessionToDomain && host === undefined && !reportedReadWithoutHost) {
      reportedReadWithoutHost = true;
      logger.warn(
        `sign-in-with-xrpl: ${CALLER}: \`domain\` names several hosts, so an XRPL session counts only on the host it signed in for, and a call did not say its host: it answers signed out. Pass the request's headers, e.g. auth.api.getSession({ headers: request.headers }).`,
      );
    }
    // With several domains, a read on another host than the sign-in's (or one without a host) answers signed out.
    const record = recordOf(row);
    const verdict = await judgeSignedIn({ ...rules, logger }, record, { place: { host } });
    if (verdict.signedIn) {
      // Only claims read since the row was written are worth a write (the check time lives in this process).
      const { refreshed } = verdict.state;
      const newer = refreshed?.claimsReadAt !== undefined && refreshed.claimsReadAt !== record.claimsReadAt;
      return { kind: "signed-in", refreshed: newer ? refreshed : undefined };
    }
    return verdict.ended === undefined ? { kind: "other-domain" } : { kind: "ended" };
  };

  return {
    matcher: (ctx: HookEndpointContext): boolean => (ctx.headers ?? ctx.request?.headers)?.has("cookie") === true,
    handler: createAuthMiddleware(async (ctx) => {
      const context: AuthContext = ctx.context;
      const token = await ctx.getSignedCookie(context.authCookies.sessionToken.name, context.secret);
      if (typeof token !== "string" || token === "") return;
      const found = await context.internalAdapter.findSession(token);
      const row = found?.session as Record<string, unknown> | undefined;
      if (row === undefined || typeof row[FIELD.address] !== "string") return;
      const logger = config.logger ?? context.logger;
      const verdict = await judge(row, requestHost(ctx), logger);
      if (verdict.kind === "signed-in") {
        // Claims a revalidation read again are updated in place on the row.
        const { refreshed } = verdict;
        if (refreshed?.claims !== undefined && refreshed.claimsReadAt !== undefined) {
          try {
            await context.internalAdapter.updateSession(token, claimFields(refreshed.claims, refreshed.claimsReadAt));
          } catch (cause) {
            logger.error("sign-in-with-xrpl: could not store the claims a revalidation read; the next read reads them again", cause);
          }
        }
        return;
      }
      if (verdict.kind === "ended") {
        await context.internalAdapter.deleteSession(token);
        deleteSessionCookie(ctx);
      }
      return { context: { headers: withoutAuthCookies(ctx) } };
    }),
  };
}

/** The request's headers with better-auth's session cookies left out, so the endpoint reads no session. */
function withoutAuthCookies(ctx: HookRequest): Headers {
  const source = ctx.headers ?? ctx.request?.headers ?? new Headers();
  const { sessionToken, sessionData, dontRememberToken } = ctx.context.authCookies;
  const names = new Set([sessionToken.name, sessionData.name, dontRememberToken.name]);
  const kept = (source.get("cookie") ?? "")
    .split(";")
    .map((pair) => pair.trim())
    .filter((pair) => {
      const name = pair.slice(0, pair.indexOf("=") === -1 ? pair.length : pair.indexOf("="));
      // A chunked session-data cookie is named `<name>.0`, `<name>.1`...
      return pair !== "" && !names.has(name) && !name.startsWith(`${sessionData.name}.`);
    });
  const headers = new Headers(source);
  headers.set("cookie", kept.join("; "));
  return headers;
}
