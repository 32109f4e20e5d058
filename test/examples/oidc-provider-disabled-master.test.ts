/**
 * The OpenID Provider example refuses a master key its owner disabled (the answer to a leaked
 * key: set a regular key, disable the master), by either proof kind, with its default verifier:
 * no id_token is ever issued for it. A child process on loopback with a mock ledger node that
 * reports the account's flags, driven by openid-client as the relying party.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newKeyAccount, newWallet, signatureProof, signedTxProof } from "./flow.js";
import { startOidcExample, type ExampleProcess } from "../support/example-process.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { getInteractionNonce, interactionMessage, openInteraction, postInteractionVerify } from "../oidc/harness.js";
import { discoverProvider, signInThroughProvider, startAuthorization, type RelyingParty } from "../oidc/rp.js";
import { CLIENT_SECRET, OIDC_CLIENTS } from "./oidc-settings.js";

/** lsfDisableMaster in an AccountRoot's Flags. */
const DISABLE_MASTER = 0x00100000;
const REFUSED = { status: 401, body: { error: "Signature verification failed." } };

describe("OpenID Provider example: a disabled master key never signs in", () => {
  let node: MockRippled;
  let op: ExampleProcess;
  let rp: RelyingParty;

  beforeAll(async () => {
    node = await startMockRippled();
    op = await startOidcExample({ env: { XRPL_NODE_URL: node.url, OIDC_CLIENTS, NONCE_RATE_LIMIT: "1000", VERIFY_RATE_LIMIT: "1000" } });
    rp = await discoverProvider(op.url, "web-app", CLIENT_SECRET);
  });
  afterAll(async () => {
    await op?.stop();
    await node?.stop();
  });

  it("refuses a message signature by a disabled master key (both curves), after asking the ledger", async () => {
    for (const algorithm of ["ed25519", "ecdsa-secp256k1"] as const) {
      const account = newKeyAccount(algorithm);
      node.setAccount(account.address, { flags: DISABLE_MASTER, regularKey: newKeyAccount().address });
      const before = node.requestCount("account_info");
      const interaction = await openInteraction((await startAuthorization(rp, "openid")).url);
      const nonce = String((await getInteractionNonce(interaction)).body.nonce);
      const proof = signatureProof(interactionMessage(interaction, account.address, nonce), account);
      const answer = await postInteractionVerify(interaction, proof);
      expect({ status: answer.status, body: answer.body }).toEqual(REFUSED);
      expect(node.requestCount("account_info")).toBeGreaterThan(before);
    }
  });

  it("refuses a signed transaction by a disabled master key", async () => {
    const wallet = newWallet();
    node.setAccount(wallet.classicAddress, { flags: DISABLE_MASTER, regularKey: newKeyAccount().address });
    const interaction = await openInteraction((await startAuthorization(rp, "openid")).url);
    const nonce = String((await getInteractionNonce(interaction)).body.nonce);
    const answer = await postInteractionVerify(
      interaction,
      signedTxProof(interactionMessage(interaction, wallet.classicAddress, nonce), wallet),
    );
    expect({ status: answer.status, body: answer.body }).toEqual(REFUSED);
  });

  it("signs in the same kind of key whose master key is enabled, through to the id_token", async () => {
    const account = newKeyAccount();
    node.setAccount(account.address, {});
    const { tokens } = await signInThroughProvider(rp, "openid", { account });
    expect(tokens.claims()).toMatchObject({ sub: account.address });
  });
});
