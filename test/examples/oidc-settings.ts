/**
 * Settings of the OpenID Provider example for the tests: one confidential client at the
 * relying party's test redirect_uri, and private signing keys as OIDC_JWKS.
 */
import { randomBytes } from "node:crypto";
import { newPrivateJwk } from "../support/private-jwk.mjs";
import { REDIRECT_URI } from "../oidc/rp.js";

export const CLIENT_SECRET = randomBytes(24).toString("hex");

/** OIDC_CLIENTS: client `web-app` (client_secret_basic) sent back to `REDIRECT_URI`. */
export const OIDC_CLIENTS = JSON.stringify([
  {
    client_id: "web-app",
    client_secret: CLIENT_SECRET,
    redirect_uris: [REDIRECT_URI],
    post_logout_redirect_uris: ["http://127.0.0.1:9/out"],
  },
]);

/** A new private signing key as OIDC_JWKS. */
export function jwksSetting(kind: "ec" | "ed25519" = "ec"): string {
  return JSON.stringify({ keys: [{ ...newPrivateJwk(kind), kid: `test-${kind}`, use: "sig" }] });
}
