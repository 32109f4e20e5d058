/**
 * A small stand-in for a rippled node: a real WebSocket server on 127.0.0.1 that answers the
 * handful of commands this project sends, with rippled's API v2 JSON shapes. Tests steer it
 * (accounts, network id, failure modes) and read how many requests it received.
 *
 * Modes (`setBehaviour`):
 * - `normal`: answer every request.
 * - `silent`: accept sockets and requests, never answer (a hung node).
 * - `refuse`: destroy every new socket during the WebSocket upgrade (the connection fails at once).
 *
 * @example
 * ```ts
 * const node = await startMockRippled({ networkId: 0 });
 * node.setAccount("rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY", { regularKey: "r..." });
 * const verifier = createVerifier({ nodeUrl: node.url });
 * // ...
 * await node.stop();
 * ```
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { Duplex } from "node:stream";
import { isValidClassicAddress } from "ripple-address-codec";
import { WebSocketServer, type WebSocket, type RawData } from "ws";

/** What the mock ledger holds for one account. */
export interface MockAccount {
  flags?: number;
  regularKey?: string;
  signerList?: { quorum: number; signers: { account: string; weight: number }[] };
  balance?: string;
  sequence?: number;
}

/** A running mock node. */
export interface MockRippled {
  /** `ws://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  setAccount(address: string, account: MockAccount): void;
  removeAccount(address: string): void;
  /** The `network_id` server_info reports (null: none). */
  setNetworkId(id: number | null): void;
  /** `silent`: accept and never answer; `refuse`: close new sockets at once. */
  setBehaviour(mode: "normal" | "silent" | "refuse"): void;
  /** Terminate every open socket (no close handshake). */
  dropConnections(): void;
  /** Requests received (in every mode), all commands or one. */
  requestCount(command?: string): number;
  /** WebSocket connections accepted since start. */
  connectionCount(): number;
  /** WebSocket connections open now. */
  openConnectionCount(): number;
  /** Stop listening and drop every socket (node down). */
  stop(): Promise<void>;
  /** Listen again on the same port (node back). */
  restart(): Promise<void>;
}

const VALIDATED_LEDGER_INDEX = 95_000_000;
const VALIDATED_LEDGER_HASH = "4BC50C9B0D8515D3EAAE1E74B29A95804346C491EE1A95BF25E4AAB854A6A652";
const FAKE_TXN_ID = "0000000000000000000000000000000000000000000000000000000000000000";

type Json = Record<string, unknown>;

/**
 * Counts open connections across several mock nodes, so a test can prove a client never holds
 * more than one at a time.
 */
export interface ConnectionTracker {
  open: number;
  /** The most connections open at once, across every node sharing this tracker. */
  peak: number;
}

/**
 * Starts a mock rippled on 127.0.0.1 (`port` 0 or absent: a free port; `networkId` default 0;
 * `networkId: null`: server_info reports none, as rippled does when none is configured).
 *
 * @example
 * ```ts
 * const node = await startMockRippled();
 * console.log(node.url); // ws://127.0.0.1:40123
 * ```
 */
export async function startMockRippled(
  options: { port?: number; networkId?: number | null; tracker?: ConnectionTracker } = {},
): Promise<MockRippled> {
  const accounts = new Map<string, MockAccount>();
  const counts = new Map<string, number>();
  const sockets = new Set<WebSocket>();
  const rawSockets = new Set<Duplex>();
  let networkId: number | null = options.networkId === undefined ? 0 : options.networkId;
  let connections = 0;
  const tracker = options.tracker;
  let behaviour: "normal" | "silent" | "refuse" = "normal";
  let server: Server | undefined;
  const wss = new WebSocketServer({ noServer: true });

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
    if (typeof address !== "string" || !isValidClassicAddress(address)) {
      return fail(id, request, "actMalformed", 35, "Account malformed.");
    }
    const account = accounts.get(address);
    if (account === undefined) return fail(id, request, "actNotFound", 19, "Account not found.");
    const accountData: Json = {
      Account: address,
      Balance: account.balance ?? "100000000",
      Flags: account.flags ?? 0,
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
    const created = createServer((_request, response) => {
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
    if (address === null || typeof address === "string") throw new Error("mock rippled: no TCP address");
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
    setNetworkId(id: number | null) {
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

// ws hands a text frame over as a Buffer (an ArrayBuffer or fragments with other binaryTypes).
function textOf(raw: RawData): string {
  if (Buffer.isBuffer(raw)) return raw.toString("utf8");
  return (Array.isArray(raw) ? Buffer.concat(raw) : Buffer.from(raw)).toString("utf8");
}
