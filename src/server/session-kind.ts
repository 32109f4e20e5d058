// Where a signed-in session lives decides a few answers of the handlers, so the kind is named
// once here and every option that takes it (the handlers, the cookie settings, the browser
// client's adapter) reads it through `resolveSessionKind`.

/**
 * Where the session lives:
 * - `"sealed-cookie"`: the whole record travels in an encrypted cookie (iron-session, the fetch
 *   handler). No server state, so it suits serverless; the handlers answer every unexpected
 *   failure with 500 `Internal server error.`.
 * - `"server-store"`: the cookie holds only a session id and the record stays on the server
 *   (express-session with Redis, PostgreSQL...). Pending nonces expire after `nonceTtlSeconds`;
 *   a body the handlers cannot read is a 400 `Invalid request body.`.
 *
 * @example
 * ```ts
 * const sessionKind: SessionKind = process.env.SESSIONS === "iron" ? "sealed-cookie" : "server-store";
 * ```
 */
export type SessionKind = "sealed-cookie" | "server-store";

/**
 * The older names of the session kinds: `"cookie"` is `"sealed-cookie"`, `"store"` is `"server-store"`.
 *
 * @deprecated Use {@link SessionKind} through the `sessionKind` option; `variant` is read for one more minor version.
 * @example
 * ```ts
 * const legacy: AuthVariant = "store"; // write sessionKind: "server-store" instead
 * ```
 */
export type AuthVariant = "cookie" | "store";

const FROM_VARIANT: Record<AuthVariant, SessionKind> = { cookie: "sealed-cookie", store: "server-store" };

/** The kind named by `sessionKind`, or by the deprecated `variant`; an error text when neither (or both, disagreeing) say one. @internal */
export function resolveSessionKind(input: { sessionKind?: unknown; variant?: unknown }): SessionKind | { problem: string } {
  const { sessionKind, variant } = input;
  const fromVariant =
    typeof variant === "string" && Object.hasOwn(FROM_VARIANT, variant) ? FROM_VARIANT[variant as AuthVariant] : undefined;
  if (sessionKind === undefined) {
    if (variant === undefined)
      return {
        problem: 'set `sessionKind` to "server-store" (express-session and other server-side stores) or "sealed-cookie" (iron-session).',
      };
    if (fromVariant === undefined)
      return {
        problem: `unknown \`variant\` ${JSON.stringify(variant)}: set \`sessionKind\` to "server-store" or "sealed-cookie" instead.`,
      };
    return fromVariant;
  }
  if (sessionKind !== "sealed-cookie" && sessionKind !== "server-store") {
    return {
      problem: `unknown \`sessionKind\` ${typeof sessionKind === "string" ? JSON.stringify(sessionKind) : typeof sessionKind}: use "server-store" (express-session and other server-side stores) or "sealed-cookie" (iron-session).`,
    };
  }
  if (variant !== undefined && fromVariant !== sessionKind) {
    return {
      problem: `\`sessionKind\` ${JSON.stringify(sessionKind)} and the deprecated \`variant\` ${JSON.stringify(variant)} disagree: keep only \`sessionKind\`.`,
    };
  }
  return sessionKind;
}
