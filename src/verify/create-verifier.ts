import { InvalidOptionsError, LedgerUnavailableError } from "../errors.js";
import type { Logger } from "../shared/logger.js";
import { compactSignature } from "./compact-signature.js";
import { LedgerConnection } from "./ledger-connection.js";
import { isOptionsObject, isRecord } from "./request-input.js";
import { signedTransaction } from "./signed-transaction.js";
import type { LedgerReader, VerificationStrategy, Verifier, VerifyRequest } from "./types.js";

/**
 * Options of {@link createVerifier}. All optional.
 *
 * @example
 * ```ts
 * const options: VerifierOptions = {
 *   nodeUrl: process.env.XRPL_NODE_URL ?? "wss://xrplcluster.com",
 *   connectTimeoutMs: 8000,
 *   requestTimeoutMs: 10_000,
 *   strategies: [compactSignature({ ledger: "if-needed" }), signedTransaction()],
 *   logger: console,
 * };
 * const verifier = createVerifier(options);
 * ```
 */
export interface VerifierOptions {
  /** WebSocket URL of a rippled or Clio node (`ws://` or `wss://`). Default `"wss://xrplcluster.com"` (mainnet). */
  nodeUrl?: string | undefined;
  /** Longest wait for the socket to open, in ms. Default 8000. */
  connectTimeoutMs?: number | undefined;
  /** Longest wait for one answer from the node, in ms. Default 10000. */
  requestTimeoutMs?: number | undefined;
  /** The proof kinds accepted, one strategy per `signatureKind`. Default `[compactSignature(), signedTransaction()]`. */
  strategies?: readonly VerificationStrategy[] | undefined;
  /**
   * Read ledger data from here instead of opening a connection to `nodeUrl` (an in-memory
   * table in tests and benchmarks, or your own client). The verifier does not close it.
   */
  ledgerReader?: LedgerReader | undefined;
  /** Where connection trouble and unexpected strategy failures are reported. Default: nowhere. */
  logger?: Logger | undefined;
}

/**
 * The ledger node a verifier uses when `nodeUrl` is not given: a public mainnet cluster.
 *
 * @example
 * ```ts
 * import { createVerifier, DEFAULT_NODE_URL } from "sign-in-with-xrpl";
 * const verifier = createVerifier({ nodeUrl: process.env.XRPL_NODE_URL ?? DEFAULT_NODE_URL });
 * ```
 */
export const DEFAULT_NODE_URL = "wss://xrplcluster.com";
const DEFAULT_CONNECT_TIMEOUT_MS = 8000;
const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;

/**
 * Creates the verifier that checks sign-in proofs. It opens one WebSocket connection to a ledger
 * node at once and keeps it for key-authority look-ups; compact signatures by a master key need
 * no node. Create one per process, share it, and `close()` it on shutdown.
 *
 * `verify(request)` resolves `true` or `false` (any malformed request is `false`); it rejects with
 * `LedgerUnavailableError` only when the node is needed and cannot answer within the timeouts.
 *
 * @example
 * ```ts
 * import { createVerifier, LedgerUnavailableError } from "sign-in-with-xrpl";
 *
 * const verifier = createVerifier({ nodeUrl: process.env.XRPL_NODE_URL });
 * try {
 *   const ok = await verifier.verify({
 *     message, signatureKind: "signature", signature, publicKey, address,
 *   });
 *   console.log(ok ? "signed in" : "bad proof");
 * } catch (error) {
 *   if (error instanceof LedgerUnavailableError) console.log("try again later");
 * }
 * await verifier.close();
 * ```
 */
export function createVerifier(options: VerifierOptions = {}): Verifier {
  if (!isOptionsObject(options)) throw new InvalidOptionsError("createVerifier(options): options must be an object.");
  const nodeUrl = options.nodeUrl ?? DEFAULT_NODE_URL;
  if (typeof nodeUrl !== "string" || !/^wss?:\/\/[^\s/]+/u.test(nodeUrl)) {
    throw new InvalidOptionsError(
      `createVerifier({ nodeUrl }): nodeUrl must be a ws:// or wss:// URL such as "wss://xrplcluster.com", got ${JSON.stringify(nodeUrl)}.`,
    );
  }
  const connectTimeoutMs = positiveMs("connectTimeoutMs", options.connectTimeoutMs, DEFAULT_CONNECT_TIMEOUT_MS);
  const requestTimeoutMs = positiveMs("requestTimeoutMs", options.requestTimeoutMs, DEFAULT_REQUEST_TIMEOUT_MS);
  const strategies = strategyTable(options.strategies ?? [compactSignature(), signedTransaction()]);
  const { logger, ledgerReader } = options;
  if (ledgerReader !== undefined && (!isOptionsObject(ledgerReader) || typeof ledgerReader.getAccountAuthority !== "function")) {
    throw new InvalidOptionsError("createVerifier({ ledgerReader }): ledgerReader must have a getAccountAuthority(address) method.");
  }
  if (ledgerReader !== undefined && options.nodeUrl !== undefined) {
    throw new InvalidOptionsError("createVerifier(options): give either nodeUrl or ledgerReader, not both.");
  }
  const connection =
    ledgerReader === undefined ? new LedgerConnection({ nodeUrl, connectTimeoutMs, requestTimeoutMs, logger }) : undefined;
  const ledger: LedgerReader = ledgerReader ?? connection!;

  return {
    async verify(request: VerifyRequest): Promise<boolean> {
      try {
        if (!isRecord(request)) return false;
        const kind: unknown = request.signatureKind;
        const strategy = typeof kind === "string" ? strategies.get(kind) : undefined;
        if (strategy === undefined) return false;
        return (await strategy.verify(request, ledger)) === true;
      } catch (error) {
        if (error instanceof LedgerUnavailableError) throw error;
        // A strategy must answer false for a bad proof; anything else thrown is a bug, not a proof.
        logger?.error("sign-in-with-xrpl: a verification strategy threw; answering false.", error);
        return false;
      }
    },
    async close(): Promise<void> {
      await connection?.close();
    },
  };
}

function positiveMs(name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0 || value > 2_147_483_647) {
    throw new InvalidOptionsError(`createVerifier({ ${name} }): ${name} must be a positive number of milliseconds, got ${String(value)}.`);
  }
  return value;
}

function strategyTable(strategies: unknown): Map<string, VerificationStrategy> {
  if (!Array.isArray(strategies) || strategies.length === 0) {
    throw new InvalidOptionsError("createVerifier({ strategies }): strategies must be a non-empty array, e.g. [compactSignature(), signedTransaction()].");
  }
  const table = new Map<string, VerificationStrategy>();
  for (const strategy of strategies as unknown[]) {
    if (!isRecord(strategy) || typeof strategy["kind"] !== "string" || typeof strategy["verify"] !== "function") {
      throw new InvalidOptionsError("createVerifier({ strategies }): each strategy needs a string `kind` and a `verify(request, ledger)` method.");
    }
    const typed = strategy as unknown as VerificationStrategy;
    if (table.has(typed.kind)) {
      throw new InvalidOptionsError(`createVerifier({ strategies }): two strategies handle signatureKind "${typed.kind}"; keep one.`);
    }
    table.set(typed.kind, typed);
  }
  return table;
}
