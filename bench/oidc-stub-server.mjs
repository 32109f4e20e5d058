// The OpenID Provider benchmark's baseline: oidc-provider alone on the same Express stack as the
// example, with a password-less stub login in place of Sign in with XRPL: `POST
// /interaction/:uid/login` signs in a fixed account at once. `GET /interaction/:uid/nonce` answers
// a fixed nonce after reading the interaction, as the example's nonce route does minus the
// library, so a second baseline can make the same number of requests as an XRPL sign-in. The rest of the configuration is
// what the example's provider gets for a code flow (the same clients, ES256 keys, cookie keys,
// code flow only, one grant per sign-in, token lifetimes), so the difference is the sign-in step.
// Settings: PORT, HOST, OIDC_ISSUER, OIDC_CLIENTS, OIDC_JWKS, OIDC_COOKIE_KEYS.
import express from "express";
import Provider from "oidc-provider";

const env = process.env;
const issuer = env.OIDC_ISSUER;
const STUB_ACCOUNT = "rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY";

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
app.get("/interaction/:uid/nonce", async (req, res, next) => {
  try {
    await provider.interactionDetails(req, res);
    res.set("Cache-Control", "no-store").json({ nonce: "0123456789abcdef0123456789abcdef" });
  } catch (error) {
    next(error);
  }
});
app.post("/interaction/:uid/login", async (req, res, next) => {
  try {
    await provider.interactionDetails(req, res);
    const redirectTo = await provider.interactionResult(req, res, { login: { accountId: STUB_ACCOUNT }, consent: {} });
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
