// The OpenID Provider benchmark's baseline: oidc-provider alone with a password-less stub login
// in place of Sign in with XRPL, on the same Express stack as the example: the same security
// headers on every answer, and the login route rate limited as the example's verify route is (a
// password login is rate limited too), with the same express-rate-limit settings.
//
// - `POST /interaction/:uid/login` signs in a fixed account at once. With no body it answers
//   `{ ok, redirectTo }` as JSON (the wallet-shaped flow); with a form body
//   (`application/x-www-form-urlencoded`, what the page below posts) it ends the interaction with
//   oidc-provider's redirect, as a password form post does. The password is not checked: a real
//   one would cost a password hash (scrypt, bcrypt) far above a signature check.
// - `GET /interaction/:uid` renders the login page after `provider.interactionDetails`, as
//   oidc-provider's own development interactions do: the client's name and a form with the login,
//   a password field and the submit button.
// - `GET /interaction/:uid/nonce` answers a fixed nonce after reading the interaction, as the
//   example's nonce route does minus the library, so a second baseline can make the same number
//   of requests as an XRPL sign-in (rate limited as the example's).
//
// The rest of the configuration is what the example's provider gets for a code flow (the same
// clients, ES256 keys, cookie keys, code flow only, one grant per sign-in, token lifetimes), so
// the difference is the sign-in step.
// Settings: PORT, HOST, OIDC_ISSUER, OIDC_CLIENTS, OIDC_JWKS, OIDC_COOKIE_KEYS, NONCE_RATE_LIMIT,
// VERIFY_RATE_LIMIT, and STUB_STACK=bare for oidc-provider with neither the headers nor the limits.
import express from "express";
import Provider from "oidc-provider";
import { perMinuteLimit } from "../examples/oidc-provider/app.mjs";
import { NONCE_RATE_LIMITED, VERIFY_RATE_LIMITED } from "../examples/oidc-provider/config.mjs";

const env = process.env;
const issuer = env.OIDC_ISSUER;
const STUB_ACCOUNT = "rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY";
const bare = env.STUB_STACK === "bare";
// The example's headers (sign-in-with-xrpl/oidc sets these on every answer; HSTS only in production).
const SECURITY_HEADERS = [
  [
    "Content-Security-Policy",
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  ],
  ["X-Frame-Options", "DENY"],
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "no-referrer"],
];

const provider = new Provider(issuer, {
  clients: JSON.parse(env.OIDC_CLIENTS),
  jwks: JSON.parse(env.OIDC_JWKS),
  cookies: { keys: env.OIDC_COOKIE_KEYS.split(",") },
  responseTypes: ["code"],
  clientDefaults: { grant_types: ["authorization_code", "refresh_token"], response_types: ["code"], id_token_signed_response_alg: "ES256" },
  features: { devInteractions: { enabled: false } },
  claims: { openid: ["sub"] },
  findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub }) }),
  loadExistingGrant: async (ctx) => {
    const { oidc } = ctx;
    const grant = new oidc.provider.Grant({ accountId: oidc.session.accountId, clientId: oidc.client.clientId });
    grant.addOIDCScope([...oidc.requestParamOIDCScopes].join(" "));
    await grant.save();
    return grant;
  },
  ttl: {
    AccessToken: 3600,
    AuthorizationCode: 60,
    IdToken: 3600,
    Interaction: 600,
    Grant: 1_209_600,
    Session: 86_400,
    RefreshToken: 1_209_600,
  },
});

const app = express();
app.disable("x-powered-by");
if (!bare) {
  app.get("/interaction/:uid/nonce", perMinuteLimit(Number(env.NONCE_RATE_LIMIT ?? 60), NONCE_RATE_LIMITED));
  app.post("/interaction/:uid/login", perMinuteLimit(Number(env.VERIFY_RATE_LIMIT ?? 30), VERIFY_RATE_LIMITED));
  app.use((_req, res, next) => {
    for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value);
    next();
  });
}

const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (character) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[character]);

app.get("/interaction/:uid", async (req, res, next) => {
  try {
    const { uid, params } = await provider.interactionDetails(req, res);
    const client = await provider.Client.find(params.client_id);
    const action = `/interaction/${encodeURIComponent(uid)}/login`;
    res
      .set("Cache-Control", "no-store")
      .type("html")
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in</title></head><body><main><h1>Sign-in</h1>` +
          `<p>to ${escapeHtml(client?.clientName ?? params.client_id)}</p>` +
          `<form autocomplete="off" action="${escapeHtml(action)}" method="post"><input type="hidden" name="prompt" value="login">` +
          `<input required type="text" name="login" placeholder="Enter any login" autofocus="on">` +
          `<input required type="password" name="password" placeholder="and password">` +
          `<button type="submit">Sign-in</button></form></main></body></html>`,
      );
  } catch (error) {
    next(error);
  }
});
app.get("/interaction/:uid/nonce", async (req, res, next) => {
  try {
    await provider.interactionDetails(req, res);
    res.set("Cache-Control", "no-store").json({ nonce: "0123456789abcdef0123456789abcdef" });
  } catch (error) {
    next(error);
  }
});
const form = express.urlencoded({ extended: false, limit: "16kb" });
app.post("/interaction/:uid/login", form, async (req, res, next) => {
  try {
    await provider.interactionDetails(req, res);
    const result = { login: { accountId: STUB_ACCOUNT }, consent: {} };
    if (req.is("application/x-www-form-urlencoded")) {
      // The form post: the password would be checked here; the browser is sent on to /auth/:uid.
      if (typeof req.body?.login !== "string") return res.status(400).send("login required");
      return await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
    }
    const redirectTo = await provider.interactionResult(req, res, result);
    res.set("Cache-Control", "no-store").json({ ok: true, redirectTo });
  } catch (error) {
    next(error);
  }
});
app.use(provider.callback());

const server = app.listen(Number(env.PORT), env.HOST ?? "127.0.0.1", () => {
  console.log(`oidc-provider stub login listening on http://127.0.0.1:${server.address().port}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
