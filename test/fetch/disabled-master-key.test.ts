/**
 * The fetch handler with the default verifier refuses a master key its owner disabled
 * (lsfDisableMaster), and answers a ledger outage as any other. Real Request/Response objects,
 * the real verifier; the ledger node is the mock rippled.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFetchHandler, type FetchHandler } from "../../src/fetch/index.js";
import { createVerifier, type Verifier } from "../../src/verify/index.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { buildMessage, makeAccount, recordingLogger, signedBody, type Account } from "../server/support.js";

const LSF_DISABLE_MASTER = 0x00100000;
const SECRET = "a-session-secret-of-at-least-32-characters";

let node: MockRippled;
let verifier: Verifier;
let auth: FetchHandler;
const logger = recordingLogger();

beforeAll(async () => {
  node = await startMockRippled();
  verifier = createVerifier({ nodeUrl: node.url, connectTimeoutMs: 500, requestTimeoutMs: 500, logger });
  auth = createFetchHandler({ verifier, domain: "example.com", sessionSecret: SECRET, logger });
});
afterAll(async () => {
  await verifier.close();
  await node.stop();
});

/** Nonce, a message signed by `account`, verify: the verify answer and what getSession then reads. */
async function signIn(account: Account) {
  const nonceResponse = await auth.handle(new Request("https://example.com/api/auth/nonce"));
  const cookie = /siwx_session=([^;]+)/u.exec(nonceResponse.headers.get("set-cookie") ?? "")![1]!;
  const { nonce } = (await nonceResponse.json()) as { nonce: string };
  const message = buildMessage({ account, nonce, issuedAtMs: Date.now() });
  const response = await auth.handle(
    new Request("https://example.com/api/auth/verify", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: `siwx_session=${cookie}` },
      body: JSON.stringify(signedBody(account, message)),
    }),
  );
  const after = /siwx_session=([^;]+)/u.exec(response.headers.get("set-cookie") ?? "")?.[1] ?? cookie;
  const session = await auth.getSession(new Request("https://example.com/", { headers: { cookie: `siwx_session=${after}` } }));
  return { status: response.status, body: (await response.json()) as unknown, session };
}

describe("createFetchHandler with the default verifier", () => {
  it("refuses a master key the account has disabled: 401 Signature verification failed., code master_disabled", async () => {
    const account = makeAccount();
    node.setAccount(account.address, { flags: LSF_DISABLE_MASTER, regularKey: makeAccount().address });
    expect(await signIn(account)).toEqual({ status: 401, body: { error: "Signature verification failed." }, session: null });
    expect(logger.entries).toContainEqual(
      expect.objectContaining({ level: "warn", message: expect.stringContaining("sign-in proof refused (master_disabled)") }),
    );
  });

  it("signs in a master key the account has not disabled", async () => {
    const account = makeAccount("ecdsa-secp256k1");
    node.setAccount(account.address, {});
    expect(await signIn(account)).toMatchObject({
      status: 200,
      body: { ok: true, address: account.address },
      session: { address: account.address },
    });
  });

  it('answers a master-key sign-in with 500 "Internal server error." while the node cannot answer', async () => {
    node.setBehaviour("silent");
    try {
      expect(await signIn(makeAccount())).toEqual({ status: 500, body: { error: "Internal server error." }, session: null });
    } finally {
      node.setBehaviour("normal");
    }
  });
});
