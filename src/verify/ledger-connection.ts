import { LedgerRequestError, LedgerUnavailableError } from "../errors.js";
import type { Logger } from "../shared/logger.js";
import { NetworkMismatchError } from "./lazy-ledger.js";
import { LruCache } from "./lru-cache.js";
import { isRecord } from "./request-input.js";
import {
  CLOSE_GRACE_MS,
  loadWebSocketFactory,
  NodeErrorResponse,
  RequestTimeoutError,
  RpcSocket,
  SocketClosedError,
  type RpcAnswer,
  type ConnectAttempt,
  type WebSocketFactory,
} from "./rpc-socket.js";
import type { LedgerRequest } from "./claims/types.js";
import type { AccountAuthority, LedgerReader } from "./types.js";

/** lsfDisableMaster: the account's master key may not sign. */
const LSF_DISABLE_MASTER = 0x00100000;
/** A node that failed is tried first again only after this wait, doubled per failure in a row. */
const FIRST_BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 60_000;
/** How often an idle connection is pinged, so a dead one is noticed before a sign-in needs it. */
const HEARTBEAT_INTERVAL_MS = 30_000;
/**
 * The rippled API version every request names, whose account_info shape parseAccountInfo reads
 * first (it reads v1 too), as the request's text writes it (`requestJson`, and account_info's own
 * text).
 */
const API_VERSION_FIELD = `"api_version":2`;
/**
 * How long an account's signer list, read for a multi-signed proof, is reused (per account, from
 * when the look-up was sent). A signer removed from the list, or a raised quorum, counts for new
 * multi-signed sign-ins within this time of the validated ledger that carries the change.
 */
export const SIGNER_LIST_TTL_MS = 30_000;
/** Accounts whose signer list is remembered at most; the least recently used is forgotten first. */
export const SIGNER_LIST_MAX_ACCOUNTS = 10_000;

export interface LedgerConnectionOptions {
  /** Nodes in order of preference. */
  nodeUrls: readonly string[];
  /** The network every node must serve; undefined: not checked. */
  networkId: number | undefined;
  connectTimeoutMs: number;
  requestTimeoutMs: number;
  logger: Logger;
  /** How sockets are opened; default the runtime's WebSocket, or the `ws` package. */
  openSocket?: WebSocketFactory | undefined;
  /** The clock backoff is measured on (tests move it); default `Date.now`. */
  now?: (() => number) | undefined;
  /** How often an idle connection is pinged; default 30 s. */
  heartbeatIntervalMs?: number | undefined;
}

interface NodeState {
  readonly url: string;
  failuresInRow: number;
  /** Until then, other nodes are tried first. */
  backoffUntil: number;
}

interface Connected {
  rpc: RpcSocket;
  node: NodeState;
  /** `network_id` from server_info, once read on this connection (a node that reports none: undefined). */
  networkId: { value: number | undefined } | undefined;
}

/**
 * The verifier's connection to the ledger: one WebSocket at a time to the first node of the list
 * that answers, opened when a look-up first needs it and again whenever a look-up finds it gone.
 * Nodes that fail (cannot be reached, do not answer in time, drop the connection, serve another
 * network) are tried last for a while (backoff), so failover moves on and does not come back to a
 * failing node at every look-up; when every node is backing off, the one whose wait ends first is
 * tried, so a single node is retried at once and recovery is immediate. Every wait is bounded, and
 * every failure to get an answer is a `LedgerUnavailableError` (a network mismatch on every node
 * tried: a `NetworkMismatchError`).
 */
export class LedgerConnection implements LedgerReader {
  readonly #nodes: NodeState[];
  readonly #expectedNetworkId: number | undefined;
  readonly #connectTimeoutMs: number;
  readonly #requestTimeoutMs: number;
  readonly #logger: Logger;
  readonly #openSocket: WebSocketFactory | undefined;
  readonly #now: () => number;
  readonly #heartbeatIntervalMs: number;
  readonly #accountLookups = new Map<string, Promise<AccountAuthority>>();
  readonly #signerLists = new LruCache<string, { expiresAtMs: number; authority: Promise<AccountAuthority> }>(SIGNER_LIST_MAX_ACCOUNTS);
  #networkIdLookup: Promise<number | undefined> | undefined;
  #current: Connected | undefined;
  #opening: Promise<Connected> | undefined;
  #attempt: ConnectAttempt | undefined;
  #heartbeat: ReturnType<typeof setTimeout> | undefined;
  /** Sockets still closing; a new one opens only after they are gone (one connection at a time). */
  readonly #retiring = new Set<Promise<void>>();
  #closed = false;

  constructor(options: LedgerConnectionOptions) {
    this.#nodes = options.nodeUrls.map((url) => ({ url, failuresInRow: 0, backoffUntil: 0 }));
    this.#expectedNetworkId = options.networkId;
    this.#connectTimeoutMs = options.connectTimeoutMs;
    this.#requestTimeoutMs = options.requestTimeoutMs;
    this.#logger = options.logger;
    this.#openSocket = options.openSocket;
    this.#now = options.now ?? Date.now;
    this.#heartbeatIntervalMs = options.heartbeatIntervalMs ?? HEARTBEAT_INTERVAL_MS;
  }

  /** Whether a socket is open now. */
  isConnected(): boolean {
    return this.#current?.rpc.isOpen() ?? false;
  }

  /** The URL of the node the open socket goes to, if any. */
  connectedNodeUrl(): string | undefined {
    return this.isConnected() ? this.#current?.node.url : undefined;
  }

  getAccountAuthority(address: string): Promise<AccountAuthority> {
    // Concurrent look-ups share one request; the entry goes as soon as it settles, so the next
    // look-up asks the ledger again and a rotated key counts at once.
    const pending = this.#accountLookups.get(address);
    if (pending !== undefined) return pending;
    // The request's text is written here, not serialised from an object: it is the one request
    // made on every sign-in, and its fields are fixed but for the address.
    const json = `{"command":"account_info","account":${JSON.stringify(address)},"ledger_index":"validated","signer_lists":true,${API_VERSION_FIELD}}`;
    const lookup = this.#request("account_info", json, (answer) => readAccountAuthority(address, answer));
    this.#accountLookups.set(address, lookup);
    // Registered before any caller's own reaction, so the entry is gone when a caller resumes (as
    // a `finally` inside an async wrapper did, without the wrapper's promise and its turns).
    const forget = (): void => {
      if (this.#accountLookups.get(address) === lookup) this.#accountLookups.delete(address);
    };
    lookup.then(forget, forget);
    return lookup;
  }

  /**
   * The account's data as a multi-signed proof reads it (its signer list), reused for
   * `SIGNER_LIST_TTL_MS` per account: a burst of multi-signed sign-ins for one account (a team
   * account, a treasury) asks the ledger once. Only this read is reused: a key's authority
   * (`getAccountAuthority`) is read afresh every time. A look-up that fails is not remembered.
   */
  getSignerListAuthority(address: string): Promise<AccountAuthority> {
    const nowMs = this.#now();
    const known = this.#signerLists.get(address);
    if (known !== undefined && nowMs < known.expiresAtMs) return known.authority;
    const authority = this.getAccountAuthority(address);
    const entry = { expiresAtMs: nowMs + SIGNER_LIST_TTL_MS, authority };
    this.#signerLists.set(address, entry);
    authority.catch(() => {
      if (this.#signerLists.peek(address) === entry) this.#signerLists.delete(address);
    });
    return authority;
  }

  getNetworkId(): Promise<number | undefined> {
    const known = this.#current?.networkId;
    if (known !== undefined && this.isConnected()) return Promise.resolve(known.value);
    if (this.#networkIdLookup !== undefined) return this.#networkIdLookup;
    const lookup = (async () => {
      try {
        return await this.#request("server_info", requestJson({ command: "server_info" }), (answer, connection) => {
          if (!answer.ok) throw asUnavailable("server_info", new NodeErrorResponse(answer.error, answer.text));
          const value = reportedNetworkId(answer.response);
          connection.networkId = { value };
          return value;
        });
      } finally {
        this.#networkIdLookup = undefined;
      }
    })();
    this.#networkIdLookup = lookup;
    return lookup;
  }

  /**
   * Sends one command (API version 2, whatever the command says) and resolves the answer's
   * `result`. A node's error answer is a `LedgerRequestError` with its token; no answer in time,
   * or an answer without a result, is a `LedgerUnavailableError`.
   */
  request(command: LedgerRequest): Promise<Record<string, unknown>> {
    let name = "the command";
    let json: string;
    try {
      name = String(command.command);
      json = requestJson({ ...command });
    } catch (error) {
      // Rejected, not thrown, as from an async function: a command that cannot be read or serialised.
      return Promise.reject(asUnavailable(name, error));
    }
    return this.#request(name, json, (answer) => {
      if (!answer.ok) {
        throw new LedgerRequestError(answer.error, `The ledger node answered ${name} with the error ${answer.error}: ${answer.text}`);
      }
      const result = answer.response["result"];
      if (!isRecord(result)) throw new LedgerUnavailableError(`The ledger node answered ${name} without a result.`);
      return result;
    });
  }

  /** Ends the socket and every timer; later look-ups reject with `LedgerUnavailableError`. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#stopHeartbeat();
    this.#attempt?.abort();
    await this.#opening?.catch(() => undefined);
    const current = this.#current;
    this.#current = undefined;
    if (current !== undefined) this.#retire(current.rpc);
    await Promise.all(this.#retiring);
  }

  /**
   * Sends one request (`json`, made by `requestJson` or naming `API_VERSION_FIELD`), connecting
   * first when needed, within connectTimeoutMs + requestTimeoutMs in all, and resolves what `read`
   * makes of the answer (the node's error answers included) and of the connection that gave it.
   * A connection that died under the request (a drop not yet noticed when it was sent) gets one
   * fresh connection within the same budget. Errors: `NetworkMismatchError`,
   * `LedgerUnavailableError`, or what `read` throws.
   *
   * With a socket open, the request is sent at once and its answer is read in the one reaction
   * to the socket's promise: no turn of the event loop and no async function on the path of
   * every sign-in.
   */
  #request<T>(command: string, json: string, read: (answer: RpcAnswer, connection: Connected) => T): Promise<T> {
    const deadline = Date.now() + this.#connectTimeoutMs + this.#requestTimeoutMs;
    const current = this.#current;
    if (!this.#closed && current !== undefined && current.rpc.isOpen()) return this.#send(current, command, json, read, deadline, 0);
    return this.#connectAndSend(command, json, read, deadline, 0);
  }

  async #connectAndSend<T>(
    command: string,
    json: string,
    read: (answer: RpcAnswer, connection: Connected) => T,
    deadline: number,
    attempt: number,
  ): Promise<T> {
    const connection = await this.#connected(deadline);
    return this.#send(connection, command, json, read, deadline, attempt);
  }

  #send<T>(
    connection: Connected,
    command: string,
    json: string,
    read: (answer: RpcAnswer, connection: Connected) => T,
    deadline: number,
    attempt: number,
  ): Promise<T> {
    const remainingMs = Math.max(1, Math.min(this.#requestTimeoutMs, deadline - Date.now()));
    return connection.rpc.answerJson(json, remainingMs).then(
      (answer) => read(answer, connection),
      (error: unknown) => {
        if (error instanceof RequestTimeoutError) {
          // A node that cannot answer in time is treated as gone: the next look-up reconnects,
          // to the next node when there is one.
          this.#logger.warn(
            `sign-in-with-xrpl: ledger node ${connection.node.url} did not answer ${command} within ${Math.round(remainingMs)} ms; dropping the connection.`,
          );
          this.#fail(connection.node);
          this.#discard(connection);
          throw new LedgerUnavailableError(`The ledger node did not answer ${command} within ${this.#requestTimeoutMs} ms.`, {
            cause: error,
          });
        }
        const retryable = error instanceof SocketClosedError && attempt === 0 && !this.#closed && Date.now() < deadline;
        if (!retryable) throw asUnavailable(command, error);
        return this.#connectAndSend(command, json, read, deadline, attempt + 1);
      },
    );
  }

  async #connected(deadline: number): Promise<Connected> {
    if (this.#closed) throw new LedgerUnavailableError("The verifier is closed.");
    const current = this.#current;
    if (current !== undefined && current.rpc.isOpen()) return current;
    this.#opening ??= this.#open(deadline).finally(() => {
      this.#opening = undefined;
    });
    // A look-up that joins an opening started by another one still keeps to its own deadline.
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      return await Promise.race([
        this.#opening,
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(
            () => reject(new LedgerUnavailableError(`Could not connect to a ledger node within ${this.#connectTimeoutMs} ms.`)),
            Math.max(1, deadline - Date.now()),
          );
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Tries the nodes in order (see the class comment) until one connects and serves the expected network. */
  async #open(deadline: number): Promise<Connected> {
    const openSocket =
      this.#openSocket ??
      (await loadWebSocketFactory().catch((error: unknown) => {
        throw new LedgerUnavailableError(`No WebSocket implementation is available to reach the ledger node: ${describe(error)}`, {
          cause: error,
        });
      }));
    const problems: string[] = [];
    let tried = 0;
    let mismatches = 0;
    const skip = (node: NodeState, problem: string): void => {
      problems.push(`${node.url}: ${problem}`);
      this.#logger.warn(`sign-in-with-xrpl: ledger node ${node.url} not used: ${problem}`);
    };
    for (const node of this.#candidates()) {
      await Promise.all(this.#retiring);
      if (this.#closed) throw new LedgerUnavailableError("The verifier is closed.");
      const remainingMs = deadline - Date.now();
      if (tried > 0 && remainingMs <= 0) break;
      tried += 1;
      let rpc: RpcSocket;
      try {
        this.#attempt = RpcSocket.connect(openSocket, node.url, Math.max(1, Math.min(this.#connectTimeoutMs, remainingMs)), () =>
          this.#lost(node),
        );
        rpc = await this.#attempt.ready;
      } catch (error) {
        skip(node, describe(error));
        this.#fail(node);
        continue;
      } finally {
        this.#attempt = undefined;
      }
      if (this.#closed) {
        this.#retire(rpc);
        throw new LedgerUnavailableError("The verifier is closed.");
      }
      const connection: Connected = { rpc, node, networkId: undefined };
      if (this.#expectedNetworkId !== undefined) {
        let reported: number | undefined;
        try {
          const timeoutMs = Math.max(1, Math.min(this.#requestTimeoutMs, deadline - Date.now()));
          const answer = await rpc.answerJson(requestJson({ command: "server_info" }), timeoutMs);
          if (!answer.ok) throw new NodeErrorResponse(answer.error, answer.text);
          reported = reportedNetworkId(answer.response);
        } catch (error) {
          skip(node, `server_info failed (${describe(error)})`);
          this.#fail(node);
          this.#retire(rpc);
          continue;
        }
        // rippled leaves network_id out when none is configured, which means the main network.
        if ((reported ?? 0) !== this.#expectedNetworkId) {
          mismatches += 1;
          skip(node, `it serves network ${reported ?? 0}, not ${this.#expectedNetworkId}`);
          node.failuresInRow += 1;
          node.backoffUntil = this.#now() + MAX_BACKOFF_MS;
          this.#retire(rpc);
          continue;
        }
        connection.networkId = { value: reported };
      }
      node.failuresInRow = 0;
      node.backoffUntil = 0;
      this.#current = connection;
      this.#scheduleHeartbeat(connection);
      return connection;
    }
    if (mismatches > 0 && mismatches === tried) {
      throw new NetworkMismatchError(
        `The ledger node serves another network than the expected network ${this.#expectedNetworkId}: ${problems.join("; ")}.`,
      );
    }
    throw new LedgerUnavailableError(`Could not reach a ledger node: ${problems.join("; ")}.`);
  }

  /** Nodes not backing off, in list order; or, when all are, the one whose wait ends first. */
  #candidates(): NodeState[] {
    const now = this.#now();
    const ready = this.#nodes.filter((node) => node.backoffUntil <= now);
    if (ready.length > 0) return ready;
    let soonest = this.#nodes[0]!;
    for (const node of this.#nodes) if (node.backoffUntil < soonest.backoffUntil) soonest = node;
    return [soonest];
  }

  #fail(node: NodeState): void {
    node.failuresInRow += 1;
    node.backoffUntil = this.#now() + Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.min(node.failuresInRow - 1, 16));
  }

  /** The open socket closed (the node dropped it, or we did). */
  #lost(node: NodeState): void {
    const current = this.#current;
    if (current === undefined || current.node !== node || current.rpc.isOpen()) return;
    this.#current = undefined;
    this.#stopHeartbeat();
    if (!this.#closed) {
      this.#fail(node);
      this.#logger.warn(`sign-in-with-xrpl: the ledger node ${node.url} closed the connection; the next look-up reconnects.`);
    }
  }

  #discard(connection: Connected): void {
    if (this.#current === connection) {
      this.#current = undefined;
      this.#stopHeartbeat();
    }
    this.#retire(connection.rpc);
  }

  #retire(rpc: RpcSocket): void {
    const closing = rpc.close(CLOSE_GRACE_MS).finally(() => this.#retiring.delete(closing));
    this.#retiring.add(closing);
  }

  #scheduleHeartbeat(connection: Connected): void {
    this.#stopHeartbeat();
    const timer = setTimeout(() => {
      if (this.#current !== connection || this.#closed) return;
      connection.rpc.request({ command: "ping" }, this.#requestTimeoutMs).then(
        () => {
          if (this.#current === connection && !this.#closed) this.#scheduleHeartbeat(connection);
        },
        (error: unknown) => {
          if (this.#current !== connection || this.#closed) return;
          this.#logger.warn(
            `sign-in-with-xrpl: ledger node ${connection.node.url} failed a heartbeat (${describe(error)}); dropping the connection.`,
          );
          this.#fail(connection.node);
          this.#discard(connection);
        },
      );
    }, this.#heartbeatIntervalMs);
    // The heartbeat alone must not keep a process alive.
    (timer as { unref?: () => void }).unref?.();
    this.#heartbeat = timer;
  }

  #stopHeartbeat(): void {
    clearTimeout(this.#heartbeat);
    this.#heartbeat = undefined;
  }
}

/**
 * A request's text in API version 2, whatever version `body` named. `body` is an object made for
 * this request: a version it names is taken out of it rather than out of a copy, which cost more
 * than serialising the request.
 */
function requestJson(body: Record<string, unknown>): string {
  if (Object.hasOwn(body, "api_version")) delete body["api_version"];
  const json = JSON.stringify(body);
  return json === "{}" ? `{${API_VERSION_FIELD}}` : `${json.slice(0, -1)},${API_VERSION_FIELD}}`;
}

/** What an account_info answer says of a key's authority over `address`. */
function readAccountAuthority(address: string, answer: RpcAnswer): AccountAuthority {
  if (!answer.ok) {
    // An account not on the ledger (a new wallet: the common case of a first sign-in) is an
    // answer, read without an exception.
    if (answer.error === "actNotFound") return { account: address, exists: false, masterDisabled: false };
    throw asUnavailable("account_info", new NodeErrorResponse(answer.error, answer.text));
  }
  const authority = parseAccountInfo(address, answer.response["result"]);
  if (authority === undefined)
    throw new LedgerUnavailableError("The ledger node answered account_info with data this library cannot read.");
  return authority;
}

function reportedNetworkId(response: Record<string, unknown>): number | undefined {
  const result = response["result"];
  const info = isRecord(result) ? result["info"] : undefined;
  const networkId = isRecord(info) ? info["network_id"] : undefined;
  return typeof networkId === "number" ? networkId : undefined;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function asUnavailable(command: string, error: unknown): Error {
  if (error instanceof LedgerUnavailableError || error instanceof NetworkMismatchError) return error;
  return new LedgerUnavailableError(`The ledger node could not answer ${command}: ${describe(error)}`, { cause: error });
}

/** Reads an API v2 (or v1) account_info result; undefined when it is not one for `address`. */
export function parseAccountInfo(address: string, result: unknown): AccountAuthority | undefined {
  if (!isRecord(result) || result["validated"] !== true) return undefined;
  const data = result["account_data"];
  if (!isRecord(data) || data["Account"] !== address) return undefined;
  const flags = data["Flags"] ?? 0;
  if (typeof flags !== "number") return undefined;
  const regularKey = data["RegularKey"];
  if (regularKey !== undefined && typeof regularKey !== "string") return undefined;
  const lists = result["signer_lists"] ?? data["signer_lists"] ?? [];
  if (!Array.isArray(lists)) return undefined;
  const authority: AccountAuthority = {
    account: address,
    exists: true,
    masterDisabled: (flags & LSF_DISABLE_MASTER) !== 0,
  };
  if (regularKey !== undefined) authority.regularKey = regularKey;
  const list: unknown = lists[0];
  if (list !== undefined) {
    if (!isRecord(list) || typeof list["SignerQuorum"] !== "number" || !Array.isArray(list["SignerEntries"])) return undefined;
    const signers: { account: string; weight: number }[] = [];
    for (const entry of list["SignerEntries"] as unknown[]) {
      const signer = isRecord(entry) ? entry["SignerEntry"] : undefined;
      if (!isRecord(signer) || typeof signer["Account"] !== "string" || typeof signer["SignerWeight"] !== "number") {
        return undefined;
      }
      signers.push({ account: signer["Account"], weight: signer["SignerWeight"] });
    }
    authority.signerList = { quorum: list["SignerQuorum"], signers };
  }
  return authority;
}
