/**
 * A master key its owner disabled (lsfDisableMaster) is the XRP Ledger's answer to a leaked key:
 * the handlers, with the default verifier, refuse it on both session kinds. The ledger node is
 * the mock rippled; everything else is real (the verifier, the handlers, the session record).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthHandlers, createMemoryNonceStore } from "../../src/server/index.js";
import { createMemorySessionStore } from "../../src/testing/index.js";
import { createVerifier, type Verifier } from "../../src/verify/index.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { buildMessage, makeAccount, recordingLogger, signedBody, type Account } from "./support.js";

const LSF_DISABLE_MASTER = 0x00100000;

const SESSION_KINDS = [
  { sessionKind: "sealed-cookie" as const, outage: "Internal server error." },
  { sessionKind: "server-store" as const, outage: "Verification service unavailable." },
];

let node: MockRippled;
beforeAll(async () => {
  node = await startMockRippled();
});
afterAll(async () => {
  await node.stop();
});

describe.each(SESSION_KINDS)("createAuthHandlers ($sessionKind) with the default verifier", ({ sessionKind, outage }) => {
  function setup(): { verifier: Verifier; logger: ReturnType<typeof recordingLogger>; signIn: (account: Account) => Promise<unknown> } {
    const logger = recordingLogger();
    const verifier = createVerifier({ nodeUrl: node.url, connectTimeoutMs: 500, requestTimeoutMs: 500, logger });
    const handlers = createAuthHandlers({ verifier, sessionKind, domain: "example.com", nonceStore: createMemoryNonceStore(), logger });
    const signIn = async (account: Account) => {
      const session = createMemorySessionStore();
      const { body } = await handlers.nonce(session);
      const message = buildMessage({ account, nonce: body.nonce as string, issuedAtMs: Date.now() });
      const answer = await handlers.verify(session, { body: signedBody(account, message) });
      return { answer, signedIn: await handlers.getSignedIn(session) };
    };
    return { verifier, logger, signIn };
  }

  it("refuses a master key the account has disabled: 401 Signature verification failed., code master_disabled, not signed in", async () => {
    const { verifier, logger, signIn } = setup();
    try {
      for (const algorithm of ["ed25519", "ecdsa-secp256k1"] as const) {
        const account = makeAccount(algorithm);
        node.setAccount(account.address, { flags: LSF_DISABLE_MASTER, regularKey: makeAccount().address });
        expect(await signIn(account)).toEqual({
          answer: { status: 401, body: { error: "Signature verification failed." } },
          signedIn: null,
        });
        expect(logger.entries).toContainEqual(
          expect.objectContaining({
            level: "warn",
            message: expect.stringContaining(`sign-in proof refused (master_disabled): The master key of ${account.address}`),
          }),
        );
      }
    } finally {
      await verifier.close();
    }
  });

  it("signs in the same kind of key when the master key is enabled, or the account is not on the ledger", async () => {
    const { verifier, signIn } = setup();
    try {
      const enabled = makeAccount();
      node.setAccount(enabled.address, { regularKey: makeAccount().address });
      const unfunded = makeAccount("ecdsa-secp256k1");
      node.removeAccount(unfunded.address);
      for (const account of [enabled, unfunded]) {
        expect(await signIn(account)).toMatchObject({
          answer: { status: 200, body: { ok: true, address: account.address } },
          signedIn: { address: account.address },
        });
      }
    } finally {
      await verifier.close();
    }
  });

  it(`answers a master-key sign-in with 500 ${JSON.stringify(outage)} while the node cannot answer`, async () => {
    const { verifier, logger, signIn } = setup();
    node.setBehaviour("silent");
    try {
      expect(await signIn(makeAccount())).toEqual({ answer: { status: 500, body: { error: outage } }, signedIn: null });
      expect(logger.entries).toContainEqual(
        expect.objectContaining({ level: "error", message: "sign-in-with-xrpl: the verifier failed during verify" }),
      );
    } finally {
      node.setBehaviour("normal");
      await verifier.close();
    }
  });
});
