import { Client, DisconnectedError, NotConnectedError, RippledError } from "xrpl";
import { LedgerUnavailableError } from "../errors.js";
import { withTimeout } from "../shared/with-timeout.js";
import type { Logger } from "../server/types.js";
import { isRecord } from "./request-input.js";
import type { AccountAuthority, LedgerReader } from "./types.js";

/** lsfDisableMaster: the account's master key may not sign. */
const LSF_DISABLE_MASTER = 0x00100000;
/** WebSocket readyState CONNECTING, as xrpl.js' Connection reports it. */
const WS_CONNECTING = 0;
/** How long close() waits for the socket's closing handshake before it lets go. */
const CLOSE_GRACE_MS = 1000;

export interface LedgerConnectionOptions {
  nodeUrl: string;
  connectTimeoutMs: number;
  requestTimeoutMs: number;
  logger?: Logger | undefined;
}

interface XrplRequest {
  command: string;
  [field: string]: unknown;
}

/**
 * The verifier's one connection to a ledger node (xrpl.js `Client`). It connects at creation and
 * again on demand whenever a look-up finds it down, so the node may be down at start, hang or
 * drop the socket, and look-ups work again once it is back. Every wait is bounded by a timeout,
 * and every failure to get an answer becomes a `LedgerUnavailableError`.
 */
export class LedgerConnection implements LedgerReader {
  readonly #client: Client;
  readonly #connectTimeoutMs: number;
  readonly #requestTimeoutMs: number;
  readonly #logger: Logger | undefined;
  readonly #accountLookups = new Map<string, Promise<AccountAuthority>>();
  #opening: Promise<void> | undefined;
  #networkIdLookup: Promise<number | undefined> | undefined;
  /** `network_id` from the current connection's server_info; forgotten on disconnect. */
  #networkId: { value: number | undefined } | undefined;
  #closed = false;

  constructor(options: LedgerConnectionOptions) {
    this.#connectTimeoutMs = options.connectTimeoutMs;
    this.#requestTimeoutMs = options.requestTimeoutMs;
    this.#logger = options.logger;
    this.#client = new Client(options.nodeUrl, {
      connectionTimeout: options.connectTimeoutMs,
      timeout: options.requestTimeoutMs,
    });
    // xrpl.js reports socket and reconnect failures as 'error' events; they must never go unheard.
    this.#client.on("error", (code: unknown, message: unknown) => {
      if (this.#closed) return;
      this.#logger?.warn(`sign-in-with-xrpl: ledger node connection error (${String(code)}): ${String(message)}`);
    });
    this.#client.on("disconnected", () => {
      this.#networkId = undefined;
    });
    this.#ensureConnected().catch((error: unknown) => {
      this.#logger?.warn(`sign-in-with-xrpl: ledger node not reachable at start; will retry on demand: ${describe(error)}`);
    });
  }

  /** Whether the socket is open now. */
  isConnected(): boolean {
    return this.#client.isConnected();
  }

  getAccountAuthority(address: string): Promise<AccountAuthority> {
    // Concurrent look-ups share one request; the entry goes as soon as it settles, so the next
    // look-up asks the ledger again and a rotated key counts at once.
    const pending = this.#accountLookups.get(address);
    if (pending !== undefined) return pending;
    const lookup = (async () => {
      try {
        return await this.#fetchAccountAuthority(address);
      } finally {
        this.#accountLookups.delete(address);
      }
    })();
    this.#accountLookups.set(address, lookup);
    return lookup;
  }

  getNetworkId(): Promise<number | undefined> {
    if (this.#networkId !== undefined && this.#client.isConnected()) return Promise.resolve(this.#networkId.value);
    if (this.#networkIdLookup !== undefined) return this.#networkIdLookup;
    const lookup = (async () => {
      try {
        const response = await this.#request({ command: "server_info" });
        const info = (response as { result?: { info?: { network_id?: unknown } } }).result?.info;
        const value = typeof info?.network_id === "number" ? info.network_id : undefined;
        this.#networkId = { value };
        return value;
      } catch (error) {
        throw asUnavailable("server_info", error);
      } finally {
        this.#networkIdLookup = undefined;
      }
    })();
    this.#networkIdLookup = lookup;
    return lookup;
  }

  /** Ends the socket and every timer; later look-ups reject with `LedgerUnavailableError`. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    // xrpl.js reconnects when a heartbeat ping fails, and closing the socket fails the ping in
    // flight; without this, a closed verifier could open a fresh socket right after close().
    const connection = this.#client.connection;
    Object.defineProperty(connection, "reconnect", { configurable: true, value: () => Promise.resolve() });
    Object.defineProperty(connection, "connect", {
      configurable: true,
      value: () => Promise.reject(new NotConnectedError("The verifier is closed.")),
    });
    // A socket still handshaking never reports 'close' to xrpl.js' disconnect(), so bound the wait.
    // When the handshake is aborted the pending connect fails at once, which ends the wait too.
    let graceTimer: ReturnType<typeof setTimeout> | undefined;
    const opening = this.#opening;
    await Promise.race([
      this.#client.disconnect().catch(() => undefined),
      new Promise<void>((resolve) => {
        graceTimer = setTimeout(resolve, CLOSE_GRACE_MS);
      }),
      ...(opening === undefined ? [] : [opening.then(noop, noop)]),
    ]);
    clearTimeout(graceTimer);
    if (this.#opening !== undefined) await this.#opening.catch(() => undefined);
    if (this.#client.isConnected()) await this.#client.disconnect().catch(() => undefined);
  }

  async #fetchAccountAuthority(address: string): Promise<AccountAuthority> {
    let response: unknown;
    try {
      response = await this.#request({ command: "account_info", account: address, ledger_index: "validated", signer_lists: true });
    } catch (error) {
      if (error instanceof RippledError && rippledErrorCode(error) === "actNotFound") {
        return { account: address, exists: false, masterDisabled: false };
      }
      throw asUnavailable("account_info", error);
    }
    const authority = parseAccountInfo(address, (response as { result?: unknown }).result);
    if (authority === undefined) {
      throw new LedgerUnavailableError("The ledger node answered account_info with data this library cannot read.");
    }
    return authority;
  }

  async #request(request: XrplRequest): Promise<unknown> {
    const deadline = Date.now() + this.#connectTimeoutMs + this.#requestTimeoutMs;
    for (let attempt = 0; ; attempt += 1) {
      await this.#ensureConnected();
      const remainingMs = Math.min(this.#requestTimeoutMs, deadline - Date.now());
      try {
        // xrpl.js times requests out itself; this timer only guarantees the bound whatever it does.
        return await withTimeout(
          this.#client.request(request as unknown as Parameters<Client["request"]>[0]),
          Math.max(remainingMs, 1) + 50,
          () => new LedgerUnavailableError(`The ledger node did not answer ${request.command} within ${this.#requestTimeoutMs} ms.`),
        );
      } catch (error) {
        // A socket that died under the request (a drop not yet noticed when it was sent) gets one
        // fresh connection, within the same overall time budget.
        const retryable = error instanceof DisconnectedError || error instanceof NotConnectedError;
        if (!retryable || attempt > 0 || this.#closed || Date.now() >= deadline) throw error;
      }
    }
  }

  async #ensureConnected(): Promise<void> {
    if (this.#closed) throw new LedgerUnavailableError("The verifier is closed.");
    if (this.#client.isConnected()) return;
    if (this.#opening === undefined) {
      this.#opening = this.#open().finally(() => {
        this.#opening = undefined;
      });
    }
    try {
      await withTimeout(
        this.#opening,
        this.#connectTimeoutMs + 50,
        () => new LedgerUnavailableError(`Could not connect to the ledger node within ${this.#connectTimeoutMs} ms.`),
      );
    } catch (error) {
      throw asUnavailable("connect", error);
    }
  }

  async #open(): Promise<void> {
    const connection = this.#client.connection;
    // xrpl.js may hold a pending reconnect timer from an earlier drop; disconnect() cancels it so
    // it cannot later tear down the socket opened here. Never while a handshake is under way.
    if (Reflect.get(connection, "state") !== WS_CONNECTING) await this.#client.disconnect().catch(() => undefined);
    if (this.#closed) throw new LedgerUnavailableError("The verifier is closed.");
    await connection.connect();
    if (this.#closed) await this.#client.disconnect().catch(() => undefined);
  }
}

function noop(): void {}

function rippledErrorCode(error: RippledError): unknown {
  const data = error.data;
  return typeof data === "object" && data !== null ? (data as { error?: unknown }).error : undefined;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function asUnavailable(operation: string, error: unknown): LedgerUnavailableError {
  if (error instanceof LedgerUnavailableError) return error;
  return new LedgerUnavailableError(`The ledger node could not answer ${operation}: ${describe(error)}`, { cause: error });
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
