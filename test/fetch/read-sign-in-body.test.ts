// readSignInBody: the body reader for routes written around handlers.verify with web Requests
// (Next.js route handlers and the like) reads by the fetch handler's own rules and hands back the
// fetch handler's own 413 answer.
import { describe, expect, it } from "vitest";
import { createFetchHandler, readSignInBody } from "../../src/fetch/index.js";
import { createVerifier } from "../../src/verify/index.js";

const URL_ = "https://app.example/api/auth/verify";
const SECRET = "x".repeat(64);

function post(body: BodyInit, headers: Record<string, string> = { "content-type": "application/json" }): Request {
  return new Request(URL_, { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

/** A body without Content-Length (chunked), in 1 KiB pieces. */
function streamed(totalBytes: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= totalBytes) return controller.close();
      const size = Math.min(1024, totalBytes - sent);
      sent += size;
      controller.enqueue(new TextEncoder().encode(" ".repeat(size)));
    },
  });
}

describe("readSignInBody", () => {
  it("reads a JSON body", async () => {
    expect(await readSignInBody(post(JSON.stringify({ address: "r1", message: "m" })))).toEqual({
      kind: "json",
      body: { address: "r1", message: "m" },
    });
  });

  it("reads a +json content type with parameters", async () => {
    const read = await readSignInBody(post("{}", { "content-type": "application/vnd.api+json; charset=utf-8" }));
    expect(read).toEqual({ kind: "json", body: {} });
  });

  it("calls a body unreadable for another content type, bad UTF-8 or bad JSON", async () => {
    expect(await readSignInBody(post("{}", { "content-type": "text/plain" }))).toEqual({ kind: "unreadable" });
    expect(await readSignInBody(post(new Uint8Array([0x7b, 0xff, 0x7d])))).toEqual({ kind: "unreadable" });
    expect(await readSignInBody(post("{not json"))).toEqual({ kind: "unreadable" });
    expect(await readSignInBody(new Request(URL_, { method: "POST", headers: { "content-type": "application/json" } }))).toEqual({
      kind: "unreadable",
    });
  });

  it("refuses a body over 16 KiB declared by Content-Length, with the 413 answer", async () => {
    const read = await readSignInBody(post(JSON.stringify({ pad: "a".repeat(16 * 1024) })));
    expect(read).toEqual({ kind: "too-large", status: 413, body: { error: "Request body too large (limit 16kb)." } });
  });

  it("stops reading a chunked body once it passes 16 KiB", async () => {
    let pulledBytes = 0;
    const source = streamed(1024 * 1024);
    const counting = source.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          pulledBytes += chunk.byteLength;
          controller.enqueue(chunk);
        },
      }),
    );
    const read = await readSignInBody(post(counting));
    expect(read.kind).toBe("too-large");
    // Not the whole megabyte: reading stopped just past the limit (the stream may run a chunk or two ahead).
    expect(pulledBytes).toBeLessThan(64 * 1024);
  });

  it("adds the error code when errorCodes is set, as the handlers do", async () => {
    const read = await readSignInBody(post(JSON.stringify({ pad: "a".repeat(17 * 1024) })), { errorCodes: true });
    expect(read).toEqual({
      kind: "too-large",
      status: 413,
      body: { error: "Request body too large (limit 16kb).", code: "body_too_large" },
    });
  });

  it("answers exactly what createFetchHandler answers for the same oversized body", async () => {
    const handler = createFetchHandler({
      verifier: createVerifier({ nodeUrl: "ws://127.0.0.1:9" }),
      domain: "app.example",
      chainId: "xrpl:0",
      sessionSecret: SECRET,
    });
    const body = JSON.stringify({ pad: "a".repeat(17 * 1024) });
    const response = await handler.handle(post(body, { "content-type": "application/json", origin: "https://app.example" }));
    const read = await readSignInBody(post(body));
    expect(read.kind).toBe("too-large");
    if (read.kind !== "too-large") return;
    expect(response.status).toBe(read.status);
    expect(await response.json()).toEqual(read.body);
  });
});
