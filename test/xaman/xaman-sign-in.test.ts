// Sign-in with Xaman through createXamanSignIn: the real xumm-sdk talks to a stand-in of Xaman's
// platform API and payload websocket on loopback (test/support/xaman-platform.ts), the stand-in's
// "phone" signs the SignIn pseudo-transaction as the Xaman app does, and the signed blob goes
// through createAuthHandlers' usual verify with the real verifier: same nonce, same session.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { deriveAddress, deriveKeypair } from "ripple-keypairs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvalidOptionsError } from "../../src/errors.js";
import { createMessage } from "../../src/message/create.js";
import { createAuthHandlers } from "../../src/server/index.js";
import { createMemorySessionStore } from "../../src/testing/index.js";
import { compactSignature, createVerifier, signedTransaction } from "../../src/verify/index.js";
import type { LedgerReader, Verifier } from "../../src/verify/types.js";
import { createXamanSignIn, webhookSignatureHolds, XAMAN_TEXT, type XamanSignIn } from "../../src/xaman/index.js";
import { startXamanPlatform, type XamanPlatform } from "../support/xaman-platform.js";

const SEEDS = { ed25519: "sEdTM1uX8pu2do5XvTnutH6HsouMaM2", secp256k1: "sn3nxiW7v8KXzPzAqzyHXbSSKNuN9" };
const addressOf = (seed: string) => deriveAddress(deriveKeypair(seed).publicKey);
const DOMAIN = "example.com";

const ledgerReader: LedgerReader = {
  getAccountAuthority: (address) => Promise.resolve({ account: address, exists: true, masterDisabled: false }),
  getNetworkId: () => Promise.resolve(0),
};

let platform: XamanPlatform;
let xaman: XamanSignIn;
let verifier: Verifier;

beforeAll(async () => {
  platform = await startXamanPlatform();
  xaman = createXamanSignIn({
    apiKey: platform.apiKey,
    apiSecret: platform.apiSecret,
    endpoint: platform.url,
    domain: DOMAIN,
    waitSeconds: 5,
  });
  verifier = createVerifier({ ledgerReader, strategies: [compactSignature({ ledger: "never" }), signedTransaction()] });
});

afterAll(async () => {
  xaman.close();
  await verifier.close();
  await platform.stop();
});

function messageFor(address: string, nonce: string): string {
  return createMessage({
    domain: DOMAIN,
    address,
    statement: "Sign in to Example.",
    uri: `https://${DOMAIN}`,
    version: "1",
    chainId: "xrpl:0",
    nonce,
    issuedAt: new Date().toISOString(),
  });
}

/** The user signs the next request on the phone once it exists (after the status request started waiting). */
async function phoneSigns(seed: string): Promise<string> {
  const record = await platform.nextPayload();
  platform.open(record.uuid);
  return platform.sign(record.uuid, seed);
}

describe.each(Object.entries(SEEDS))("a Xaman sign-in with a %s account", (_curve, seed) => {
  it("identifies the account, signs the message in a SignIn memo, and the blob passes the usual verify", async () => {
    const address = addressOf(seed);
    const handlers = createAuthHandlers({ verifier, sessionKind: "server-store", domain: DOMAIN });
    const session = createMemorySessionStore();

    // 1. Identify: a SignIn without a message.
    const identify = await xaman.createRequest({});
    expect(identify.status).toBe(201);
    expect(identify.body).toMatchObject({
      qrPngUrl: expect.stringMatching(/_q\.png$/),
      deepLink: expect.stringContaining("/sign/"),
      pushed: false,
    });
    const [identified] = await Promise.all([xaman.requestStatus(identify.body["uuid"]), phoneSigns(seed)]);
    expect(identified).toMatchObject({ status: 200, body: { status: "signed", account: address, userToken: expect.any(String) } });

    // 2. The message, for that account, pushed with the user token.
    const nonce = (await handlers.nonce(session)).body["nonce"] as string;
    const message = messageFor(address, nonce);
    const signIn = await xaman.createRequest({ message, userToken: identified.body["userToken"] });
    expect(signIn).toMatchObject({ status: 201, body: { pushed: true } });
    const request = platform.payloads.at(-1)!.created;
    expect(request["txjson"]).toEqual({
      TransactionType: "SignIn",
      Account: address,
      Memos: [{ Memo: { MemoData: Buffer.from(message, "utf8").toString("hex").toUpperCase() } }],
    });
    expect(request["options"]).toEqual({ submit: false, expire: 5 });
    expect(request["custom_meta"]).toEqual({ instruction: `Sign in to ${DOMAIN}` });
    const [signed, hex] = await Promise.all([xaman.requestStatus(signIn.body["uuid"]), phoneSigns(seed)]);
    expect(signed).toMatchObject({ status: 200, body: { status: "signed", account: address, txBlob: hex } });

    // 3. The usual verify: the session now holds the address.
    const verified = await handlers.verify(session, { body: { message, signatureKind: "signedTx", txBlob: hex, address } });
    expect(verified).toEqual({ status: 200, body: { ok: true, address } });
    expect(await handlers.me(session)).toEqual({ status: 200, body: { address } });
  });
});

describe("Xaman sign request outcomes", () => {
  it("answers refused when the user declines, expired when the request expires", async () => {
    const declined = await xaman.createRequest({});
    const record = await platform.nextPayload();
    const status = xaman.requestStatus(declined.body["uuid"]);
    platform.reject(record.uuid);
    expect(await status).toEqual({ status: 200, body: { status: "refused" } });

    const late = await xaman.createRequest({});
    const lateRecord = await platform.nextPayload();
    platform.expire(lateRecord.uuid);
    expect(await xaman.requestStatus(late.body["uuid"])).toEqual({ status: 200, body: { status: "expired" } });
  });

  it("answers pending when the user has not answered within waitSeconds", async () => {
    const quick = createXamanSignIn({
      apiKey: platform.apiKey,
      apiSecret: platform.apiSecret,
      endpoint: platform.url,
      domain: DOMAIN,
      waitSeconds: 0,
    });
    const created = await quick.createRequest({});
    await platform.nextPayload();
    expect(await quick.requestStatus(created.body["uuid"])).toEqual({ status: 200, body: { status: "pending" } });
    quick.close();
  });

  it("refuses messages this site does not sign, bad bodies, unknown requests", async () => {
    const foreign = createMessage({
      domain: "evil.example",
      address: addressOf(SEEDS.ed25519),
      uri: "https://evil.example",
      version: "1",
      chainId: "xrpl:0",
      nonce: "abcdef123456",
      issuedAt: new Date().toISOString(),
    });
    expect(await xaman.createRequest({ message: foreign })).toEqual({
      status: 400,
      body: { error: `${XAMAN_TEXT.notForThisSite} Domain does not match.` },
    });
    expect(await xaman.createRequest({ message: "hello" })).toEqual({ status: 400, body: { error: "Invalid message format." } });
    for (const body of [null, "x", [], { message: 5 }, { userToken: "not-a-token" }]) {
      expect(await xaman.createRequest(body)).toEqual({ status: 400, body: { error: "Invalid request body." } });
    }
    expect(await xaman.requestStatus("nope")).toEqual({ status: 404, body: { error: XAMAN_TEXT.unknownRequest } });
    expect(await xaman.requestStatus("00000000-0000-4000-8000-000000000000")).toEqual({
      status: 404,
      body: { error: XAMAN_TEXT.unknownRequest },
    });
    expect(platform.payloads.every((record) => (record.created["txjson"] as Record<string, unknown>)["TransactionType"] === "SignIn")).toBe(
      true,
    );
  });

  it("answers 502 when Xaman does not answer", async () => {
    const down = createXamanSignIn({
      apiKey: platform.apiKey,
      apiSecret: platform.apiSecret,
      endpoint: "http://127.0.0.1:1",
      domain: DOMAIN,
    });
    expect(await down.createRequest({})).toEqual({ status: 502, body: { error: XAMAN_TEXT.xamanUnavailable } });
    expect(await down.requestStatus("00000000-0000-4000-8000-000000000000")).toEqual({
      status: 502,
      body: { error: XAMAN_TEXT.xamanUnavailable },
    });
    down.close();
  });
});

describe("Xaman's webhook", () => {
  let server: Server;
  let hookUrl: string;
  let slow: XamanSignIn;

  beforeAll(async () => {
    // A status request that would wait 30 s answers as soon as the webhook arrives.
    slow = createXamanSignIn({
      apiKey: platform.apiKey,
      apiSecret: platform.apiSecret,
      endpoint: platform.url,
      domain: DOMAIN,
      waitSeconds: 30,
    });
    server = createServer((request, response) => {
      void (async () => {
        const url = `http://127.0.0.1${request.url ?? "/"}`;
        let body = "";
        for await (const chunk of request) body += String(chunk);
        const answer = await slow.handle(
          new Request(url, {
            method: request.method ?? "GET",
            headers: request.headers as Record<string, string>,
            ...(request.method === "POST" ? { body } : {}),
          }),
        );
        response.writeHead(answer?.status ?? 404, { "content-type": "application/json" });
        response.end(answer === null ? "{}" : await answer.text());
      })();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/auth/xaman/webhook`;
  });

  afterAll(async () => {
    slow.close();
    platform.setWebhookUrl(undefined);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("checks Xaman's signature as documented and refuses a forged one", async () => {
    const body = { payloadResponse: { payload_uuidv4: "00000000-0000-4000-8000-000000000000", signed: true } };
    const timestamp = "1700000000";
    const { createHmac } = await import("node:crypto");
    const signature = createHmac("sha1", platform.apiSecret.replace("-", ""))
      .update(timestamp + JSON.stringify(body))
      .digest("hex");
    expect(webhookSignatureHolds(platform.apiSecret, timestamp, body, signature)).toBe(true);
    expect(webhookSignatureHolds(platform.apiSecret, "1700000001", body, signature)).toBe(false);
    const headers = { "x-xumm-request-timestamp": timestamp, "x-xumm-request-signature": signature };
    expect(await slow.webhook({ body: JSON.stringify(body), headers })).toEqual({ status: 200, body: { received: true } });
    expect(await slow.webhook({ body: JSON.stringify(body), headers: { ...headers, "x-xumm-request-signature": "0".repeat(40) } })).toEqual(
      { status: 401, body: { error: XAMAN_TEXT.badWebhookSignature } },
    );
    expect(await slow.webhook({ body: "{", headers })).toEqual({ status: 400, body: { error: "Invalid request body." } });
  });

  it("serves the three routes to a fetch-style server, the webhook ending the wait", async () => {
    platform.setWebhookUrl(hookUrl);
    const base = hookUrl.replace(/\/webhook$/u, "");
    const created = await fetch(`${base}/payloads`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(created.status).toBe(201);
    const { uuid } = (await created.json()) as { uuid: string };
    const record = await platform.nextPayload();
    const started = Date.now();
    const status = fetch(`${base}/payloads/${uuid}`).then((response) => response.json());
    await new Promise((resolve) => setTimeout(resolve, 200));
    platform.sign(record.uuid, SEEDS.ed25519);
    expect(await status).toMatchObject({ status: "signed", account: addressOf(SEEDS.ed25519) });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await fetch(`${base}/elsewhere`)).status).toBe(404);
  });
});

describe("createXamanSignIn options", () => {
  it("stops the start with one line naming the setting", () => {
    const uuid = "00000000-0000-4000-8000-000000000000";
    expect(() => createXamanSignIn({ apiKey: "key", apiSecret: uuid, domain: DOMAIN })).toThrow(
      /`apiKey` must be your Xaman app's API key/,
    );
    expect(() => createXamanSignIn({ apiKey: uuid, apiSecret: undefined, domain: DOMAIN })).toThrow(/`apiSecret`/);
    expect(() => createXamanSignIn({ apiKey: uuid, apiSecret: uuid, endpoint: "ftp://x", domain: DOMAIN })).toThrow(/`endpoint`/);
    expect(() => createXamanSignIn({ apiKey: uuid, apiSecret: uuid, production: true })).toThrow(/`domain` is required in production/);
    expect(() => createXamanSignIn({ apiKey: uuid, apiSecret: uuid, domain: DOMAIN, expiresInMinutes: 0 })).toThrow(/expiresInMinutes/);
    expect(() => createXamanSignIn({ apiKey: uuid, apiSecret: uuid, domain: DOMAIN, basePath: "api" })).toThrow(/basePath/);
    expect(() => createXamanSignIn({ apiKey: uuid, apiSecret: uuid, domain: DOMAIN })).not.toThrow();
    expect(() => createXamanSignIn({ apiKey: uuid, apiSecret: uuid, domain: DOMAIN, waitSeconds: 61 })).toThrow(InvalidOptionsError);
  });
});
