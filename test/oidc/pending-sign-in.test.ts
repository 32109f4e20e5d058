/**
 * The pending sign-in of an interaction (the nonce it issued), kept in a sealed cookie of its own
 * rather than written into the interaction: the nonce and start routes store nothing, and the
 * cookie counts only for the interaction it was issued for, in the state it was issued in, until
 * the nonce expires, is spent by a sign-in or used up by failed signatures, on every copy of it.
 * A real oidc-provider on loopback.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createVerifier, MAX_FAILED_VERIFY_ATTEMPTS, type Verifier } from "../../src/index.js";
import { PENDING_SIGN_IN_COOKIE } from "../../src/oidc/pending-sign-in.js";
import { SEALED_COOKIE_FORMAT } from "../support/cookie-jar.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { newKeyAccount, signatureProof } from "../examples/flow.js";
import {
  getInteractionNonce,
  interactionMessage,
  openInteraction,
  postInteractionVerify,
  startTestProvider,
  type Interaction,
  type TestProvider,
} from "./harness.js";
import { discoverProvider, REDIRECT_URI, startAuthorization, type RelyingParty } from "./rp.js";

const CLIENT = { client_id: "web-app", client_secret: "relying-party-secret-0123456789abcdef", redirect_uris: [REDIRECT_URI] };
const NO_PENDING = { status: 400, body: { error: "No pending nonce. Request /nonce first." } };
const NONCE_TTL_SECONDS = 300;

describe("the interaction's pending sign-in", () => {
  let verifier: Verifier;
  let ledger: MockRippled | undefined;
  let op: TestProvider;
  let rp: RelyingParty;
  // The provider's clock for the handlers: moved forward to expire a nonce.
  let clockOffsetMs = 0;

  beforeAll(async () => {
    verifier = createVerifier({ nodeUrl: (ledger = await startMockRippled()).url });
    op = await startTestProvider({
      verifier,
      clients: [CLIENT],
      nonceTtlSeconds: NONCE_TTL_SECONDS,
      now: () => Date.now() + clockOffsetMs,
    });
    rp = await discoverProvider(op.issuer, CLIENT.client_id, CLIENT.client_secret);
  });
  afterAll(async () => {
    await op?.stop();
    await verifier?.close();
    await ledger?.stop();
  });

  const newInteraction = async (): Promise<Interaction> => openInteraction((await startAuthorization(rp, "openid")).url);
  const signedFor = (interaction: Interaction, nonce: string, account = newKeyAccount()) => ({
    account,
    body: signatureProof(interactionMessage(interaction, account.address, nonce), account),
  });

  it("the nonce and start routes write nothing to the provider's storage: the nonce goes to a sealed cookie on the interaction's path", async () => {
    const interaction = await newInteraction();
    const saves = vi.spyOn(op.provider.Interaction.prototype, "save");
    let nonce: string;
    try {
      expect((await getInteractionNonce(interaction)).status).toBe(200);
      const start = await interaction.jar.fetch(`${interaction.url}/start`);
      expect(start.status).toBe(200);
      nonce = String(((await start.json()) as { nonce: string }).nonce);
      expect(saves).not.toHaveBeenCalled();
    } finally {
      saves.mockRestore();
    }
    const cookie = interaction.jar.lastSetCookie(PENDING_SIGN_IN_COOKIE)!;
    expect(cookie.value).toMatch(SEALED_COOKIE_FORMAT);
    expect(cookie.attributes).toMatchObject({
      path: `/interaction/${interaction.uid}`,
      "max-age": String(NONCE_TTL_SECONDS),
      httponly: true,
      samesite: "Lax",
    });
    // Nothing of the nonce is readable in the cookie.
    expect(cookie.value).not.toContain(nonce);
  });

  it("binds the nonce to its interaction: the cookie of one sent to another completes nothing", async () => {
    const mine = await newInteraction();
    const theirs = await newInteraction();
    const nonce = String((await getInteractionNonce(mine)).body.nonce);
    // Their interaction, with my pending cookie, and a message that names my nonce and their interaction.
    theirs.jar.set(PENDING_SIGN_IN_COOKIE, mine.jar.get(PENDING_SIGN_IN_COOKIE)!);
    const { body } = signedFor(theirs, nonce);
    expect(await postInteractionVerify(theirs, body)).toMatchObject(NO_PENDING);
    // Their own nonce does not make my message theirs.
    await getInteractionNonce(theirs);
    expect(await postInteractionVerify(theirs, body)).toMatchObject({ status: 400, body: { error: "Nonce does not match." } });
    // Mine still signs in with it.
    expect((await postInteractionVerify(mine, signedFor(mine, nonce).body)).status).toBe(200);
  });

  it("reads a cookie it did not seal, or one changed by a single character, as no pending nonce", async () => {
    const interaction = await newInteraction();
    const nonce = String((await getInteractionNonce(interaction)).body.nonce);
    const { body } = signedFor(interaction, nonce);
    const sealed = interaction.jar.get(PENDING_SIGN_IN_COOKIE)!;
    const last = sealed.at(-1) === "A" ? "B" : "A";
    for (const value of [`${sealed.slice(0, -1)}${last}`, "v1.AAAAAAAA.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA", "not-sealed"]) {
      const jar = interaction.jar.clone();
      jar.set(PENDING_SIGN_IN_COOKIE, value);
      expect(await postInteractionVerify(interaction, body, jar)).toMatchObject(NO_PENDING);
    }
    expect((await postInteractionVerify(interaction, body)).status).toBe(200);
  });

  it("refuses a replayed proof with a copy of the cookie taken before the sign-in, and expires the cookie with the sign-in", async () => {
    const interaction = await newInteraction();
    const { body } = signedFor(interaction, String((await getInteractionNonce(interaction)).body.nonce));
    const copy = interaction.jar.clone();
    expect((await postInteractionVerify(interaction, body)).status).toBe(200);
    const expired = interaction.jar.lastSetCookie(PENDING_SIGN_IN_COOKIE)!;
    expect(expired.attributes).toMatchObject({ path: `/interaction/${interaction.uid}`, "max-age": "0" });
    expect(interaction.jar.get(PENDING_SIGN_IN_COOKIE)).toBeUndefined();
    // The interaction's result changed with the sign-in: the copy's pending nonce no longer counts.
    expect(await postInteractionVerify(interaction, body, copy)).toMatchObject(NO_PENDING);
    expect(await postInteractionVerify(interaction, body)).toMatchObject(NO_PENDING);
  });

  it("voids a pending nonce when the user cancels; a nonce asked for afterwards is bound to the cancelled interaction as it now is", async () => {
    const interaction = await newInteraction();
    const account = newKeyAccount();
    const before = signedFor(interaction, String((await getInteractionNonce(interaction)).body.nonce), account).body;
    const copy = interaction.jar.clone();
    expect((await interaction.jar.fetch(`${interaction.url}/abort`, { method: "POST" })).status).toBe(200);
    expect(await postInteractionVerify(interaction, before, copy)).toMatchObject(NO_PENDING);
    // As before this cookie: the user may still sign after cancelling, with a new nonce.
    const after = signedFor(interaction, String((await getInteractionNonce(interaction)).body.nonce), account).body;
    expect((await postInteractionVerify(interaction, after)).status).toBe(200);
  });

  it(`counts failed signatures on the nonce, not on the cookie: after ${MAX_FAILED_VERIFY_ATTEMPTS}, a copy taken before them is refused too`, async () => {
    const interaction = await newInteraction();
    const { body, account } = signedFor(interaction, String((await getInteractionNonce(interaction)).body.nonce));
    const copy = interaction.jar.clone();
    const forged = { ...body, signature: signatureProof("other text", account).signature };
    for (let attempt = 1; attempt <= MAX_FAILED_VERIFY_ATTEMPTS; attempt += 1) {
      expect((await postInteractionVerify(interaction, forged, copy.clone())).status).toBe(401);
    }
    // The honest proof, from a copy of the cookie that never saw the refusals: the nonce is spent.
    expect(await postInteractionVerify(interaction, body, copy)).toMatchObject(NO_PENDING);
  });

  it("expires the pending nonce after nonceTtlSeconds, the copies of its cookie too, and clears the cookie", async () => {
    const interaction = await newInteraction();
    const { body } = signedFor(interaction, String((await getInteractionNonce(interaction)).body.nonce));
    const copy = interaction.jar.clone();
    clockOffsetMs = (NONCE_TTL_SECONDS + 1) * 1000;
    try {
      expect(await postInteractionVerify(interaction, body)).toMatchObject({ status: 400, body: { error: "Nonce expired." } });
      expect(interaction.jar.lastSetCookie(PENDING_SIGN_IN_COOKIE)!.attributes["max-age"]).toBe("0");
      expect(await postInteractionVerify(interaction, body)).toMatchObject(NO_PENDING);
      expect(await postInteractionVerify(interaction, body, copy)).toMatchObject({ status: 400, body: { error: "Nonce expired." } });
    } finally {
      clockOffsetMs = 0;
    }
  });
});
