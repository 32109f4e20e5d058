import type { IncomingMessage } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WebSocketServer } from "ws";
import { loadWebSocketFactory, RequestTimeoutError, RpcSocket, type WebSocketLike } from "../../src/verify/rpc-socket.js";

type Listener = (event: { data?: unknown; message?: unknown }) => void;

/** A WebSocket stand-in: records what is sent, and whether its TCP stream was corked at the time. */
class FakeSocket implements WebSocketLike {
  readyState = 0;
  readonly sent: { text: string; corked: boolean }[] = [];
  readonly listeners = new Map<string, Listener[]>();
  corkDepth = 0;
  readonly streamCalls: string[] = [];

  constructor(withStream: boolean) {
    if (withStream) {
      // What the `ws` package exposes as `_socket`: its net.Socket.
      (this as unknown as { _socket: object })._socket = {
        cork: () => {
          this.corkDepth += 1;
          this.streamCalls.push("cork");
        },
        uncork: () => {
          this.corkDepth -= 1;
          this.streamCalls.push("uncork");
        },
      };
    }
  }

  send(data: string): void {
    this.sent.push({ text: data, corked: this.corkDepth > 0 });
  }

  close(): void {
    this.readyState = 3;
    this.emit("close", {});
  }

  addEventListener(type: string, listener: Listener): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  emit(type: string, event: { data?: unknown }): void {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  open(): void {
    this.readyState = 1;
    this.emit("open", {});
  }

  answer(response: Record<string, unknown>): void {
    this.emit("message", { data: JSON.stringify(response) });
  }
}

/** A stand-in for a `ws` socket: its own `on("message")` gives the payload's bytes and whether they were binary. */
class FakeWsSocket extends FakeSocket {
  readonly onMessage: ((data: unknown, isBinary: boolean) => void)[] = [];

  on(type: "message", listener: (data: unknown, isBinary: boolean) => void): this {
    if (type === "message") this.onMessage.push(listener);
    return this;
  }

  override answer(response: Record<string, unknown>): void {
    for (const listener of this.onMessage) listener(Buffer.from(JSON.stringify(response)), false);
  }
}

async function openRpc(
  withStream = true,
  socket: FakeSocket = new FakeSocket(withStream),
): Promise<{ rpc: RpcSocket; socket: FakeSocket }> {
  const attempt = RpcSocket.connect(
    () => socket,
    "ws://node.invalid",
    1000,
    () => undefined,
  );
  socket.open();
  return { rpc: await attempt.ready, socket };
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
const idOf = (text: string): number => (JSON.parse(text) as { id: number }).id;

const opened: RpcSocket[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((rpc) => rpc.close(10)));
});

describe("rpc socket", () => {
  it("writes the requests of one turn of the event loop with the ws socket's stream corked, uncorked once after the turn; each gets its own answer", async () => {
    const { rpc, socket } = await openRpc();
    opened.push(rpc);
    const answers = [1, 2, 3].map((n) => rpc.answer({ command: "account_info", account: `r${n}` }, 1000));
    expect(socket.sent).toHaveLength(3);
    expect(socket.sent.every((entry) => entry.corked)).toBe(true);
    expect(socket.streamCalls).toEqual(["cork"]);
    await nextTurn();
    expect(socket.streamCalls).toEqual(["cork", "uncork"]);
    expect(socket.corkDepth).toBe(0);
    // Answered out of order: each request still gets the answer carrying its id.
    for (const { text } of [...socket.sent].reverse()) {
      const request = JSON.parse(text) as { id: number; account: string };
      socket.answer({ id: request.id, status: "success", result: { account: request.account } });
    }
    const results = await Promise.all(answers);
    expect(results.map((answer) => (answer.ok ? (answer.response["result"] as { account: string }).account : answer.error))).toEqual([
      "r1",
      "r2",
      "r3",
    ]);
    // A later turn corks again.
    const later = rpc.answer({ command: "ping" }, 1000);
    expect(socket.sent[3]?.corked).toBe(true);
    expect(socket.streamCalls).toEqual(["cork", "uncork", "cork"]);
    socket.answer({ id: idOf(socket.sent[3]!.text), status: "success", result: {} });
    await later;
  });

  it("sends at once, uncorked, on a WebSocket without a stream to cork (the runtime's own WebSocket)", async () => {
    const { rpc, socket } = await openRpc(false);
    opened.push(rpc);
    const answer = rpc.answer({ command: "ping" }, 1000);
    expect(socket.sent).toEqual([{ text: expect.any(String) as string, corked: false }]);
    socket.answer({ id: idOf(socket.sent[0]!.text), status: "error", error: "actNotFound", error_message: "Account not found." });
    expect(await answer).toEqual({ ok: false, error: "actNotFound", text: "Account not found." });
  });

  it("reads a ws socket's messages through its own `on`, from the payload's bytes, with no event listener per message", async () => {
    const socket = new FakeWsSocket(true);
    const { rpc } = await openRpc(true, socket);
    opened.push(rpc);
    expect(socket.listeners.get("message")).toBeUndefined();
    expect(socket.onMessage).toHaveLength(1);
    const text = rpc.answer({ command: "account_info", account: "rA" }, 1000);
    const binary = rpc.answer({ command: "ping" }, 1000);
    socket.answer({ id: idOf(socket.sent[0]!.text), status: "error", error: "actNotFound", error_message: "Account not found." });
    // A binary message carrying JSON is read too, as the runtime's WebSocket reads it.
    const pong = { id: idOf(socket.sent[1]!.text), status: "success", result: { pong: "é" } };
    socket.onMessage[0]!(new TextEncoder().encode(JSON.stringify(pong)), true);
    expect(await text).toEqual({ ok: false, error: "actNotFound", text: "Account not found." });
    expect(await binary).toEqual({ ok: true, response: pong });
  });

  it("sends the body with a fresh id, which replaces an id the body carries", async () => {
    const { rpc, socket } = await openRpc();
    opened.push(rpc);
    void rpc.answer({ command: "account_info", account: "rA", id: "mine" }, 1000).catch(() => undefined);
    void rpc.answer({}, 1000).catch(() => undefined);
    const first = JSON.parse(socket.sent[0]!.text) as Record<string, unknown>;
    const second = JSON.parse(socket.sent[1]!.text) as Record<string, unknown>;
    expect(first).toEqual({ command: "account_info", account: "rA", id: expect.any(Number) as number });
    expect(second).toEqual({ id: expect.any(Number) as number });
    expect(second["id"]).not.toBe(first["id"]);
  });

  it("fails each request at its own deadline on the one timer: a shorter limit sent later fails first, the longer one still gets its answer", async () => {
    const { rpc, socket } = await openRpc();
    opened.push(rpc);
    const startMs = Date.now();
    const long = rpc.answer({ command: "ping" }, 600);
    const short = rpc.answer({ command: "ping" }, 60);
    const shortFailure = await short.then(
      () => undefined,
      (error: unknown) => error,
    );
    const shortMs = Date.now() - startMs;
    expect(shortFailure).toBeInstanceOf(RequestTimeoutError);
    expect((shortFailure as Error).message).toBe("no answer within 60 ms");
    expect(shortMs).toBeGreaterThanOrEqual(55);
    expect(shortMs).toBeLessThan(400);
    // An answer for the request that timed out is ignored; the other still waits for its own.
    socket.answer({ id: idOf(socket.sent[1]!.text), status: "success", result: {} });
    socket.answer({ id: idOf(socket.sent[0]!.text), status: "success", result: { pong: true } });
    expect(await long).toEqual({ ok: true, response: { id: idOf(socket.sent[0]!.text), status: "success", result: { pong: true } } });
  });

  it("fails a request sent after earlier ones were answered at its own deadline, and every waiting request when the socket closes", async () => {
    const { rpc, socket } = await openRpc();
    const first = rpc.answer({ command: "ping" }, 50);
    socket.answer({ id: idOf(socket.sent[0]!.text), status: "success", result: {} });
    await first;
    await new Promise((resolve) => setTimeout(resolve, 30));
    const startMs = Date.now();
    const second = rpc.answer({ command: "ping" }, 80);
    const failure = await second.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(RequestTimeoutError);
    expect(Date.now() - startMs).toBeGreaterThanOrEqual(75);
    const waiting = rpc.answer({ command: "ping" }, 5000);
    await rpc.close(10);
    await expect(waiting).rejects.toThrow("closed before it answered");
  });

  it("keeps each deadline when the wall clock jumps back an hour while requests wait", async () => {
    const { rpc } = await openRpc();
    opened.push(rpc);
    const startMs = performance.now();
    const waiting = rpc.answer({ command: "ping" }, 60);
    const realNow = Date.now.bind(Date);
    const clock = vi.spyOn(Date, "now").mockImplementation(() => realNow() - 3_600_000);
    try {
      await expect(waiting).rejects.toBeInstanceOf(RequestTimeoutError);
    } finally {
      clock.mockRestore();
    }
    expect(performance.now() - startMs).toBeLessThan(1000);
  });

  it.skipIf(typeof (globalThis as { WebSocket?: unknown }).WebSocket === "function")(
    "reads an answer whose text message is not valid UTF-8 with the ws package, instead of dropping the connection",
    async () => {
      const server = new WebSocketServer({ port: 0, host: "127.0.0.1" });
      server.on("connection", (socket) => {
        socket.on("message", (data) => {
          const { id } = JSON.parse((data as Buffer).toString("utf8")) as { id: number };
          // 0xff is never part of UTF-8: a checking client closes the connection (1007) on it.
          const answer = Buffer.concat([
            Buffer.from(`{"id":${id},"status":"success","result":{"note":"`),
            Buffer.from([0xff]),
            Buffer.from(`"}}`),
          ]);
          socket.send(answer, { binary: false });
        });
      });
      await new Promise((resolve) => server.once("listening", resolve));
      const { port } = server.address() as { port: number };
      try {
        const rpc = await RpcSocket.connect(await loadWebSocketFactory(), `ws://127.0.0.1:${port}`, 2000, () => undefined).ready;
        opened.push(rpc);
        expect(await rpc.answer({ command: "ping" }, 2000)).toEqual({
          ok: true,
          response: { id: expect.any(Number) as number, status: "success", result: { note: "\ufffd" } },
        });
        expect(rpc.isOpen()).toBe(true);
      } finally {
        for (const client of server.clients) client.terminate();
        await new Promise((resolve) => server.close(resolve));
      }
    },
  );

  it.skipIf(typeof (globalThis as { WebSocket?: unknown }).WebSocket === "function")(
    "does not offer permessage-deflate with the ws package, even to a node that accepts it",
    async () => {
      const server = new WebSocketServer({ port: 0, host: "127.0.0.1", perMessageDeflate: true });
      const offered = new Promise<string | undefined>((resolve) => {
        server.on("connection", (_socket, request: IncomingMessage) => resolve(request.headers["sec-websocket-extensions"]));
      });
      await new Promise((resolve) => server.once("listening", resolve));
      const { port } = server.address() as { port: number };
      try {
        const attempt = RpcSocket.connect(await loadWebSocketFactory(), `ws://127.0.0.1:${port}`, 2000, () => undefined);
        const rpc = await attempt.ready;
        expect(await offered).toBeUndefined();
        await rpc.close(100);
      } finally {
        for (const client of server.clients) client.terminate();
        await new Promise((resolve) => server.close(resolve));
      }
    },
  );
});
