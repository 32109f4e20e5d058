/**
 * The interaction routes read the request's interaction themselves when its cookie is signed with
 * the newest cookie key (one HMAC, compared in constant time), and leave every other case to
 * oidc-provider's `interactionDetails`: a cookie signed with an older key (which oidc-provider
 * accepts and signs again with the newest), a bad or missing signature, no cookie. A real
 * oidc-provider on loopback, its keys rotated in place as a restart with a new key would.
 */
import { createHmac } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createVerifier, type Verifier } from "../../src/index.js";
import { interactionReader } from "../../src/oidc/interaction-cookie.js";
import type { OidcInteractionLike, OidcProviderLike } from "../../src/oidc/provider-types.js";
import { OIDC_TEXT } from "../../src/oidc/interaction-routes.js";
import { isDeletion } from "../support/cookie-jar.js";
import { getInteractionNonce, openInteraction, startTestProvider, type Interaction, type TestProvider } from "./harness.js";
import { discoverProvider, REDIRECT_URI, startAuthorization, type RelyingParty } from "./rp.js";

const CLIENT = { client_id: "web-app", client_secret: "relying-party-secret-0123456789abcdef", redirect_uris: [REDIRECT_URI] };
const OLD_KEY = "an-older-cookie-key-0123456789abcdef";
const NEW_KEY = "the-newest-cookie-key-0123456789abcdef";

describe("the interaction cookie", () => {
  let verifier: Verifier;
  let op: TestProvider;
  let rp: RelyingParty;

  beforeAll(async () => {
    verifier = createVerifier();
    op = await startTestProvider({ verifier, clients: [CLIENT], cookieKeys: [OLD_KEY] });
    rp = await discoverProvider(op.issuer, CLIENT.client_id, CLIENT.client_secret);
  });
  afterAll(async () => {
    await op?.stop();
    await verifier?.close();
  });

  const newInteraction = async (): Promise<Interaction> => openInteraction((await startAuthorization(rp, "openid")).url);
  const details = (interaction: Interaction) => interaction.jar.fetch(`${interaction.url}/details`);

  it("signed with the newest key: read without oidc-provider's own cookie check, the same answer", async () => {
    const interaction = await newInteraction();
    const spy = vi.spyOn(op.provider, "interactionDetails");
    try {
      const answer = await details(interaction);
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { clientId?: unknown }).clientId).toBe(CLIENT.client_id);
      expect((await getInteractionNonce(interaction)).status).toBe(200);
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it("signed with an older key: oidc-provider reads it and signs it again with the newest", async () => {
    const interaction = await newInteraction();
    const provider = op.provider as unknown as { keys: string[] };
    provider.keys = [NEW_KEY, OLD_KEY];
    const spy = vi.spyOn(op.provider, "interactionDetails");
    try {
      const answer = await details(interaction);
      expect(answer.status).toBe(200);
      expect(spy).toHaveBeenCalledTimes(1);
      const resigned = interaction.jar.lastSetCookie("_interaction.sig");
      expect(resigned).toBeDefined();
      expect(isDeletion(resigned!)).toBe(false);
      // Now signed with the newest key: the routes read it themselves.
      expect((await details(interaction)).status).toBe(200);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
      provider.keys = [OLD_KEY];
    }
  });

  it("a forged signature is refused as an unknown interaction, and oidc-provider clears it", async () => {
    const interaction = await newInteraction();
    const signature = interaction.jar.get("_interaction.sig")!;
    const forged = `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`;
    for (const value of [forged, `${signature}x`, "Á".repeat(signature.length), ""]) {
      interaction.jar.set("_interaction.sig", value);
      const answer = await details(interaction);
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { error?: unknown }).error).toBe(OIDC_TEXT.interactionNotFound);
    }
    interaction.jar.set("_interaction.sig", forged);
    await details(interaction);
    expect(isDeletion(interaction.jar.lastSetCookie("_interaction.sig")!)).toBe(true);
  });

  it("an interaction id the signature does not cover is refused", async () => {
    const first = await newInteraction();
    const second = await newInteraction();
    // The first interaction's id with the second's signature.
    first.jar.set("_interaction.sig", second.jar.get("_interaction.sig")!);
    expect((await details(first)).status).toBe(400);
  });

  it("without the signature cookie, or without any cookie, the interaction is unknown", async () => {
    const interaction = await newInteraction();
    interaction.jar.delete("_interaction.sig");
    expect((await details(interaction)).status).toBe(400);
    const bare = await fetch(`${interaction.url}/details`);
    expect(bare.status).toBe(400);
  });
});

describe("the interaction cookie, under a cookie name of the provider's configuration", () => {
  const interaction = {
    uid: "abc",
    prompt: { name: "login" },
    params: {},
    returnTo: "/",
    persist: async () => undefined,
  } as OidcInteractionLike;
  const fromProvider = { ...interaction, uid: "from-interaction-details" };
  const provider = (cookieName: () => string): OidcProviderLike => ({
    proxy: false,
    keys: ["the-cookie-key"],
    cookieName,
    interactionDetails: vi.fn(async () => fromProvider),
    interactionResult: async () => "/",
    Client: { find: async () => undefined },
    Interaction: { find: async (uid: string) => (uid === "abc" ? interaction : undefined) },
    Session: { findByUid: async () => undefined },
  });
  const request = (cookie: string) => ({ headers: { cookie } }) as IncomingMessage;
  const signed = (name: string, value: string) => createHmac("sha1", "the-cookie-key").update(`${name}=${value}`).digest("base64url");
  const response = {} as ServerResponse;

  it("matches a name with characters a pattern would read otherwise", async () => {
    const name = "my-interaction.v2";
    const read = interactionReader(provider(() => name));
    const header = `other=1; ${name}=abc; ${name}.sig=${signed(name, "abc")}`;
    expect((await read(request(header), response)).uid).toBe("abc");
    // `my-interactionXv2` is not the cookie: the `.` is matched as itself.
    const lookalike = `my-interactionXv2=abc; ${name}.sig=${signed(name, "abc")}`;
    expect((await read(request(lookalike), response)).uid).toBe("from-interaction-details");
  });

  it("a provider that cannot name its interaction cookie is asked through interactionDetails", async () => {
    const read = interactionReader(
      provider(() => {
        throw new Error("cookie name for type interaction is not configured");
      }),
    );
    expect((await read(request("_interaction=abc"), response)).uid).toBe("from-interaction-details");
  });
});
