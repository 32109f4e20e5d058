// The verifier's ledger reader before the ledger is needed: nothing but a promise. The connection
// code (and the WebSocket implementation under it) loads on the first look-up, so importing the
// library and checking master-key signatures never pays for it, and no socket opens until a proof
// needs the ledger.
import { LedgerUnavailableError, SignInError } from "../errors.js";
import type { LedgerConnection, LedgerConnectionOptions } from "./ledger-connection.js";
import type { LedgerRequest } from "./claims/types.js";
import type { AccountAuthority, LedgerReader } from "./types.js";

/**
 * Every ledger node tried serves another network than the verifier expects. Verification answers
 * `network_mismatch` for the proof that needed the ledger; it is not a reason to retry.
 */
export class NetworkMismatchError extends SignInError {
  declare readonly code: "network_mismatch";
  constructor(message: string) {
    super("network_mismatch", message);
  }
}

/** Whether `error` is a {@link NetworkMismatchError}. */
export function isNetworkMismatch(error: unknown): error is NetworkMismatchError {
  return error instanceof NetworkMismatchError;
}

/** A ledger reader that opens its connection on first use, and can be closed. */
export interface LazyLedger extends LedgerReader {
  getSignerListAuthority(address: string): Promise<AccountAuthority>;
  getNetworkId(): Promise<number | undefined>;
  request(command: LedgerRequest): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

/** A {@link LazyLedger} over a `LedgerConnection` built from `options` on the first look-up. */
export function createLazyLedger(options: LedgerConnectionOptions): LazyLedger {
  let connection: Promise<LedgerConnection> | undefined;
  /** The connection once built: look-ups then call it directly, without a promise of their own. */
  let loaded: LedgerConnection | undefined;
  let closed = false;

  function connect(): Promise<LedgerConnection> {
    if (closed) return Promise.reject(new LedgerUnavailableError("The verifier is closed."));
    connection ??= import("./ledger-connection.js").then(
      (module) => (loaded = new module.LedgerConnection(options)),
      (error: unknown) => {
        connection = undefined;
        throw new LedgerUnavailableError("The ledger connection code could not be loaded.", { cause: error });
      },
    );
    return connection;
  }

  return {
    getAccountAuthority(address: string): Promise<AccountAuthority> {
      if (loaded !== undefined && !closed) return loaded.getAccountAuthority(address);
      return connect().then((ledger) => ledger.getAccountAuthority(address));
    },
    getSignerListAuthority(address: string): Promise<AccountAuthority> {
      if (loaded !== undefined && !closed) return loaded.getSignerListAuthority(address);
      return connect().then((ledger) => ledger.getSignerListAuthority(address));
    },
    getNetworkId(): Promise<number | undefined> {
      if (loaded !== undefined && !closed) return loaded.getNetworkId();
      return connect().then((ledger) => ledger.getNetworkId());
    },
    request(command: LedgerRequest): Promise<Record<string, unknown>> {
      if (loaded !== undefined && !closed) return loaded.request(command);
      return connect().then((ledger) => ledger.request(command));
    },
    async close(): Promise<void> {
      closed = true;
      const opened = await connection?.catch(() => undefined);
      await opened?.close();
    },
  };
}
