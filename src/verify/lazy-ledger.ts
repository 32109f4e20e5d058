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
  let closed = false;

  function connect(): Promise<LedgerConnection> {
    if (closed) return Promise.reject(new LedgerUnavailableError("The verifier is closed."));
    connection ??= import("./ledger-connection.js").then(
      (module) => new module.LedgerConnection(options),
      (error: unknown) => {
        connection = undefined;
        throw new LedgerUnavailableError("The ledger connection code could not be loaded.", { cause: error });
      },
    );
    return connection;
  }

  return {
    async getAccountAuthority(address: string): Promise<AccountAuthority> {
      return (await connect()).getAccountAuthority(address);
    },
    async getSignerListAuthority(address: string): Promise<AccountAuthority> {
      return (await connect()).getSignerListAuthority(address);
    },
    async getNetworkId(): Promise<number | undefined> {
      return (await connect()).getNetworkId();
    },
    async request(command: LedgerRequest): Promise<Record<string, unknown>> {
      return (await connect()).request(command);
    },
    async close(): Promise<void> {
      closed = true;
      const opened = await connection?.catch(() => undefined);
      await opened?.close();
    },
  };
}
