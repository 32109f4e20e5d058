// A stand-in for an XRP Ledger node (rippled) for tests: a real WebSocket server on 127.0.0.1
// that answers the commands this library sends (`server_info`, `account_info` with
// `signer_lists`, `ping`, `subscribe`, `unsubscribe`) in rippled's API v2 JSON shapes, as
// rippled documents them (https://xrpl.org/docs/references/http-websocket-apis). A test steers
// it (accounts, regular keys, signer lists, flags, network id, outages) and reads how many
// requests it received.
//
// Node only, and nothing is loaded until `createMockLedger` runs: `node:http` comes from
// `process.getBuiltinModule` and the `ws` server on first call, so importing
// `sign-in-with-xrpl/testing` stays safe in Workers, Deno and browsers (the contract suites run there).
import type * as NodeHttpModule from "node:http";
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import type { RawData, WebSocket, WebSocketServer } from "ws";
import { isClassicAddress } from "../message/address.js";

/**
 * `lsfDisableMaster`: the account's master key may not sign. Set it in `MockLedgerAccount.flags`
 * (or use `masterKeyDisabled: true`) to test an account that signs with a regular key or a signer list.
 *
 * @example
 * ```ts
 * ledger.setAccount(address, { flags: LSF_DISABLE_MASTER, regularKey: otherAddress });
 * ```
 */
export const LSF_DISABLE_MASTER = 0x00100000;

/**
 * What the mock ledger holds for one account (its `AccountRoot` and `SignerList`). Every field is optional:
 * `{}` is a funded account whose master key signs.
 *
 * @example
 * ```ts
 * const account: MockLedgerAccount = {
 *   masterKeyDisabled: true,
 *   regularKey: "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe",
 *   signerList: { quorum: 2, signers: [{ account: "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", weight: 2 }] },
 * };
 * ```
 */
export interface MockLedgerAccount {
  /** The `AccountRoot` flags. Default 0. `LSF_DISABLE_MASTER` (0x00100000) disables the master key. */
  flags?: number | undefined;
  /** Adds `LSF_DISABLE_MASTER` to `flags`. */
  masterKeyDisabled?: boolean | undefined;
  /** The account's regular key (a classic address). */
  regularKey?: string | undefined;
  /** The account's signer list: `quorum` and each signer's `weight`. */
  signerList?: { quorum: number; signers: { account: string; weight: number }[] } | undefined;
  /** Balance in drops. Default `"100000000"` (100 XRP). */
  balance?: string | undefined;
  /** The next sequence number. Default 1. */
  sequence?: number | undefined;
}

/**
 * How the mock ledger answers (`setBehaviour`):
 * - `"normal"`: answer every request.
 * - `"silent"`: accept connections and requests, never answer (a hung node).
 * - `"refuse"`: close every new connection during the WebSocket upgrade (the connection fails at once).
 *
 * @example
 * ```ts
 * ledger.setBehaviour("silent"); // the next verify waits for its ledger time limit, then answers 503
 * ```
 */
export type MockLedgerBehaviour = "normal" | "silent" | "refuse";

/**
 * Counts open connections across several mock ledgers, so a test can prove a client never holds
 * more than one at a time. Pass the same object to each `createMockLedger`.
 *
 * @example
 * ```ts
 * const tracker: MockLedgerConnectionTracker = { open: 0, peak: 0 };
 * const first = await createMockLedger({ tracker });
 * const second = await createMockLedger({ tracker });
 * // ... after the test: expect(tracker.peak).toBe(1)
 * ```
 */
export interface MockLedgerConnectionTracker {
  /** Connections open now, across every ledger sharing this tracker. */
  open: number;
  /** The most connections open at once, across every ledger sharing this tracker. */
  peak: number;
}

/**
 * Options of `createMockLedger`. All optional.
 *
 * @example
 * ```ts
 * const options: MockLedgerOptions = { networkId: 1 }; // a testnet-like node
 * ```
 */
export interface MockLedgerOptions {
  /** The port on 127.0.0.1. Default 0: a free port. */
  port?: number | undefined;
  /** The `network_id` that `server_info` reports. Default 0 (mainnet); `null`: none, as rippled when none is configured. */
  networkId?: number | null | undefined;
  /** Counts open connections across several ledgers. */
  tracker?: MockLedgerConnectionTracker | undefined;
}

/**
 * A running mock ledger node. Give `url` to `createVerifier({ nodeUrl })` (or your app's ledger
 * setting), and `stop()` it after the test.
 *
 * @example
 * ```ts
 * const ledger = await createMockLedger();
 * ledger.setAccount(address, { masterKeyDisabled: true, regularKey: keyAddress });
 * expect(ledger.requestCount("account_info")).toBe(0);
 * await ledger.stop();
 * ```
 */
export interface MockLedger {
  /** `ws://127.0.0.1:<port>` */
  readonly url: string;
  /** The port it listens on (kept across `stop` and `restart`). */
  readonly port: number;
  /** Puts an account on the ledger (or replaces it). An account not set answers `actNotFound`, as an unfunded one. */
  setAccount(address: string, account: MockLedgerAccount): void;
  /** Takes an account off the ledger. */
  removeAccount(address: string): void;
  /** The `network_id` that `server_info` reports (null: none). */
  setNetworkId(id: number | null): void;
  /** `"silent"`: accept and never answer; `"refuse"`: close new connections at once; `"normal"`: answer. */
  setBehaviour(mode: MockLedgerBehaviour): void;
  /** Terminates every open connection (no closing handshake): the network dropped them. */
  dropConnections(): void;
  /** Requests received (in every mode): all commands, or one (`"account_info"`). */
  requestCount(command?: string): number;
  /** WebSocket connections accepted since start. */
  connectionCount(): number;
  /** WebSocket connections open now. */
  openConnectionCount(): number;
  /** Stops listening and drops every connection (the node is down). */
  stop(): Promise<void>;
  /** Listens again on the same port (the node is back). */
  restart(): Promise<void>;
}

const VALIDATED_LEDGER_INDEX = 95_000_000;
const VALIDATED_LEDGER_HASH = "4BC50C9B0D8515D3EAAE1E74B29A95804346C491EE1A95BF25E4AAB854A6A652";
const FAKE_TXN_ID = "0000000000000000000000000000000000000000000000000000000000000000";

type Json = Record<string, unknown>;
type NodeHttp = typeof NodeHttpModule;
type WebSocketServerConstructor = typeof WebSocketServer;

/**
 * Starts a mock XRP Ledger node on 127.0.0.1 for your tests (Node 20.19 or later): a WebSocket
 * server that answers `server_info` and `account_info` as rippled does, with the accounts, regular
 * keys, signer lists and flags you set, and outages on demand (`setBehaviour("silent" | "refuse")`,
 * `dropConnections()`, `stop()` and `restart()`). Use it to test a signed-transaction sign-in (the
 * verifier asks the ledger who may sign for the account) or how your app answers when the ledger is down.
 *
 * @example
 * ```ts
 * import { createVerifier } from "sign-in-with-xrpl";
 * import { createMockLedger } from "sign-in-with-xrpl/testing";
 *
 * const ledger = await createMockLedger();
 * const verifier = createVerifier({ nodeUrl: ledger.url });
 * ledger.setAccount("rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe", { masterKeyDisabled: true });
 * // ... sign in through your app, then:
 * await ledger.stop();
 * ```
 */
export async function createMockLedger(options: MockLedgerOptions = {}): Promise<MockLedger> {
  const http = loadNodeHttp();
  const WebSocketServerClass = await loadWebSocketServer();
  const accounts = new Map<string, MockLedgerAccount>();
  const counts = new Map<string, number>();
  const sockets = new Set<WebSocket>();
  const rawSockets = new Set<Duplex>();
  let networkId: number | null = options.networkId === undefined ? 0 : options.networkId;
  let connections = 0;
  const tracker = options.tracker;
  let behaviour: MockLedgerBehaviour = "normal";
  let server: Server | undefined;
  const wss = new WebSocketServerClass({ noServer: true });

  const ok = (id: unknown, result: Json): Json => ({ id, type: "response", status: "success", result, api_version: 2 });
  const fail = (id: unknown, request: Json, error: string, errorCode: number, errorMessage: string): Json => ({
    id,
    type: "response",
    status: "error",
    error,
    error_code: errorCode,
    error_message: errorMessage,
    request,
    api_version: 2,
  });

  function serverInfo(): Json {
    return {
      info: {
        build_version: "2.4.0",
        complete_ledgers: `32570-${VALIDATED_LEDGER_INDEX}`,
        hostid: "MOCK",
        ...(networkId === null ? {} : { network_id: networkId }),
        server_state: "full",
        peers: 21,
        validated_ledger: {
          age: 2,
          base_fee_xrp: 0.00001,
          hash: VALIDATED_LEDGER_HASH,
          reserve_base_xrp: 1,
          reserve_inc_xrp: 0.2,
          seq: VALIDATED_LEDGER_INDEX,
        },
        validation_quorum: 28,
      },
    };
  }

  function accountInfo(id: unknown, request: Json): Json {
    const address = request["account"];
    if (typeof address !== "string" || !isClassicAddress(address)) {
      return fail(id, request, "actMalformed", 35, "Account malformed.");
    }
    const account = accounts.get(address);
    if (account === undefined) return fail(id, request, "actNotFound", 19, "Account not found.");
    const flags = (account.flags ?? 0) | (account.masterKeyDisabled === true ? LSF_DISABLE_MASTER : 0);
    const accountData: Json = {
      Account: address,
      Balance: account.balance ?? "100000000",
      Flags: flags >>> 0,
      LedgerEntryType: "AccountRoot",
      OwnerCount: account.signerList === undefined ? 0 : 1,
      PreviousTxnID: FAKE_TXN_ID,
      PreviousTxnLgrSeq: VALIDATED_LEDGER_INDEX - 10,
      Sequence: account.sequence ?? 1,
      index: FAKE_TXN_ID,
    };
    if (account.regularKey !== undefined) accountData["RegularKey"] = account.regularKey;
    const result: Json = { account_data: accountData, ledger_index: VALIDATED_LEDGER_INDEX, validated: true };
    if (request["signer_lists"] === true) {
      result["signer_lists"] =
        account.signerList === undefined
          ? []
          : [
              {
                Flags: 0,
                LedgerEntryType: "SignerList",
                OwnerNode: "0",
                PreviousTxnID: FAKE_TXN_ID,
                PreviousTxnLgrSeq: VALIDATED_LEDGER_INDEX - 10,
                SignerEntries: account.signerList.signers.map((signer) => ({
                  SignerEntry: { Account: signer.account, SignerWeight: signer.weight },
                })),
                SignerListID: 0,
                SignerQuorum: account.signerList.quorum,
                index: FAKE_TXN_ID,
              },
            ];
    }
    return result;
  }

  function answer(raw: RawData): Json | undefined {
    let request: Json;
    try {
      const parsed: unknown = JSON.parse(textOf(raw));
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error("not an object");
      request = parsed as Json;
    } catch {
      counts.set("", (counts.get("") ?? 0) + 1);
      return { type: "response", status: "error", error: "jsonInvalid", error_code: 31, error_message: "JSON parse error." };
    }
    const command = typeof request["command"] === "string" ? request["command"] : "";
    counts.set(command, (counts.get(command) ?? 0) + 1);
    if (behaviour === "silent") return undefined;
    const id = request["id"];
    switch (command) {
      case "ping":
        return ok(id, {});
      case "server_info":
        return ok(id, serverInfo());
      case "account_info": {
        const result = accountInfo(id, request);
        return "status" in result ? result : ok(id, result);
      }
      case "subscribe":
      case "unsubscribe":
        return ok(id, {});
      default:
        return fail(id, request, "unknownCmd", 32, "Unknown method.");
    }
  }

  wss.on("connection", (socket: WebSocket) => {
    sockets.add(socket);
    connections += 1;
    if (tracker !== undefined) {
      tracker.open += 1;
      tracker.peak = Math.max(tracker.peak, tracker.open);
    }
    let counted = true;
    const forget = (): void => {
      sockets.delete(socket);
      if (counted && tracker !== undefined) tracker.open -= 1;
      counted = false;
    };
    socket.on("close", forget);
    socket.on("error", forget);
    socket.on("message", (raw) => {
      const response = answer(raw);
      if (response !== undefined && socket.readyState === socket.OPEN) socket.send(JSON.stringify(response));
    });
  });

  function onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on("error", () => undefined);
    if (behaviour === "refuse") {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit("connection", ws, request));
  }

  async function listen(port: number): Promise<number> {
    const created = http.createServer((_request, response) => {
      response.writeHead(426).end();
    });
    created.on("upgrade", onUpgrade);
    created.on("connection", (socket) => {
      rawSockets.add(socket);
      socket.on("close", () => rawSockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      created.once("error", reject);
      created.listen(port, "127.0.0.1", () => {
        created.off("error", reject);
        resolve();
      });
    });
    server = created;
    const address = created.address();
    if (address === null || typeof address === "string") throw new Error("sign-in-with-xrpl: the mock ledger got no TCP address.");
    return address.port;
  }

  function dropConnections(): void {
    for (const socket of sockets) socket.terminate();
  }

  const port = await listen(options.port ?? 0);

  return {
    url: `ws://127.0.0.1:${port}`,
    port,
    setAccount(address, account) {
      accounts.set(address, { ...account });
    },
    removeAccount(address) {
      accounts.delete(address);
    },
    setNetworkId(id) {
      networkId = id;
    },
    setBehaviour(mode) {
      behaviour = mode;
    },
    dropConnections,
    connectionCount: () => connections,
    openConnectionCount: () => sockets.size,
    requestCount(command) {
      if (command !== undefined) return counts.get(command) ?? 0;
      let total = 0;
      for (const count of counts.values()) total += count;
      return total;
    },
    async stop() {
      const current = server;
      server = undefined;
      dropConnections();
      for (const socket of rawSockets) socket.destroy();
      rawSockets.clear();
      if (current === undefined) return;
      await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    async restart() {
      if (server !== undefined) return;
      await listen(port);
    },
  };
}

// Through process.getBuiltinModule rather than an import: a static `node:http` import would
// break the testing entry in Workers, where the contract suites run.
function loadNodeHttp(): NodeHttp {
  const getBuiltinModule = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule;
  const http = typeof getBuiltinModule === "function" ? (getBuiltinModule("node:http") as NodeHttp | undefined) : undefined;
  if (typeof http?.createServer !== "function") {
    throw new Error(
      "sign-in-with-xrpl: createMockLedger runs on Node 20.19 or later (it needs node:http); start it in your Node test runner.",
    );
  }
  return http;
}

async function loadWebSocketServer(): Promise<WebSocketServerConstructor> {
  const module = (await import("ws")) as unknown as {
    WebSocketServer?: WebSocketServerConstructor;
    default?: { WebSocketServer?: WebSocketServerConstructor };
  };
  const Constructor = module.WebSocketServer ?? module.default?.WebSocketServer;
  if (typeof Constructor !== "function") {
    throw new Error("sign-in-with-xrpl: createMockLedger needs the ws package's WebSocketServer (Node); it did not load.");
  }
  return Constructor;
}

// ws hands a text frame over as a Buffer (an ArrayBuffer or fragments with other binaryTypes).
function textOf(raw: RawData): string {
  const decoder = new TextDecoder();
  if (!Array.isArray(raw)) return decoder.decode(raw);
  let length = 0;
  for (const part of raw) length += part.byteLength;
  const joined = new Uint8Array(length);
  let offset = 0;
  for (const part of raw) {
    joined.set(part, offset);
    offset += part.byteLength;
  }
  return decoder.decode(joined);
}
