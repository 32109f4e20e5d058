/**
 * `createXrplOidc`'s options: what production refuses (each with one line naming the option),
 * what development generates and says, the signing keys it accepts, and the settings that change
 * the provider (an issuer with a path, open registration, HSTS in production).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { newPrivateJwk } from "../support/private-jwk.mjs";
import { createVerifier, InvalidOptionsError, type Verifier } from "../../src/index.js";
import { createXrplOidc, type XrplOidcOptions } from "../../src/oidc/index.js";
import { startTestProvider } from "./harness.js";
import { discoverProvider, REDIRECT_URI, signInThroughProvider } from "./rp.js";

function jwk(type: "ec" | "ed25519" | "rsa", options: Record<string, unknown> = {}): Record<string, unknown> {
  return newPrivateJwk(type, (options.curve as string | undefined) ?? "P-256");
}

describe("createXrplOidc options", () => {
  let verifier: Verifier;
  // A master key's sign-in asks the ledger whether the account disabled the key.
  let ledger: MockRippled | undefined;
  const secret = "0123456789abcdef0123456789abcdef-secret";
  const cookieKeys = ["fedcba9876543210fedcba9876543210-cookie"];
  beforeAll(async () => {
    verifier = createVerifier({ nodeUrl: (ledger = await startMockRippled()).url });
  });
  afterAll(async () => {
    await verifier.close();
    await ledger?.stop();
  });

  const production = (overrides: Partial<XrplOidcOptions>) => () =>
    createXrplOidc({
      issuer: "https://id.example.com",
      verifier,
      jwks: { keys: [jwk("ec") as never] },
      cookieKeys,
      production: true,
      ...overrides,
    });

  it("starts in production with every setting given", () => {
    const xrpl = production({})();
    expect(xrpl.issuer).toBe("https://id.example.com");
    expect(xrpl.configuration.clientDefaults.id_token_signed_response_alg).toBe("ES256");
    expect(xrpl.configuration.features.devInteractions.enabled).toBe(false);
    expect(xrpl.configuration.features.registration.enabled).toBe(false);
  });

  it.each<[string, Partial<XrplOidcOptions>, RegExp]>([
    ["no issuer", { issuer: undefined as never }, /`issuer` is required/u],
    ["an http issuer", { issuer: "http://id.example.com" }, /`issuer` "http:\/\/id\.example\.com" must be an https: URL in production/u],
    ["an issuer with a query", { issuer: "https://id.example.com/?tenant=1" }, /must not have a query or a fragment/u],
    ["an issuer that is not a URL", { issuer: "id.example.com" }, /is not a URL/u],
    ["no signing keys", { jwks: undefined }, /`jwks` is required in production/u],
    [
      "a public signing key",
      { jwks: { keys: [{ kty: "OKP", crv: "Ed25519", x: "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo" }] } },
      /`jwks` key 0 is a public key/u,
    ],
    ["an unknown key type", { jwks: { keys: [{ kty: "oct", k: "c2VjcmV0", d: "x" }] } }, /`jwks` key 0 \(kty "oct"/u],
    ["an encryption key only", { jwks: { keys: [{ ...jwk("ec"), use: "enc" } as never] } }, /`jwks` has no signing key/u],
    [
      "an algorithm that is not a signing one",
      { jwks: { keys: [{ ...jwk("ec"), alg: "none" } as never] } },
      /`jwks` key 0 has "alg" "none"/u,
    ],
    ["no cookie keys", { cookieKeys: undefined }, /`cookieKeys` is required in production/u],
    ["a short cookie key", { cookieKeys: ["short"] }, /`cookieKeys\[0\]` is too short/u],
    ["a weak cookie key", { cookieKeys: ["a".repeat(40)] }, /`cookieKeys\[0\]` has too few different characters/u],
    ["a client without client_id", { clients: [{ redirect_uris: [] } as never] }, /`clients\[0\]` needs a `client_id`/u],
    ["a client listed twice", { clients: [{ client_id: "a" }, { client_id: "a" }] }, /lists client_id "a" twice/u],
    [
      "a CORS entry that is not an origin",
      { corsOrigins: ["https://app.example.com/path"] },
      /`corsOrigins` entry "https:\/\/app\.example\.com\/path" is not an origin/u,
    ],
    ["another registration mode", { registration: "sometimes" as never }, /`registration` must be "closed" or "open"/u],
    ["an interaction lifetime of 0", { interactionTtlSeconds: 0 }, /`interactionTtlSeconds` must be a positive whole number/u],
  ])("refuses %s with one line naming the option", (_label, overrides, pattern) => {
    let thrown: unknown;
    try {
      production(overrides)();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidOptionsError);
    const message = (thrown as Error).message;
    expect(message).toMatch(/^sign-in-with-xrpl: createXrplOidc: /u);
    expect(message).toMatch(pattern);
    expect(message).not.toContain("\n");
  });

  it("in development generates a signing key and a cookie key for the process, and says so", () => {
    const warnings: string[] = [];
    const xrpl = createXrplOidc({
      issuer: "http://localhost:3000",
      verifier,
      production: false,
      logger: { warn: (message) => warnings.push(message), error() {} },
    });
    expect(xrpl.configuration.jwks.keys).toHaveLength(1);
    expect(xrpl.configuration.jwks.keys[0]).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig", d: expect.any(String) });
    expect(xrpl.configuration.cookies.keys).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/u)]);
    expect(warnings.some((warning) => /no `jwks` given, so a P-256 signing key was generated/u.test(warning))).toBe(true);
    expect(warnings.some((warning) => /no `cookieKeys` given/u.test(warning))).toBe(true);
  });

  it("signs id_tokens with the first signing key's algorithm: EdDSA for Ed25519, RS256 for RSA, the key's own alg when it names one", () => {
    const algorithmOf = (keys: Record<string, unknown>[]) => production({ jwks: { keys: keys as never } })().configuration;
    expect(algorithmOf([jwk("ed25519")]).clientDefaults.id_token_signed_response_alg).toBe("EdDSA");
    expect(algorithmOf([jwk("rsa")]).clientDefaults.id_token_signed_response_alg).toBe("RS256");
    expect(algorithmOf([{ ...jwk("rsa"), alg: "PS256" }]).clientDefaults.id_token_signed_response_alg).toBe("PS256");
    const rotated = algorithmOf([jwk("ec", { curve: "P-384" }), jwk("ed25519")]);
    expect(rotated.clientDefaults.id_token_signed_response_alg).toBe("ES384");
    expect(rotated.enabledJWA.idTokenSigningAlgValues).toEqual(["ES384", "EdDSA", "Ed25519"]);
  });

  it("works under an issuer with a path: discovery, interaction and tokens all live under it", async () => {
    const op = await startTestProvider({
      verifier,
      issuerPath: "/oidc",
      clients: [{ client_id: "app", client_secret: secret, redirect_uris: [REDIRECT_URI] }],
    });
    try {
      expect(op.issuer).toMatch(/\/oidc$/u);
      const rp = await discoverProvider(op.issuer, "app", secret);
      const { interaction, tokens, address } = await signInThroughProvider(rp, "openid xrpl");
      expect(new URL(interaction.url).pathname).toBe(`/oidc/interaction/${interaction.uid}`);
      expect(interaction.details.uri).toBe(op.issuer);
      expect(tokens.claims()).toMatchObject({ iss: op.issuer, sub: address, xrpl_address: address });
    } finally {
      await op.stop();
    }
  });

  it('registration: "open" lets a relying party register itself', async () => {
    const op = await startTestProvider({ verifier, registration: "open" });
    try {
      const answer = await fetch(`${op.issuer}/reg`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ redirect_uris: [REDIRECT_URI], client_name: "Self-registered" }),
      });
      expect(answer.status).toBe(201);
      expect(await answer.json()).toMatchObject({ client_id: expect.any(String), client_secret: expect.any(String) });
    } finally {
      await op.stop();
    }
  });

  it("sends HSTS in production (an https: issuer), with the other security headers", async () => {
    const op = await startTestProvider({
      verifier,
      production: true,
      jwks: { keys: [jwk("ec") as never] },
      cookieKeys,
      issuerOrigin: "https://127.0.0.1:8443",
    });
    try {
      const answer = await fetch(`${op.url}/.well-known/openid-configuration`);
      expect(answer.headers.get("strict-transport-security")).toBe("max-age=31536000");
      expect(answer.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      // The issuer, not the socket, says https.
      expect(((await answer.json()) as { token_endpoint: string }).token_endpoint).toBe("https://127.0.0.1:8443/token");
    } finally {
      await op.stop();
    }
  });
});
