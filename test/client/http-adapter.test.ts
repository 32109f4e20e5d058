import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { NetworkError, ServerRejectedError } from "../../src/client/errors.js";
import { createHttpAdapter, type FetchFunction } from "../../src/client/http-adapter.js";
import { InvalidOptionsError } from "../../src/errors.js";
import { createMessage } from "../../src/message/create.js";
import type { VerifyRequest } from "../../src/verify/types.js";
import { ADDRESS, NONCE } from "./scripted.js";

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

type Route = (request: Seen, response: ServerResponse) => void;

let server: Server;
let baseUrl: string;
const seen: Seen[] = [];
const routes = new Map<string, Route>();

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      const entry: Seen = { method: request.method ?? "", url: request.url ?? "", headers: request.headers, body };
      seen.push(entry);
      const route = routes.get(`${entry.method} ${entry.url}`);
      if (route === undefined) json(response, 404, { error: "Not found." });
      else route(entry, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(() => {
  seen.length = 0;
  routes.clear();
});

/** The real fetch, with each call's init kept so the test can read credentials. */
function recordingFetch() {
  const inits: RequestInit[] = [];
  const fetchImpl: FetchFunction = (input, init) => {
    inits.push(init);
    return fetch(input, init);
  };
  return { fetchImpl, inits };
}

const BODY: VerifyRequest = { message: "m", signatureKind: "signature", signature: "AB", address: ADDRESS };

describe("createHttpAdapter: getNonce", () => {
  it("GETs /api/auth/nonce with cookies and JSON accept, and returns the nonce", async () => {
    routes.set("GET /api/auth/nonce", (_request, response) => json(response, 200, { nonce: NONCE }));
    const { fetchImpl, inits } = recordingFetch();
    const adapter = createHttpAdapter({ baseUrl, fetch: fetchImpl });
    expect(await adapter.getNonce()).toBe(NONCE);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.headers["accept"]).toBe("application/json");
    expect(seen[0]?.body).toBe("");
    expect(inits[0]).toMatchObject({ method: "GET", credentials: "include" });
  });

  it("joins baseUrl and paths without a double slash, keeping a path prefix", async () => {
    routes.set("GET /app/api/auth/nonce", (_request, response) => json(response, 200, { nonce: NONCE }));
    const adapter = createHttpAdapter({ baseUrl: `${baseUrl}/app/` });
    expect(await adapter.getNonce()).toBe(NONCE);
    expect(seen[0]?.url).toBe("/app/api/auth/nonce");
  });

  it("throws ServerRejectedError with the status and the server's error text on a non-2xx answer", async () => {
    routes.set("GET /api/auth/nonce", (_request, response) => json(response, 429, { error: "Too many requests." }));
    const error = await createHttpAdapter({ baseUrl })
      .getNonce()
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ServerRejectedError);
    expect(error).toMatchObject({
      status: 429,
      serverError: "Too many requests.",
      step: "nonce",
      code: "server_rejected",
    });
    expect((error as Error).message).toBe("Server said no while requesting a nonce (HTTP 429): Too many requests.");
  });

  it("uses the body text when the error answer is not JSON", async () => {
    routes.set("GET /api/auth/nonce", (_request, response) => {
      response.writeHead(502, { "Content-Type": "text/html" });
      response.end("<h1>Bad   gateway</h1>\n");
    });
    await expect(createHttpAdapter({ baseUrl }).getNonce()).rejects.toThrow(
      "Server said no while requesting a nonce (HTTP 502): <h1>Bad gateway</h1>",
    );
  });

  it("throws when a 2xx answer has no nonce", async () => {
    routes.set("GET /api/auth/nonce", (_request, response) => json(response, 200, { token: "x" }));
    await expect(createHttpAdapter({ baseUrl }).getNonce()).rejects.toThrow("The answer has no `nonce`.");
    routes.set("GET /api/auth/nonce", (_request, response) => {
      response.writeHead(200);
      response.end("not json");
    });
    await expect(createHttpAdapter({ baseUrl }).getNonce()).rejects.toThrow("The answer is not JSON.");
  });

  it("throws NetworkError naming the step when nothing answers", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const adapter = createHttpAdapter({ baseUrl: `http://127.0.0.1:${port}` });
    const error = await adapter.getNonce().catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toMatch(/^Network error while requesting a nonce/);
    await expect(adapter.verify(BODY)).rejects.toThrow(/^Network error while verifying the signature/);
    await expect(adapter.signOut()).rejects.toThrow(/^Network error while signing out/);
    await expect(adapter.me()).rejects.toThrow(/^Network error while reading the current session/);
  });

  it("passes the abort signal to fetch", async () => {
    routes.set("GET /api/auth/nonce", () => undefined); // never answers
    const abort = new AbortController();
    const pending = createHttpAdapter({ baseUrl }).getNonce({ signal: abort.signal });
    setTimeout(() => abort.abort(), 20);
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("createHttpAdapter: verify", () => {
  it("POSTs the body as JSON with a JSON content type and cookies, and resolves true on 2xx", async () => {
    routes.set("POST /api/auth/verify", (_request, response) => json(response, 200, { ok: true, address: ADDRESS }));
    const { fetchImpl, inits } = recordingFetch();
    const adapter = createHttpAdapter({ baseUrl, fetch: fetchImpl });
    expect(await adapter.verify(BODY)).toBe(true);
    expect(seen[0]?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(seen[0]?.body ?? "")).toEqual(BODY);
    expect(inits[0]).toMatchObject({ method: "POST", credentials: "include" });
    expect(adapter.lastError).toBeNull();
  });

  it("resolves false on a non-2xx answer, reporting status and error text to onRejected and lastError", async () => {
    routes.set("POST /api/auth/verify", (_request, response) => json(response, 401, { error: "Signature verification failed." }));
    const adapter = createHttpAdapter({ baseUrl });
    const reported: unknown[] = [];
    expect(await adapter.verify(BODY, { onRejected: (rejection) => reported.push(rejection) })).toBe(false);
    expect(reported).toEqual([{ status: 401, error: "Signature verification failed." }]);
    expect(adapter.lastError).toEqual({ status: 401, error: "Signature verification failed." });
    routes.set("POST /api/auth/verify", (_request, response) => json(response, 200, { ok: true }));
    expect(await adapter.verify(BODY)).toBe(true);
    expect(adapter.lastError).toBeNull();
  });

  it("resolves false on a 500 without a body", async () => {
    routes.set("POST /api/auth/verify", (_request, response) => {
      response.writeHead(500);
      response.end();
    });
    const adapter = createHttpAdapter({ baseUrl });
    expect(await adapter.verify(BODY)).toBe(false);
    expect(adapter.lastError).toEqual({ status: 500 });
  });
});

describe("createHttpAdapter: signOut and me", () => {
  it("POSTs /api/auth/signout with cookies and no body", async () => {
    routes.set("POST /api/auth/signout", (_request, response) => json(response, 200, { ok: true }));
    const { fetchImpl, inits } = recordingFetch();
    await createHttpAdapter({ baseUrl, fetch: fetchImpl }).signOut();
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual(["POST /api/auth/signout"]);
    expect(seen[0]?.body).toBe("");
    expect(inits[0]).toMatchObject({ credentials: "include" });
  });

  it("throws when the sign-out is refused", async () => {
    routes.set("POST /api/auth/signout", (_request, response) => json(response, 500, { error: "Internal server error." }));
    await expect(createHttpAdapter({ baseUrl }).signOut()).rejects.toThrow(
      "Server said no while signing out (HTTP 500): Internal server error.",
    );
  });

  it("reads the `mePath` it is given", async () => {
    routes.set("GET /api/auth/me", (_request, response) => json(response, 200, { address: ADDRESS }));
    routes.set("GET /api/me", (_request, response) => json(response, 200, { address: "rOTHER" }));
    expect(await createHttpAdapter({ baseUrl, mePath: "/api/auth/me" }).me()).toEqual({ address: ADDRESS });
    expect(await createHttpAdapter({ baseUrl, mePath: "/api/me" }).me()).toEqual({ address: "rOTHER" });
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual(["GET /api/auth/me", "GET /api/me"]);
  });

  it("answers null on 401 Not authenticated", async () => {
    routes.set("GET /api/me", (_request, response) => json(response, 401, { error: "Not authenticated." }));
    expect(await createHttpAdapter({ baseUrl, mePath: "/api/me" }).me()).toBeNull();
  });

  it('still reads the deprecated `variant`: "cookie" is /api/auth/me, "store" is /api/me', async () => {
    routes.set("GET /api/auth/me", (_request, response) => json(response, 200, { address: ADDRESS }));
    routes.set("GET /api/me", (_request, response) => json(response, 200, { address: "rOTHER" }));
    expect(await createHttpAdapter({ baseUrl, variant: "cookie" }).me()).toEqual({ address: ADDRESS });
    expect(await createHttpAdapter({ baseUrl, variant: "store" }).me()).toEqual({ address: "rOTHER" });
  });

  it("throws on another non-2xx answer", async () => {
    routes.set("GET /api/auth/me", (_request, response) => json(response, 500, { error: "Internal server error." }));
    await expect(createHttpAdapter({ baseUrl, mePath: "/api/auth/me" }).me()).rejects.toThrow(
      "Server said no while reading the current session (HTTP 500): Internal server error.",
    );
  });

  it("without a mePath, falls back from /api/auth/me to /api/me on 404 and remembers it", async () => {
    routes.set("GET /api/me", (_request, response) => json(response, 401, { error: "Not authenticated." }));
    const adapter = createHttpAdapter({ baseUrl });
    expect(await adapter.me()).toBeNull();
    routes.set("GET /api/me", (_request, response) => json(response, 200, { address: ADDRESS }));
    expect(await adapter.me()).toEqual({ address: ADDRESS });
    expect(seen.map((request) => request.url)).toEqual(["/api/auth/me", "/api/me", "/api/me"]);
  });
});

describe("createHttpAdapter: createMessage and options", () => {
  it("formats with the library's createMessage", () => {
    const fields = {
      domain: "example.com",
      address: ADDRESS,
      statement: "Sign in to Example.",
      uri: "https://example.com",
      version: "1" as const,
      chainId: "xrpl:0",
      nonce: NONCE,
      issuedAt: "2026-11-21T09:00:00.000Z",
      expirationTime: "2026-11-21T09:05:00.000Z",
    };
    const text = createHttpAdapter().createMessage(fields);
    expect(text).toBe(createMessage(fields));
    expect(text).toContain("example.com wants you to sign in with your XRPL account:");
  });

  it("refuses an unknown variant, a mePath that is not a path, a non-string baseUrl and a non-function fetch", () => {
    expect(() => createHttpAdapter({ variant: "session" as "store" })).toThrow(InvalidOptionsError);
    expect(() => createHttpAdapter({ mePath: "api/me" })).toThrow('`mePath` must be a path starting with "/"');
    expect(() => createHttpAdapter({ baseUrl: 42 as unknown as string })).toThrow(InvalidOptionsError);
    expect(() => createHttpAdapter({ fetch: "no" as unknown as FetchFunction })).toThrow(InvalidOptionsError);
  });
});
