import type { NormalizedOidcOptions } from "./options.js";

/**
 * The Content-Security-Policy of every answer: the provider's pages and the interaction page
 * load scripts, styles, images and connections from the provider's own origin only, and no
 * other site may frame them (a framed sign-in page invites clickjacking). There is no
 * `form-action`: oidc-provider's `form_post` answer and its logout form post to the relying
 * party and to itself, and its inline auto-submit script is allowed by the hash it adds to
 * `script-src` itself.
 *
 * @internal
 */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/** One year: how long a browser keeps to HTTPS once it has seen the provider over it. */
const HSTS_MAX_AGE_SECONDS = 31_536_000;

/**
 * The security headers every answer of the provider carries. HSTS only in production with an
 * `https:` issuer: a browser that saw it on a development `localhost` would refuse plain HTTP
 * there for a year.
 *
 * @internal
 */
export function securityHeaders(config: Pick<NormalizedOidcOptions, "auth" | "issuerUrl">): readonly [string, string][] {
  const headers: [string, string][] = [
    ["Content-Security-Policy", CONTENT_SECURITY_POLICY],
    ["X-Frame-Options", "DENY"],
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "no-referrer"],
  ];
  if (config.auth.production && config.issuerUrl.protocol === "https:") {
    headers.push(["Strict-Transport-Security", `max-age=${HSTS_MAX_AGE_SECONDS}`]);
  }
  return headers;
}
