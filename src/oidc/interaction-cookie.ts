// The interaction of a request, read the way oidc-provider's `interactionDetails` reads it, with
// the common case done more cheaply. oidc-provider builds a Koa context for the request and checks
// the signed interaction cookie through `cookies` and `keygrip`, whose comparison hashes both
// signatures again with a fresh random key (two more HMACs and a random read per cookie), on
// every call. Here, when the cookie is signed with the newest key, the signature is computed once
// and compared in constant time; everything else (no cookie, an older key, a bad signature, keys
// kept in a form other than a list) goes through `interactionDetails` itself, so its answers and
// its side effects (re-signing with the newest key, clearing a bad signature) stay its own.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { OidcInteractionLike, OidcProviderLike } from "./provider-types.js";

/**
 * oidc-provider's "no such interaction" (`SessionNotFound`), for a caller that tells it apart
 * from a fault of the server by its name.
 *
 * @internal
 */
export class InteractionNotFound extends Error {
  override readonly name = "SessionNotFound";
}

/**
 * The characters that have a meaning in a pattern, escaped so a cookie name matches itself (the
 * names `cookies` matches are the provider's own; `-`, `,`, `#` and spaces, which `cookies` also
 * escapes, are already literal here).
 */
const PATTERN_SYNTAX = /[\\^$.*+?()[\]{}|/]/gu;

/** `cookies`' own match of one cookie in a Cookie header: the first `name=value` at a pair's start. */
function cookiePattern(name: string): RegExp {
  return new RegExp(`(?:^|;) *${name.replace(PATTERN_SYNTAX, "\\$&")}=([^;]*)`, "u");
}

function cookieValue(header: string, pattern: RegExp): string | undefined {
  const value = pattern.exec(header)?.[1];
  if (value === undefined) return undefined;
  return value.startsWith('"') ? value.slice(1, -1) : value;
}

/**
 * The interaction the request's cookie names, as `provider.interactionDetails(req, res)` finds it:
 * the same cookie, the same signature rule (`keygrip`'s HMAC-SHA1, base64url), the interaction
 * read from storage, and its provider session, if it has one, still there with the same account.
 * Throws `SessionNotFound` where `interactionDetails` does.
 *
 * @internal
 */
export function interactionReader(provider: OidcProviderLike): (req: IncomingMessage, res: ServerResponse) => Promise<OidcInteractionLike> {
  let name: string | undefined;
  try {
    name = provider.cookieName?.("interaction");
  } catch {
    name = undefined;
  }
  if (typeof name !== "string" || name === "") return (req, res) => provider.interactionDetails(req, res);
  const valuePattern = cookiePattern(name);
  const signaturePattern = cookiePattern(`${name}.sig`);
  const signedPrefix = `${name}=`;

  /** The cookie's interaction id when it is signed with the newest key; `undefined` for every other case. */
  const signedId = (req: IncomingMessage): string | undefined => {
    const keys = provider.keys;
    const newest: unknown = Array.isArray(keys) ? keys[0] : undefined;
    if (typeof newest !== "string" && !Buffer.isBuffer(newest)) return undefined;
    const header = req.headers.cookie;
    if (typeof header !== "string") return undefined;
    const value = cookieValue(header, valuePattern);
    if (value === undefined || value === "") return undefined;
    const signature = cookieValue(header, signaturePattern);
    if (signature === undefined || signature === "") return undefined;
    const expected = Buffer.from(
      createHmac("sha1", newest)
        .update(signedPrefix + value)
        .digest("base64url"),
      "utf8",
    );
    const given = Buffer.from(signature, "utf8");
    return given.length === expected.length && timingSafeEqual(given, expected) ? value : undefined;
  };

  return async (req, res) => {
    const id = signedId(req);
    if (id === undefined) return provider.interactionDetails(req, res);
    const interaction = await provider.Interaction.find(id);
    if (interaction === undefined) throw new InteractionNotFound("interaction session not found");
    const sessionUid = interaction.session?.uid;
    if (typeof sessionUid === "string" && sessionUid !== "") {
      const session = await provider.Session.findByUid(sessionUid);
      if (session === undefined) throw new InteractionNotFound("session not found");
      if (interaction.session?.accountId !== session.accountId) throw new InteractionNotFound("session principal changed");
    }
    return interaction;
  };
}
