import { InvalidOptionsError, LedgerUnavailableError } from "../errors.js";
import { networkIdOf } from "../message/chain-id.js";
import { describeValue } from "../shared/describe-value.js";
import { SILENT_LOGGER, type Logger } from "../shared/logger.js";
import { readStrategyResult, refuse } from "./check-result.js";
import { checkGrantedAuthority } from "./authority-check.js";
import { compactSignature } from "./compact-signature.js";
import { createLazyLedger, isNetworkMismatch, type LazyLedger } from "./lazy-ledger.js";
import { isBuiltInStrategy, NOT_AN_OBJECT } from "./proof-strategy.js";
import { isOptionsObject, isRecord } from "./request-input.js";
import { signedTransaction } from "./signed-transaction.js";
import { acceptLaterLogger } from "./verifier-logger.js";
import { syncTwinOf, withSyncTwin } from "./sync-twin.js";
import { isPromise } from "../shared/is-promise.js";
import { explainClaimSet, holdsOf, type LedgerRequester } from "./claims/read-claims.js";
import type { ClaimExplanation, ClaimResults, ClaimSet } from "./claims/types.js";
import type {
  AuthorityCheckResult,
  AuthorityGrant,
  CheckResult,
  LedgerReader,
  VerificationStrategy,
  Verifier,
  VerifyRequest,
} from "./types.js";

/**
 * Options of {@link createVerifier}. All optional.
 *
 * @example
 * ```ts
 * const options: VerifierOptions = {
 *   nodeUrl: ["wss://xrplcluster.com", "wss://s1.ripple.com"],
 *   networkId: 0,
 *   connectTimeoutMs: 8000,
 *   requestTimeoutMs: 10_000,
 *   strategies: [compactSignature({ ledger: "cached" }), signedTransaction()],
 *   logger: console,
 * };
 * const verifier = createVerifier(options);
 * ```
 */
export interface VerifierOptions {
  /**
   * WebSocket URL of a rippled or Clio node (`ws://` or `wss://`), or a list of them to fail over
   * in order: when a node cannot be reached, does not answer in time or serves another network,
   * the next one is tried (one connection at a time). Default `"wss://xrplcluster.com"` (mainnet).
   */
  nodeUrl?: string | readonly string[] | undefined;
  /**
   * The network the ledger node must serve (0 mainnet, 1 testnet, 2 devnet, ...). A node that
   * reports another `network_id` is refused (a node that reports none counts as 0), and proofs
   * that needed it get `network_mismatch`. Also the network a signed transaction's `NetworkID`
   * must name. Default: from `chainId`, else not checked.
   */
  networkId?: number | undefined;
  /** The chain as a CAIP-2 id, `"xrpl:N"`: the same as `networkId: N`. Give one of the two (or both, equal). */
  chainId?: string | undefined;
  /** Longest wait for the socket to open, in ms. Default 8000. */
  connectTimeoutMs?: number | undefined;
  /** Longest wait for one answer from the node, in ms. Default 10000. */
  requestTimeoutMs?: number | undefined;
  /**
   * The proof kinds accepted, one strategy per `signatureKind`. Default
   * `[compactSignature(), signedTransaction()]`: both read the ledger, so a master key the
   * account has disabled is refused.
   */
  strategies?: readonly VerificationStrategy[] | undefined;
  /**
   * Read ledger data from here instead of opening a connection to `nodeUrl` (an in-memory
   * table in tests and benchmarks, or your own client). The verifier does not close it.
   */
  ledgerReader?: LedgerReader | undefined;
  /**
   * Where refused proofs (`warn`, one line with the code), connection trouble and strategy bugs
   * (`error`) are reported. Default: the logger of the handlers the verifier is given to
   * (`createAuthHandlers`, `createFetchHandler`: their `logger`, or `console` in development),
   * else nowhere.
   */
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
const NODE_URL_PATTERN = /^wss?:\/\/[^\s/]+/u;

/**
 * Creates the verifier that checks sign-in proofs. It connects to a ledger node when a proof
 * first needs one, then keeps that one WebSocket connection for later look-ups. With the default
 * strategies every proof needs the ledger once its signature holds: a master key to learn
 * whether the account has disabled it (the answer reused for 30 seconds per address), a regular
 * key or a signed transaction to learn whether the key has authority. Only
 * `compactSignature({ ledger: "never" })` works without a node, and it accepts a master key the
 * account has disabled. Create one per process, share it, and `close()` it on shutdown.
 *
 * `check(request)` says whether the proof holds and, when not, why (a code and a sentence);
 * `verify(request)` answers just `true` or `false`. Both reject with `LedgerUnavailableError`
 * only when the node is needed and cannot answer within the timeouts (a bad signature is
 * refused without asking the node).
 *
 * @example
 * ```ts
 * import { createVerifier, LedgerUnavailableError } from "sign-in-with-xrpl";
 *
 * const verifier = createVerifier({ nodeUrl: process.env.XRPL_NODE_URL, chainId: "xrpl:0" });
 * try {
 *   const result = await verifier.check({
 *     message, signatureKind: "signature", signature, publicKey, address,
 *   });
 *   console.log(result.ok ? `signed in as ${result.address}` : `refused: ${result.code}`);
 * } catch (error) {
 *   if (error instanceof LedgerUnavailableError) console.log("try again later");
 * }
 * await verifier.close();
 * ```
 */
export function createVerifier(options: VerifierOptions = {}): Verifier {
  if (!isOptionsObject(options)) throw new InvalidOptionsError("createVerifier(options): options must be an object.");
  const nodeUrls = readNodeUrls(options.nodeUrl);
  const networkId = readNetworkId(options.networkId, options.chainId);
  const connectTimeoutMs = positiveMs("connectTimeoutMs", options.connectTimeoutMs, DEFAULT_CONNECT_TIMEOUT_MS);
  const requestTimeoutMs = positiveMs("requestTimeoutMs", options.requestTimeoutMs, DEFAULT_REQUEST_TIMEOUT_MS);
  const strategies = strategyTable(options.strategies ?? [compactSignature(), signedTransaction()]);
  const { ledgerReader } = options;
  // Without a logger of its own, the verifier writes through the one its handlers attach (see
  // attachVerifierLogger); until then, nowhere. The connection writes through the same holder.
  let logger = options.logger ?? SILENT_LOGGER;
  const currentLogger: Logger = {
    warn: (message, ...details) => logger.warn(message, ...details),
    error: (message, ...details) => logger.error(message, ...details),
    debug: (message, ...details) => logger.debug?.(message, ...details),
  };
  if (ledgerReader !== undefined && (!isOptionsObject(ledgerReader) || typeof ledgerReader.getAccountAuthority !== "function")) {
    throw new InvalidOptionsError("createVerifier({ ledgerReader }): ledgerReader must have a getAccountAuthority(address) method.");
  }
  if (ledgerReader !== undefined && options.nodeUrl !== undefined) {
    throw new InvalidOptionsError("createVerifier(options): give either nodeUrl or ledgerReader, not both.");
  }
  const connection: LazyLedger | undefined =
    ledgerReader === undefined
      ? createLazyLedger({ nodeUrls, networkId, connectTimeoutMs, requestTimeoutMs, logger: currentLogger })
      : undefined;
  const ledger = strategyLedger(ledgerReader ?? connection!, networkId);

  // The answer at once when the strategy has it (a compact signature judged without the ledger),
  // else a promise: the handlers call this twin of `check` and wait no turn for a plain result.
  // Throws where `check` rejects (a ledger node that cannot answer).
  function checkNow(request: VerifyRequest): CheckResult | Promise<CheckResult> {
    let strategy: VerificationStrategy | undefined;
    let answer: CheckResult | Promise<CheckResult>;
    try {
      strategy = isRecord(request) && typeof request.signatureKind === "string" ? strategies.get(request.signatureKind) : undefined;
      // The library's own strategies answer well-formed results; only custom ones are read with care.
      if (strategy === undefined) answer = unknownKind(request);
      else if (isBuiltInStrategy(strategy)) {
        const builtInNow = syncTwinOf(strategy, "check");
        answer = builtInNow !== undefined ? builtInNow(request, ledger) : strategy.check!(request, ledger);
      } else answer = checkWith(strategy, request);
    } catch (error) {
      return reported(refusalOf(strategy, error));
    }
    if (!isPromise(answer)) return reported(answer);
    const chosen = strategy;
    return answer.then(reported, (error: unknown) => reported(refusalOf(chosen, error)));
  }

  /** The refusal for a strategy that threw; a ledger that cannot answer is thrown on. */
  function refusalOf(strategy: VerificationStrategy | undefined, error: unknown): CheckResult {
    if (error instanceof LedgerUnavailableError) throw error;
    // Reading signatureKind threw (a getter): the request cannot be read.
    if (strategy === undefined) return refuse("malformed_request", "The request could not be read.");
    if (isNetworkMismatch(error)) return refuse("network_mismatch", error.message);
    // A strategy must answer a result for a bad proof; anything else thrown is a bug, not a proof.
    logger.error("sign-in-with-xrpl: a verification strategy threw; refusing the proof.", error);
    return refuse("invalid_signature", `The "${strategy.kind}" verification strategy failed; see the error log.`);
  }

  function reported(result: CheckResult): CheckResult {
    if (!result.ok) logger.warn(`sign-in-with-xrpl: sign-in proof refused (${result.code}): ${result.detail}`);
    return result;
  }

  const check = withSyncTwin(async (request: VerifyRequest): Promise<CheckResult> => {
    const answer = checkNow(request);
    return isPromise(answer) ? await answer : answer;
  }, checkNow);

  function unknownKind(request: unknown): CheckResult {
    if (!isRecord(request)) return NOT_AN_OBJECT;
    const kind = request["signatureKind"];
    const accepted = [...strategies.keys()].map((name) => JSON.stringify(name)).join(", ");
    return refuse(
      "malformed_request",
      typeof kind === "string"
        ? `The signatureKind ${JSON.stringify(kind.slice(0, 40))} is not one this verifier accepts (${accepted}).`
        : `The signatureKind is missing; this verifier accepts ${accepted}.`,
    );
  }

  async function checkWith(strategy: VerificationStrategy, request: VerifyRequest): Promise<CheckResult> {
    if (typeof strategy.check === "function") {
      const answer: unknown = await strategy.check(request, ledger);
      const result = readStrategyResult(answer, request);
      if (result !== undefined) return result;
      logger.error(
        `sign-in-with-xrpl: the "${strategy.kind}" verification strategy's check() answered something that is not a check result; refusing the proof.`,
      );
      return refuse("invalid_signature", `The "${strategy.kind}" verification strategy failed; see the error log.`);
    }
    if ((await strategy.verify(request, ledger)) === true) {
      return {
        ok: true,
        address: String(request.address),
        signatureKind: strategy.kind,
        authority: "unknown",
        publicKey: null,
        algorithm: null,
      };
    }
    return refuse("invalid_signature", `The "${strategy.kind}" verification strategy refused the proof.`);
  }

  const verifier: Verifier = {
    check,
    verify(request: VerifyRequest): Promise<boolean> {
      return check(request).then((result) => result.ok);
    },
    async checkAuthority(grant: AuthorityGrant): Promise<AuthorityCheckResult> {
      const answer = await checkGrantedAuthority(grant, ledger);
      if (!answer.ok) logger.warn(`sign-in-with-xrpl: authority no longer holds (${answer.code}): ${answer.detail}`);
      return answer;
    },
    async readClaims<T extends ClaimSet>(address: string, claims: T): Promise<ClaimResults<T>> {
      return holdsOf<T>(await explainClaimSet(claimRequester(), address, claims));
    },
    async explainClaims<T extends ClaimSet>(address: string, claims: T): Promise<{ [K in keyof T]: ClaimExplanation }> {
      return explainClaimSet(claimRequester(), address, claims);
    },
    async close(): Promise<void> {
      await connection?.close();
    },
  };

  function claimRequester(): LedgerRequester {
    if (connection !== undefined) return (command) => connection.request(command);
    const reader = ledgerReader;
    if (reader === undefined || typeof reader.request !== "function") {
      throw new InvalidOptionsError(
        "createVerifier({ ledgerReader }): reading claims needs ledgerReader.request(command), which sends a rippled command and resolves its result; add it, or give nodeUrl instead.",
      );
    }
    return (command) => reader.request!(command);
  }
  if (options.logger === undefined) {
    acceptLaterLogger(verifier, (attached) => {
      logger = attached;
    });
  }
  return verifier;
}

/**
 * The reader strategies get: the configured network id answers `getNetworkId` without a
 * question to the node, so a signed transaction's NetworkID is compared with what the operator
 * chose (a connected node has already been checked against it).
 */
function strategyLedger(reader: LedgerReader, networkId: number | undefined): LedgerReader {
  const getNetworkId =
    networkId !== undefined
      ? () => Promise.resolve<number | undefined>(networkId)
      : typeof reader.getNetworkId === "function"
        ? () => reader.getNetworkId!()
        : undefined;
  return {
    getAccountAuthority: (address) => reader.getAccountAuthority(address),
    ...(typeof reader.getSignerListAuthority === "function"
      ? { getSignerListAuthority: (address: string) => reader.getSignerListAuthority!(address) }
      : {}),
    ...(getNetworkId === undefined ? {} : { getNetworkId }),
  };
}

function readNodeUrls(value: unknown): string[] {
  if (value === undefined) return [DEFAULT_NODE_URL];
  const urls = typeof value === "string" ? [value] : Array.isArray(value) ? (value as unknown[]) : undefined;
  if (urls === undefined || urls.length === 0) {
    throw new InvalidOptionsError(
      `createVerifier({ nodeUrl }): nodeUrl must be a ws:// or wss:// URL such as "wss://xrplcluster.com", or a non-empty list of them; got ${describeValue(value)}.`,
    );
  }
  for (const url of urls) {
    if (typeof url !== "string" || !NODE_URL_PATTERN.test(url)) {
      throw new InvalidOptionsError(
        `createVerifier({ nodeUrl }): nodeUrl must be a ws:// or wss:// URL such as "wss://xrplcluster.com", got ${describeValue(url)}.`,
      );
    }
  }
  if (new Set(urls).size !== urls.length)
    throw new InvalidOptionsError("createVerifier({ nodeUrl }): the nodeUrl list names a node twice; list each once.");
  return urls as string[];
}

function readNetworkId(networkId: unknown, chainId: unknown): number | undefined {
  if (
    networkId !== undefined &&
    (typeof networkId !== "number" || !Number.isInteger(networkId) || networkId < 0 || networkId > 0xffffffff)
  ) {
    throw new InvalidOptionsError(
      `createVerifier({ networkId }): networkId must be an integer from 0 to 4294967295 (0 mainnet, 1 testnet, 2 devnet), got ${describeValue(networkId)}.`,
    );
  }
  if (chainId === undefined) return networkId;
  const digits = typeof chainId === "string" && chainId.startsWith("xrpl:") ? networkIdOf(chainId) : undefined;
  if (digits === undefined) {
    throw new InvalidOptionsError(
      `createVerifier({ chainId }): chainId must be a CAIP-2 XRPL chain id such as "xrpl:0" (mainnet) or "xrpl:1" (testnet), got ${describeValue(chainId)}.`,
    );
  }
  const fromChainId = Number(digits);
  if (networkId !== undefined && networkId !== fromChainId) {
    throw new InvalidOptionsError(
      `createVerifier(options): networkId ${String(networkId)} and chainId "${chainId as string}" name different networks; give one of them.`,
    );
  }
  return fromChainId;
}

function positiveMs(name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0 || value > 2_147_483_647) {
    throw new InvalidOptionsError(
      `createVerifier({ ${name} }): ${name} must be a positive number of milliseconds, got ${describeValue(value, { quoteStrings: false })}.`,
    );
  }
  return value;
}

function strategyTable(strategies: unknown): Map<string, VerificationStrategy> {
  if (!Array.isArray(strategies) || strategies.length === 0) {
    throw new InvalidOptionsError(
      "createVerifier({ strategies }): strategies must be a non-empty array, e.g. [compactSignature(), signedTransaction()].",
    );
  }
  const table = new Map<string, VerificationStrategy>();
  for (const strategy of strategies as unknown[]) {
    if (!isRecord(strategy) || typeof strategy["kind"] !== "string" || typeof strategy["verify"] !== "function") {
      throw new InvalidOptionsError(
        "createVerifier({ strategies }): each strategy needs a string `kind` and a `verify(request, ledger)` method.",
      );
    }
    if (strategy["check"] !== undefined && typeof strategy["check"] !== "function") {
      throw new InvalidOptionsError(
        `createVerifier({ strategies }): the "${strategy["kind"]}" strategy's \`check\` must be a method when present.`,
      );
    }
    const typed = strategy as unknown as VerificationStrategy;
    if (table.has(typed.kind)) {
      throw new InvalidOptionsError(`createVerifier({ strategies }): two strategies handle signatureKind "${typed.kind}"; keep one.`);
    }
    table.set(typed.kind, typed);
  }
  return table;
}
