// The library's wallets at their SDK boundary, in Node: scripted SDK objects that answer what the
// real SDKs resolve (the shapes of @gemwallet/api 3.8's and @crossmarkio/sdk 0.4's typings, and of
// wallet-kit's adapter contract), for what the browser tests cannot reach cheaply: every option
// check, each form of the `sdk` option, every refusal path. The real SDKs against extension
// stand-ins run in chromium (test/e2e/wallets.test.ts); the Xaman wallet runs here against the real
// server routes, the real xumm-sdk and the Xaman platform stand-in.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { deriveAddress, deriveKeypair } from "ripple-keypairs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createCrossmarkWallet,
  createGemWallet,
  createXamanWallet,
  detectWallets,
  fromWalletKitAdapter,
  InvalidOptionsError,
  WalletError,
  type CrossmarkSdk,
  type GemWalletSdk,
  type WalletKitAdapter,
  type XamanSignRequest,
} from "../../src/client/index.js";
import { createMessage } from "../../src/message/create.js";
import { createXamanSignIn, type XamanSignIn } from "../../src/xaman/index.js";
import { startXamanPlatform, type XamanPlatform } from "../support/xaman-platform.js";

const ADDRESS = "rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY";
const KEY = "ED" + "A".repeat(64);

async function failure(promise: Promise<unknown>): Promise<WalletError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(WalletError);
  return error as WalletError;
}

function gemSdk(overrides: Partial<GemWalletSdk> = {}): GemWalletSdk {
  return {
    isInstalled: () => Promise.resolve({ result: { isInstalled: true } }),
    getPublicKey: () => Promise.resolve({ type: "response", result: { address: ADDRESS, publicKey: KEY } }),
    signMessage: () => Promise.resolve({ type: "response", result: { signedMessage: "ABCD" } }),
    ...overrides,
  };
}

describe("createGemWallet", () => {
  it("takes the SDK module, its default export, or a loader, and asks the account once", async () => {
    let asked = 0;
    const sdk = gemSdk({
      getPublicKey: () => {
        asked += 1;
        return Promise.resolve({ type: "response", result: { address: ADDRESS, publicKey: KEY } });
      },
    });
    for (const source of [sdk, { default: sdk }, () => Promise.resolve(sdk), () => Promise.resolve({ default: { default: sdk } })]) {
      const wallet = createGemWallet({ sdk: source });
      expect(await wallet.getAddress()).toBe(ADDRESS);
      expect(await wallet.getPublicKey()).toBe(KEY);
      expect(await wallet.sign("hello")).toEqual({ signatureKind: "signature", signature: "ABCD", publicKey: KEY });
    }
    expect(asked).toBe(4);
  });

  it("names each failure: missing option, SDK that will not load or is not GemWallet's, not installed, declined, thrown", async () => {
    expect(() => createGemWallet(undefined as never)).toThrow(InvalidOptionsError);
    expect(() => createGemWallet({ sdk: 5 as never })).toThrow(/needs `sdk`/);
    expect(await failure(createGemWallet({ sdk: () => Promise.reject(new Error("404")) }).getAddress())).toMatchObject({
      reason: "unavailable",
    });
    expect(await failure(createGemWallet({ sdk: () => Promise.resolve({ other: true }) }).getAddress())).toMatchObject({
      reason: "failed",
    });
    expect(await failure(createGemWallet({ sdk: { nothing: 1 } as never }).getAddress())).toMatchObject({ reason: "failed" });
    const absent = gemSdk({ isInstalled: () => Promise.resolve({ result: { isInstalled: false } }) });
    expect(await failure(createGemWallet({ sdk: absent }).getAddress())).toMatchObject({ reason: "unavailable", step: "address" });
    const broken = gemSdk({ isInstalled: () => Promise.reject(new Error("port closed")) });
    expect(await failure(createGemWallet({ sdk: broken }).getAddress())).toMatchObject({ reason: "unavailable" });
    const declined = gemSdk({ getPublicKey: () => Promise.resolve({ type: "reject", result: undefined }) });
    expect(await failure(createGemWallet({ sdk: declined }).getAddress())).toMatchObject({ reason: "refused", step: "address" });
    const thrown = gemSdk({ getPublicKey: () => Promise.reject(new Error("You need to have a wallet connected")) });
    expect((await failure(createGemWallet({ sdk: thrown }).getAddress())).message).toContain("You need to have a wallet connected");
    const noSignature = gemSdk({ signMessage: () => Promise.resolve({ type: "reject", result: null }) });
    expect(await failure(createGemWallet({ sdk: noSignature }).sign("hello"))).toMatchObject({ reason: "refused", step: "sign" });
    const signThrows = gemSdk({ signMessage: () => Promise.reject(new Error("boom")) });
    expect(await failure(createGemWallet({ sdk: signThrows }).sign("hello"))).toMatchObject({ reason: "failed", step: "sign" });
  });
});

function crossmarkSdk(
  answers: { address?: string; signIn?: unknown; locked?: boolean; detect?: boolean | Error } = {},
): CrossmarkSdk & { hexes: (string | undefined)[] } {
  const hexes: (string | undefined)[] = [];
  return {
    hexes,
    sync: { getAddress: () => answers.address },
    async: {
      detect: () => (answers.detect instanceof Error ? Promise.reject(answers.detect) : Promise.resolve(answers.detect ?? true)),
      signInAndWait: (hex?: string) => {
        hexes.push(hex);
        return Promise.resolve(
          answers.signIn ?? {
            response: {
              data: { address: ADDRESS, publicKey: KEY, signature: hex === undefined ? undefined : "5151", meta: { isSigned: true } },
            },
          },
        );
      },
      isLockedAndWait: () => Promise.resolve({ response: { data: { isLocked: answers.locked === true } } }),
    },
  };
}

describe("createCrossmarkWallet", () => {
  it("takes the session's address, else signs in for it, and signs the message's UTF-8 hex", async () => {
    const known = crossmarkSdk({ address: ADDRESS });
    const wallet = createCrossmarkWallet({ sdk: { default: known } });
    expect(await wallet.getAddress()).toBe(ADDRESS);
    expect(await wallet.sign("é")).toEqual({ signatureKind: "signature", signature: "5151", publicKey: KEY });
    expect(known.hexes).toEqual(["C3A9"]);
    const fresh = crossmarkSdk();
    const other = createCrossmarkWallet({ sdk: () => Promise.resolve({ default: fresh }) });
    expect(await other.getAddress()).toBe(ADDRESS);
    expect(fresh.hexes).toEqual([undefined]);
  });

  it("names each failure: not detected, phone, declined, locked, no public key, another account", async () => {
    expect(() => createCrossmarkWallet({} as never)).toThrow(InvalidOptionsError);
    expect(await failure(createCrossmarkWallet({ sdk: crossmarkSdk({ detect: false }) }).getAddress())).toMatchObject({
      reason: "unavailable",
    });
    const phone = crossmarkSdk({ detect: new Error("Crossmark only available from desktop") });
    expect((await failure(createCrossmarkWallet({ sdk: phone }).getAddress())).message).toContain("only available from desktop");
    const declined = { response: { data: { meta: { isRejected: true } } } };
    expect(await failure(createCrossmarkWallet({ sdk: crossmarkSdk({ signIn: declined }) }).getAddress())).toMatchObject({
      reason: "refused",
    });
    expect(await failure(createCrossmarkWallet({ sdk: crossmarkSdk({ signIn: declined, locked: true }) }).getAddress())).toMatchObject({
      reason: "locked",
    });
    expect(await failure(createCrossmarkWallet({ sdk: crossmarkSdk({ signIn: { response: {} } }) }).sign("m"))).toMatchObject({
      reason: "refused",
      step: "sign",
    });
    const noKey = { response: { data: { address: ADDRESS, signature: "51", meta: {} } } };
    expect(await failure(createCrossmarkWallet({ sdk: crossmarkSdk({ signIn: noKey }) }).sign("m"))).toMatchObject({ reason: "failed" });
    const noAddress = { response: { data: { meta: {} } } };
    expect(await failure(createCrossmarkWallet({ sdk: crossmarkSdk({ signIn: noAddress }) }).getAddress())).toMatchObject({
      reason: "refused",
    });
    const switched = crossmarkSdk({
      address: ADDRESS,
      signIn: { response: { data: { address: "rOther", publicKey: KEY, signature: "51", meta: {} } } },
    });
    const wallet = createCrossmarkWallet({ sdk: switched });
    await wallet.getAddress();
    expect((await failure(wallet.sign("m"))).message).toContain("not with rPEPPER");
    const throws: CrossmarkSdk = {
      ...crossmarkSdk(),
      async: { ...crossmarkSdk().async, signInAndWait: () => Promise.reject(new Error("gone")) },
    };
    expect(await failure(createCrossmarkWallet({ sdk: throws }).getAddress())).toMatchObject({ reason: "failed" });
  });
});

function adapter(overrides: Partial<WalletKitAdapter> = {}): WalletKitAdapter {
  return {
    metadata: { id: "test", name: "Test Wallet" },
    capabilities: { connect: true, signMessage: true },
    connect: () => Promise.resolve({ account: { address: ADDRESS, publicKey: KEY } }),
    signMessage: () => Promise.resolve({ signatureKind: "signature" as const, proof: "AB12" }),
    ...overrides,
  };
}

describe("fromWalletKitAdapter", () => {
  it("signs messages when it cannot sign transactions, keeping the public key from connect", async () => {
    const wallet = fromWalletKitAdapter(adapter());
    expect([wallet.id, wallet.name]).toEqual(["test", "Test Wallet"]);
    expect(await wallet.sign("m")).toEqual({ signatureKind: "signature", signature: "AB12", publicKey: KEY });
    const xaman = fromWalletKitAdapter(
      adapter({ signMessage: () => Promise.resolve({ signatureKind: "signedTx" as const, txBlob: "1200" }) }),
    );
    expect(await xaman.sign("m")).toEqual({ signatureKind: "signedTx", txBlob: "1200" });
    const noKey = fromWalletKitAdapter(adapter({ connect: () => Promise.resolve({ account: { address: ADDRESS } }) }));
    expect(await noKey.sign("m")).toEqual({ signatureKind: "signature", signature: "AB12" });
  });

  it("prefers the sign-in transaction when it can sign transactions, unless told otherwise", async () => {
    const seen: Record<string, unknown>[] = [];
    const both = adapter({
      capabilities: { connect: true, signMessage: true, signTransaction: true },
      signTransaction: (request) => {
        seen.push(request.txJson);
        return Promise.resolve({ txBlob: "1200AA" });
      },
    });
    const wallet = fromWalletKitAdapter(both, { networkId: 21_337 });
    await wallet.getAddress();
    expect(await wallet.sign("hi")).toEqual({ signatureKind: "signedTx", txBlob: "1200AA" });
    expect(seen[0]).toEqual({
      TransactionType: "AccountSet",
      Account: ADDRESS,
      Sequence: 0,
      Fee: "0",
      NetworkID: 21_337,
      Memos: [{ Memo: { MemoData: "6869" } }],
    });
    expect(await fromWalletKitAdapter(both, { proof: "signature" }).sign("hi")).toMatchObject({ signatureKind: "signature" });
    expect(
      await failure(fromWalletKitAdapter({ ...both, signTransaction: () => Promise.resolve({ rejected: true }) }).sign("hi")),
    ).toMatchObject({ reason: "refused" });
  });

  it("refuses adapters that cannot sign in and proofs that are empty or not hex; maps wallet-kit's error codes", async () => {
    expect(() => fromWalletKitAdapter(null as never)).toThrow(InvalidOptionsError);
    expect(() => fromWalletKitAdapter(adapter({ capabilities: { connect: true } }))).toThrow(/can neither sign messages/);
    expect(() => fromWalletKitAdapter(adapter(), { proof: "signedTx" })).toThrow(/cannot sign a transaction/);
    expect(() =>
      fromWalletKitAdapter(
        adapter({ capabilities: { connect: true, signTransaction: true }, signTransaction: () => Promise.resolve({}) }),
        { proof: "signature" },
      ),
    ).toThrow(/cannot sign messages/);
    expect(() => fromWalletKitAdapter(adapter(), { proof: "both" as never })).toThrow(/`proof`/);
    const empty = fromWalletKitAdapter(adapter({ signMessage: () => Promise.resolve({ signatureKind: "signedTx" as const, proof: "" }) }));
    expect(await failure(empty.sign("m"))).toMatchObject({ reason: "refused", step: "sign" });
    const notHex = fromWalletKitAdapter(
      adapter({ signMessage: () => Promise.resolve({ signatureKind: "signature" as const, signature: "zz" }) }),
    );
    expect(await failure(notHex.sign("m"))).toMatchObject({ reason: "failed" });
    const coded = (code: string) => Object.assign(new Error(code), { code });
    expect(
      await failure(fromWalletKitAdapter(adapter({ connect: () => Promise.reject(coded("CONNECTION_REJECTED")) })).getAddress()),
    ).toMatchObject({ reason: "refused" });
    expect(
      await failure(fromWalletKitAdapter(adapter({ connect: () => Promise.reject(coded("WALLET_NOT_AVAILABLE")) })).getAddress()),
    ).toMatchObject({ reason: "unavailable" });
    expect(
      await failure(fromWalletKitAdapter(adapter({ signMessage: () => Promise.reject(coded("SIGN_REJECTED")) })).sign("m")),
    ).toMatchObject({ reason: "refused" });
    expect(
      await failure(fromWalletKitAdapter(adapter({ connect: () => Promise.resolve({ account: { address: "" } }) })).getAddress()),
    ).toMatchObject({ reason: "failed" });
  });
});

describe("detectWallets outside a browser", () => {
  it("lists the wallet-kit adapters that say they are available and nothing GemWallet or Crossmark cannot answer", async () => {
    const available = adapter({ isAvailable: () => true });
    const absent = adapter({ metadata: { id: "absent", name: "Absent" }, isAvailable: () => false });
    const throwing = adapter({ metadata: { id: "throws", name: "Throws" }, isAvailable: () => Promise.reject(new Error("x")) });
    const unusable = adapter({ metadata: { id: "unusable", name: "Unusable" }, capabilities: { connect: true } });
    const found = await detectWallets({
      gemWallet: gemSdk({ isInstalled: () => Promise.resolve({ result: { isInstalled: false } }) }),
      crossmark: crossmarkSdk(),
      walletKit: [available, absent, throwing, unusable],
      timeoutMs: 150,
    });
    expect(found.map(({ id, via }) => [id, via])).toEqual([["test", "wallet-kit"]]);
    const withExtensions = await detectWallets({ gemWallet: () => Promise.resolve(gemSdk()), timeoutMs: 0 });
    expect(withExtensions.map(({ id }) => id)).toEqual(["gemwallet"]);
    (globalThis as { xrpl?: unknown }).xrpl = { isCrossmark: true };
    try {
      expect((await detectWallets({ crossmark: crossmarkSdk() })).map(({ id }) => id)).toEqual(["crossmark"]);
    } finally {
      delete (globalThis as { xrpl?: unknown }).xrpl;
    }
    expect(await detectWallets()).toEqual([]);
  });
});

describe("createXamanWallet against the Xaman routes, xumm-sdk and the platform stand-in", () => {
  const seed = "sEdTM1uX8pu2do5XvTnutH6HsouMaM2";
  const address = deriveAddress(deriveKeypair(seed).publicKey);
  let platform: XamanPlatform;
  let xaman: XamanSignIn;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    platform = await startXamanPlatform();
    xaman = createXamanSignIn({
      apiKey: platform.apiKey,
      apiSecret: platform.apiSecret,
      endpoint: platform.url,
      domain: "example.com",
      waitSeconds: 1,
    });
    server = createServer((request, response) => {
      void (async () => {
        let body = "";
        for await (const chunk of request) body += String(chunk);
        const init: RequestInit = { method: request.method ?? "GET", headers: request.headers as Record<string, string> };
        if (request.method === "POST") init.body = body;
        const answer = await xaman.handle(new Request(`http://127.0.0.1${request.url ?? "/"}`, init));
        response.writeHead(answer?.status ?? 404, { "content-type": "application/json" });
        response.end(answer === null ? JSON.stringify({ error: "Not found." }) : await answer.text());
      })();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    xaman.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await platform.stop();
  });

  it("shows the identify request, then the sign-in request pushed with the user token, and answers the signed blob", async () => {
    const shown: (XamanSignRequest | null)[] = [];
    const wallet = createXamanWallet({ baseUrl: base, onRequest: (request) => shown.push(request) });
    const phone = (async () => {
      const identify = await platform.nextPayload();
      platform.sign(identify.uuid, seed);
      const signIn = await platform.nextPayload();
      return platform.sign(signIn.uuid, seed);
    })();
    expect(await wallet.getAddress()).toBe(address);
    const message = createMessage({
      domain: "example.com",
      address,
      uri: "https://example.com",
      version: "1",
      chainId: "xrpl:0",
      nonce: "abcdef12345678",
      issuedAt: new Date().toISOString(),
    });
    const proof = await wallet.sign(message);
    expect(proof).toEqual({ signatureKind: "signedTx", txBlob: await phone });
    expect(shown.map((request) => request?.purpose ?? null)).toEqual(["identify", null, "sign-in", null]);
    expect(shown[2]).toMatchObject({
      pushed: true,
      deepLink: expect.stringContaining("/sign/"),
      qrPngUrl: expect.stringContaining("_q.png"),
    });
  });

  it("rejects with WalletError when the user declines or the request expires, ServerRejectedError when the server refuses", async () => {
    const wallet = createXamanWallet({ baseUrl: base, onRequest: () => undefined });
    void platform.nextPayload().then((record) => platform.reject(record.uuid));
    expect(await failure(wallet.getAddress())).toMatchObject({ reason: "refused", step: "address" });
    void platform.nextPayload().then((record) => platform.expire(record.uuid));
    expect((await failure(wallet.getAddress())).message).toContain("expired");
    const elsewhere = createXamanWallet({ baseUrl: base, basePath: "/nowhere", onRequest: () => undefined });
    await expect(elsewhere.getAddress()).rejects.toMatchObject({ code: "server_rejected", status: 404 });
    const offline = createXamanWallet({ baseUrl: "http://127.0.0.1:1", onRequest: () => undefined });
    await expect(offline.getAddress()).rejects.toMatchObject({ code: "network_error" });
    expect(() => createXamanWallet({} as never)).toThrow(/needs `onRequest`/);
    expect(() => createXamanWallet({ onRequest: () => undefined, basePath: "api" })).toThrow(/basePath/);
  });
});
