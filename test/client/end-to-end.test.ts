// The whole client against the real server code: controller + HTTP adapter + dev wallet in the
// "page", createAuthHandlers + createVerifier (mock rippled for signedTx) behind node:http on
// 127.0.0.1, sessions in a map keyed by a cookie.
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthController } from "../../src/client/controller.js";
import { createDevWallet } from "../../src/client/dev-wallet.js";
import { ServerRejectedError } from "../../src/client/errors.js";
import { createHttpAdapter, type FetchFunction } from "../../src/client/http-adapter.js";
import type { AuthController } from "../../src/client/types.js";
import { createAuthHandlers } from "../../src/server/handlers.js";
import type { SessionRecord, SessionStore } from "../../src/server/types.js";
import { createVerifier } from "../../src/verify/index.js";
import type { Verifier } from "../../src/verify/types.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";

let node: MockRippled;
let verifier: Verifier;
let server: Server;
let origin: string;
let host: string;
const sessions = new Map<string, SessionRecord>();

function sessionFor(id: string): SessionStore {
  return {
    get: () => ({ ...(sessions.get(id) ?? {}) }),
    set: (record) => void sessions.set(id, { ...record }),
    destroy: () => void sessions.delete(id),
  };
}

beforeAll(async () => {
  node = await startMockRippled({ networkId: 0 });
  verifier = createVerifier({ nodeUrl: node.url });
  const handlers = createAuthHandlers({ verifier, sessionKind: "server-store" });
  server = createServer((request, response) => {
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (text += chunk));
    request.on("end", () => {
      void (async () => {
        const cookie = /(?:^|;\s*)sid=([\w-]+)/.exec(request.headers.cookie ?? "")?.[1];
        const id = cookie ?? randomUUID();
        const session = sessionFor(id);
        const route = `${request.method ?? ""} ${request.url ?? ""}`;
        const result =
          route === "GET /api/auth/nonce"
            ? await handlers.nonce(session)
            : route === "POST /api/auth/verify"
              ? await handlers.verify(session, {
                  body: text === "" ? undefined : JSON.parse(text),
                  host: request.headers.host,
                })
              : route === "POST /api/auth/signout"
                ? await handlers.signOut(session)
                : route === "GET /api/me"
                  ? await handlers.me(session)
                  : { status: 404, body: { error: "Not found." } };
        const headers: Record<string, string> = { "Content-Type": "application/json" };
        if (cookie === undefined) headers["Set-Cookie"] = `sid=${id}; HttpOnly; Path=/`;
        response.writeHead(result.status, headers);
        response.end(JSON.stringify(result.body));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  origin = `http://${host}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await verifier.close();
  await node.stop();
});

/** A browser tab's cookie jar over the real fetch (Node's fetch keeps no cookies). */
function browserFetch(): FetchFunction {
  let cookie: string | undefined;
  return async (input, init) => {
    const headers = new Headers(init.headers);
    if (cookie !== undefined && init.credentials === "include") headers.set("Cookie", cookie);
    const response = await fetch(input, { ...init, headers });
    const set = response.headers.get("set-cookie");
    if (set !== null) cookie = set.split(";")[0];
    return response;
  };
}

function page(fetchImpl: FetchFunction, wallet = createDevWallet(), domain = host): AuthController {
  return createAuthController({
    wallet,
    adapter: createHttpAdapter({ baseUrl: origin, mePath: "/api/me", fetch: fetchImpl }),
    chainId: "xrpl:0",
    statement: "Sign in to the test page.",
    expiresIn: 300,
    domain,
    uri: origin,
  });
}

describe("client against the real handlers and verifier", () => {
  for (const proof of ["signature", "signedTx"] as const) {
    for (const algorithm of ["ed25519", "ecdsa-secp256k1"] as const) {
      it(`signs in with a ${algorithm} dev wallet by ${proof}, restores after a reload, signs out`, async () => {
        const tab = browserFetch();
        const wallet = createDevWallet({ algorithm, proof });
        const address = await wallet.getAddress();

        const first = page(tab, wallet);
        expect((await first.restore()).status).toBe("unauthenticated");
        expect(await first.signIn()).toEqual({ status: "authenticated", address, error: null });
        first.destroy();

        const reloaded = page(tab, wallet); // same tab (cookie), new page
        expect(await reloaded.restore()).toEqual({ status: "authenticated", address, error: null });
        await reloaded.signOut();
        expect(reloaded.getState().status).toBe("unauthenticated");
        expect((await page(tab).restore()).status).toBe("unauthenticated");
      });
    }
  }

  it("says why when the server refuses: a message for another domain", async () => {
    const controller = page(browserFetch(), createDevWallet(), "evil.example");
    const error = await controller.signIn().catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ServerRejectedError);
    expect((error as Error).message).toBe("Server said no while verifying the signature (HTTP 400): Domain does not match.");
    expect(controller.getState().status).toBe("error");
  });

  it("says why when the proof does not hold: 401 from the verifier", async () => {
    const signer = createDevWallet();
    const liar = { getAddress: () => createDevWallet().getAddress(), sign: (message: string) => signer.sign(message) };
    const error = await page(browserFetch(), liar as never)
      .signIn()
      .catch((reason: unknown) => reason);
    expect((error as Error).message).toBe("Server said no while verifying the signature (HTTP 401): Signature verification failed.");
  });
});
