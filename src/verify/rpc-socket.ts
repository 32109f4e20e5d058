// A small JSON-RPC client over one WebSocket, as rippled and Clio speak it: each request carries
// a numeric `id`, the node answers `{ id, status: "success", result }` or
// `{ id, status: "error", error, error_message }`, and anything else on the socket (stream
// messages) is ignored. Every wait is bounded by a timer, and closing the socket fails every
// request still waiting.
//
// It uses the standard WebSocket API (open/message/error/close events), so the same code runs on
// the `WebSocket` global of Bun, Deno, browsers and Node 22+, and on the `ws` package, which Node
// 20 needs (it has no WebSocket global without a flag) and which is loaded only then.

/** The part of the standard WebSocket API this client uses (`ws` offers it too, plus `terminate`). */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: "open" | "message" | "error" | "close", listener: (event: { data?: unknown; message?: unknown }) => void): void;
  /** `ws` only: drop the connection at once, without the closing handshake. */
  terminate?(): void;
  /**
   * `ws` only: its own event interface. A `message` listener gets the payload as it arrived (a
   * Buffer for a text message) and whether it was binary, without the event object and the
   * decoded copy that `addEventListener` makes for every message.
   */
  on?(type: "message", listener: (data: unknown, isBinary: boolean) => void): unknown;
}

/**
 * The TCP stream under a `ws` WebSocket (its `_socket`): corked while a turn of the event loop
 * sends, so the requests of one turn leave in one write. Other WebSocket implementations have
 * none, and send each message as they do.
 */
interface CorkableStream {
  cork(): void;
  uncork(): void;
}

/** Opens a WebSocket to a URL. */
export type WebSocketFactory = (url: string) => WebSocketLike;

type WebSocketConstructor = new (url: string) => WebSocketLike;
/** The `ws` package's constructor, which takes options after the URL. */
type WsConstructor = new (url: string, options: typeof WS_OPTIONS) => WebSocketLike;

/**
 * Options of the `ws` client (docs/decisions/0042 and 0046). No permessage-deflate offer: a node
 * whose port enables it (rippled's `permessage_deflate`) would otherwise have every request and
 * answer, a few hundred bytes each, go through zlib. No UTF-8 check of text messages: every answer
 * is read by `JSON.parse` and each field used is checked for its type and value, so a malformed
 * byte can only become U+FFFD inside a string no check accepts; the node is trusted for the
 * ledger's content anyway, and a check would only turn such an answer into a dropped connection.
 */
const WS_OPTIONS = { perMessageDeflate: false, skipUTF8Validation: true } as const;

let factory: Promise<WebSocketFactory> | undefined;

/** The runtime's `WebSocket` when it has one, else the `ws` package (loaded on first use). */
export function loadWebSocketFactory(): Promise<WebSocketFactory> {
  factory ??= (async () => {
    const native = (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
    if (typeof native === "function") return (url: string) => new native(url);
    const module = (await import("ws")) as unknown as { WebSocket?: WsConstructor; default?: WsConstructor };
    const Constructor = module.WebSocket ?? module.default;
    if (typeof Constructor !== "function") throw new Error("the ws package did not load");
    return (url: string) => new Constructor(url, WS_OPTIONS);
  })();
  factory.catch(() => {
    factory = undefined;
  });
  return factory;
}

/** The node answered the request with `status: "error"`. */
export class NodeErrorResponse extends Error {
  constructor(
    /** rippled's error token, such as `actNotFound`. */
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

/** The socket closed before the answer came. */
export class SocketClosedError extends Error {}

/** No answer within the request's time limit. */
export class RequestTimeoutError extends Error {}

const OPEN = 1;
/** How long closing waits for the socket's closing handshake before it drops the connection. */
export const CLOSE_GRACE_MS = 1000;

/**
 * A node's answer to one request: its whole success response, or the error it answered with
 * (`actNotFound` for an account not on the ledger is an everyday answer, not a failure).
 */
export type RpcAnswer = { ok: true; response: Record<string, unknown> } | { ok: false; error: string; text: string };

interface Pending {
  resolve(answer: RpcAnswer): void;
  reject(error: Error): void;
  /**
   * When the request fails for want of an answer, in ms on `performance.now`: a jump of the wall
   * clock moves no deadline.
   */
  deadlineMs: number;
  timeoutMs: number;
}

/** One decoder for every binary message (a decoder per message costs more than the JSON it decodes). */
const utf8 = new TextDecoder();

/** A connection attempt: `ready` settles once the socket is open or has failed; `abort` ends it now. */
export interface ConnectAttempt {
  ready: Promise<RpcSocket>;
  abort(): void;
}

/** One open WebSocket to a node, with request/response matching by id. */
export class RpcSocket {
  readonly #socket: WebSocketLike;
  readonly #pending = new Map<number, Pending>();
  readonly #closed: Promise<void>;
  #markClosed!: () => void;
  #nextId = 1;
  /**
   * One timer for every waiting request, due at the earliest deadline (or a little before: it
   * then checks again). A timer per request cost a timer-list insertion and removal on every
   * look-up; an answer now only leaves the map (docs/decisions/0042).
   */
  #sweepTimer: ReturnType<typeof setTimeout> | undefined;
  /** When the sweep timer is due; Infinity when none is set. */
  #sweepAtMs = Infinity;
  /** The `ws` socket's TCP stream, read once the socket is open; undefined elsewhere. */
  #stream: CorkableStream | undefined;
  #corked = false;
  readonly #uncork = (): void => {
    this.#corked = false;
    this.#stream?.uncork();
  };
  #isClosed = false;
  #onClose: (() => void) | undefined;

  private constructor(socket: WebSocketLike) {
    this.#socket = socket;
    this.#closed = new Promise((resolve) => {
      this.#markClosed = resolve;
    });
  }

  /**
   * Opens a socket to `url`, failing after `timeoutMs`. `onClose` runs once if the open socket
   * later closes for any reason (the node dropped it, or `close()`).
   */
  static connect(openSocket: WebSocketFactory, url: string, timeoutMs: number, onClose: () => void): ConnectAttempt {
    let abort: () => void = () => undefined;
    const ready = new Promise<RpcSocket>((resolve, reject) => {
      let socket: WebSocketLike;
      try {
        socket = openSocket(url);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      const rpc = new RpcSocket(socket);
      let opened = false;
      let settled = false;
      // A failed attempt settles only once its socket is gone, so the next attempt never overlaps it.
      const fail = (reason: string): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        void rpc.close(CLOSE_GRACE_MS).then(() => reject(new Error(reason)));
      };
      const timer = setTimeout(() => fail(`no WebSocket handshake within ${timeoutMs} ms`), timeoutMs);
      abort = () => fail("the connection attempt was cancelled");
      socket.addEventListener("open", () => {
        if (settled) return;
        settled = true;
        opened = true;
        clearTimeout(timer);
        rpc.#onClose = onClose;
        rpc.#stream = corkableStream(socket);
        resolve(rpc);
      });
      if (typeof socket.on === "function") {
        // `ws`: the text message's bytes, read once by #receiveText; no event object per message.
        socket.on("message", (data, isBinary) => rpc.#receiveText(isBinary ? decode(data) : String(data)));
      } else {
        socket.addEventListener("message", (event) => rpc.#receiveText(typeof event.data === "string" ? event.data : decode(event.data)));
      }
      socket.addEventListener("error", (event) => {
        if (!opened) fail(`the WebSocket connection failed${typeof event.message === "string" ? ` (${event.message})` : ""}`);
      });
      socket.addEventListener("close", () => {
        fail("the WebSocket closed during its handshake");
        rpc.#closedNow();
      });
    });
    return { ready, abort: () => abort() };
  }

  /** Whether the socket is open and not closing. */
  isOpen(): boolean {
    return !this.#isClosed && this.#socket.readyState === OPEN;
  }

  /** Sends `body` with a fresh id; resolves the node's whole success response, rejects a node's error answer with `NodeErrorResponse`. */
  async request(body: Record<string, unknown>, timeoutMs: number): Promise<Record<string, unknown>> {
    const answer = await this.answer(body, timeoutMs);
    if (!answer.ok) throw new NodeErrorResponse(answer.error, answer.text);
    return answer.response;
  }

  /**
   * Sends `body` with a fresh id; resolves the node's answer, its error answers included (no
   * exception is built for an answer the caller expects, such as an account not on the ledger).
   * Rejects only when no answer comes (timeout, closed socket).
   */
  answer(body: Record<string, unknown>, timeoutMs: number): Promise<RpcAnswer> {
    // A body with an `id` of its own (a caller's command) is sent without it, so the request
    // carries one id, ours.
    if (Object.hasOwn(body, "id")) {
      const { id: _ignored, ...rest } = body;
      return this.answerJson(JSON.stringify(rest), timeoutMs);
    }
    return this.answerJson(JSON.stringify(body), timeoutMs);
  }

  /**
   * As {@link answer}, for a request already serialised: `json` is a JSON object without an `id`.
   * The id goes in as text: copying the body into a new object to add it cost more than the
   * serialisation itself.
   */
  answerJson(json: string, timeoutMs: number): Promise<RpcAnswer> {
    if (!this.isOpen()) return Promise.reject(new SocketClosedError("The connection to the ledger node is closed."));
    const id = this.#nextId++;
    const text = json === "{}" ? `{"id":${id}}` : `${json.slice(0, -1)},"id":${id}}`;
    return new Promise((resolve, reject) => {
      const deadlineMs = performance.now() + timeoutMs;
      this.#pending.set(id, { resolve, reject, deadlineMs, timeoutMs });
      if (deadlineMs < this.#sweepAtMs) this.#armSweep(deadlineMs);
      try {
        this.#corkForThisTurn();
        this.#socket.send(text);
      } catch (error) {
        this.#pending.delete(id);
        reject(new SocketClosedError(`The request could not be sent: ${error instanceof Error ? error.message : String(error)}`));
      }
    });
  }

  /**
   * Corks the TCP stream until the event loop's check phase (`setImmediate`), after every I/O
   * callback of this turn: look-ups started by several sign-ins of one turn are written in one
   * system call, which wakes the node once instead of once per request (on loopback, waking the
   * node's process cost more than the rest of the look-up). Each request keeps its own id,
   * answer and deadline; the wait added is the rest of the turn.
   */
  #corkForThisTurn(): void {
    if (this.#corked || this.#stream === undefined || typeof setImmediate !== "function") return;
    this.#stream.cork();
    this.#corked = true;
    setImmediate(this.#uncork);
  }

  /** Sets the one timer to fire at `atMs` (an earlier deadline than the one it waits for, or none). */
  #armSweep(atMs: number): void {
    clearTimeout(this.#sweepTimer);
    this.#sweepAtMs = atMs;
    this.#sweepTimer = setTimeout(() => this.#sweep(), Math.max(0, atMs - performance.now()));
  }

  /** Fails every request past its deadline, and waits again for the earliest one left. */
  #sweep(): void {
    this.#sweepTimer = undefined;
    this.#sweepAtMs = Infinity;
    const nowMs = performance.now();
    let nextMs = Infinity;
    for (const [id, pending] of this.#pending) {
      if (pending.deadlineMs <= nowMs) {
        this.#pending.delete(id);
        pending.reject(new RequestTimeoutError(`no answer within ${pending.timeoutMs} ms`));
      } else if (pending.deadlineMs < nextMs) {
        nextMs = pending.deadlineMs;
      }
    }
    if (nextMs !== Infinity) this.#armSweep(nextMs);
  }

  /**
   * Closes the socket: every waiting request fails at once, and the promise settles when the
   * socket has closed, or after `graceMs`, when the connection is dropped outright where the
   * WebSocket implementation allows it.
   */
  async close(graceMs: number): Promise<void> {
    this.#drop();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const graceOver = await Promise.race([
      this.#closed.then(() => false),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), graceMs);
      }),
    ]);
    clearTimeout(timer);
    if (graceOver) this.#socket.terminate?.();
  }

  /** Starts closing without waiting, and fails the waiting requests. */
  #drop(): void {
    if (!this.#isClosed) {
      this.#isClosed = true;
      this.#failPending();
    }
    try {
      this.#socket.close(1000);
    } catch {
      // Already closing, or closed during the handshake: nothing more to do.
    }
  }

  #closedNow(): void {
    this.#isClosed = true;
    this.#failPending();
    this.#markClosed();
    const onClose = this.#onClose;
    this.#onClose = undefined;
    onClose?.();
  }

  #failPending(): void {
    clearTimeout(this.#sweepTimer);
    this.#sweepTimer = undefined;
    this.#sweepAtMs = Infinity;
    for (const [id, pending] of this.#pending) {
      this.#pending.delete(id);
      pending.reject(new SocketClosedError("The connection to the ledger node closed before it answered."));
    }
  }

  #receiveText(text: string): void {
    let response: unknown;
    try {
      response = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof response !== "object" || response === null) return;
    const message = response as Record<string, unknown>;
    const id = message["id"];
    const pending = typeof id === "number" ? this.#pending.get(id) : undefined;
    if (pending === undefined) return;
    // The sweep timer stays: it finds nothing due, or the next deadline, when it fires.
    this.#pending.delete(id as number);
    if (message["status"] === "error") {
      const error = typeof message["error"] === "string" ? message["error"] : "unknown";
      const text = typeof message["error_message"] === "string" ? message["error_message"] : error;
      pending.resolve({ ok: false, error, text });
      return;
    }
    pending.resolve({ ok: true, response: message });
  }
}

/** A binary message's text (UTF-8); a payload of no known binary form reads as no JSON. */
function decode(data: unknown): string {
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) return utf8.decode(data);
  return "";
}

/** The `ws` package's TCP stream under `socket`, when it has one that can be corked. */
function corkableStream(socket: WebSocketLike): CorkableStream | undefined {
  const stream = (socket as { _socket?: Partial<CorkableStream> })._socket;
  if (stream === undefined || stream === null) return undefined;
  if (typeof stream.cork !== "function" || typeof stream.uncork !== "function") return undefined;
  return stream as CorkableStream;
}
