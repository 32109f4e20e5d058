// The HTML pages oidc-provider shows itself (an error, the logout confirmation, the page after a
// logout without a redirect), written without inline styles or scripts so the provider's
// Content-Security-Policy holds on them too, and without any internal detail.
import type { OidcRequestContext, OidcErrorOut } from "./provider-types.js";

/** @internal Text made safe for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/gu, (character) => `&#${character.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

/**
 * `renderError`: the OAuth error and its description (both meant for the user or the relying
 * party's developer), nothing else: never a stack or an internal detail.
 *
 * @internal
 */
export function renderErrorPage(ctx: OidcRequestContext, out: OidcErrorOut): void {
  const error = typeof out.error === "string" ? out.error : "server_error";
  const description = typeof out.error_description === "string" ? out.error_description : "";
  ctx.type = "html";
  ctx.body = page(
    "Sign-in could not continue",
    `<h1>Sign-in could not continue</h1>
<p><code>${escapeHtml(error)}</code>${description === "" ? "" : `: ${escapeHtml(description)}`}</p>
<p>Go back to the application and try again.</p>`,
  );
}

/**
 * `features.rpInitiatedLogout.logoutSource`: asks before ending the session. `form` is
 * oidc-provider's hidden form (with its anti-forgery token); the buttons submit it.
 *
 * @internal
 */
export function logoutPage(ctx: OidcRequestContext, form: string): void {
  ctx.type = "html";
  ctx.body = page(
    "Sign out",
    `<h1>Sign out of ${escapeHtml(ctx.host ?? "the provider")}?</h1>
${form}
<p>
<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button>
<button type="submit" form="op.logoutForm">No, stay signed in</button>
</p>`,
  );
}

/**
 * `features.rpInitiatedLogout.postLogoutSuccessSource`: a logout without a
 * `post_logout_redirect_uri` ends here.
 *
 * @internal
 */
export function signedOutPage(ctx: OidcRequestContext): void {
  ctx.type = "html";
  ctx.body = page("Signed out", "<h1>Signed out</h1>\n<p>You have signed out. You can close this page.</p>");
}
