// The command line of `sign-in-with-xrpl`: which command, and the options of `explain`.
import { parseArgs } from "node:util";
import { parseDateTime } from "../message/date-time.js";
import { parseDomain } from "../message/domain.js";
import { normalizeChainId } from "../message/chain-id.js";
import { isClassicAddress } from "../message/address.js";

/** What `sign-in-with-xrpl explain` was asked to judge against. */
export interface ExplainOptions {
  /** The hosts the server's `domain` option names; empty when none was given. */
  domains: string[];
  /** The ledger node to read account authority from; undefined for the offline mode. */
  nodeUrl: string | undefined;
  /** The server's `chainId` option, CAIP-2 form; undefined when it has none. */
  chainId: string | undefined;
  /** The session's pending nonce, when known. */
  nonce: string | undefined;
  /** The instant the time rules are judged at, in ms since the epoch. */
  nowMs: number;
  /** Whether `nowMs` came from `--now` (else it is the current time). */
  nowGiven: boolean;
  /** The server's `maxMessageAgeSeconds` (default 300). */
  maxAgeSeconds: number;
  /** The server's `clockSkewSeconds` (default 60). */
  clockSkewSeconds: number;
  /** Print the report as JSON. */
  json: boolean;
}

/** What `sign-in-with-xrpl explain --claims` reads: which claims, for which account, from which node. */
export interface ClaimsOptions {
  /** The JSON file of named claims. */
  claimsPath: string;
  /** The account the claims are read for. */
  address: string;
  /** The ledger node to read them from. */
  nodeUrl: string;
  /** The server's `chainId` option, CAIP-2 form; undefined when it has none. */
  chainId: string | undefined;
  /** Print the report as JSON. */
  json: boolean;
}

/**
 * The parsed command line: run `explain` (on a verify body, or on claims), print help or the version, or refuse. A refusal for a
 * missing or unknown command carries the whole usage (`showUsage`), since the reader has not
 * found the command yet; any other refusal is one line and a pointer to `--help`.
 */
export type Command =
  | { kind: "explain"; options: ExplainOptions }
  | { kind: "claims"; options: ClaimsOptions }
  | { kind: "help" }
  | { kind: "version" }
  | { kind: "usage-error"; problem: string; showUsage: boolean };

/** The same defaults as the sign-in handlers, so a saved message is judged as the server judged it. */
export const DEFAULT_MAX_AGE_SECONDS = 300;
export const DEFAULT_CLOCK_SKEW_SECONDS = 60;

/** Printed by `--help` and by a bare call, and pointed to by every usage error. */
export const USAGE = `Usage: sign-in-with-xrpl explain [options] < verify-body.json
       sign-in-with-xrpl explain --claims claims.json --address ADDRESS --node URL [--json]
       sign-in-with-xrpl --version

Reads a saved POST /verify request body (JSON) from standard input and explains whether the
sign-in handlers would sign it in: the parsed message, every message rule with pass or fail,
and the verifier's check with its code and detail.

Options:
  --domain HOST        a host your server's \`domain\` option names (repeat for several);
                       without it the domain rule cannot be judged and the answer is "no"
  --node URL           ledger node (ws:// or wss://) to read the account's keys from; without
                       it nothing leaves this machine, and a proof that needs the ledger (a
                       regular key, a signed transaction, a multi-signed one) is not judged
  --chain-id ID        your server's \`chainId\` option, such as xrpl:0 (mainnet)
  --nonce NONCE        the nonce the session was holding, to judge the nonce rule
  --now TIME           judge the time rules at TIME: an RFC 3339 date-time
                       (2026-11-21T09:01:00Z), a date (2026-11-21) or epoch milliseconds;
                       default: the current time
  --max-age SECONDS    your server's \`maxMessageAgeSeconds\` (default ${DEFAULT_MAX_AGE_SECONDS})
  --clock-skew SECONDS your server's \`clockSkewSeconds\` (default ${DEFAULT_CLOCK_SKEW_SECONDS})
  --json               print the report as one JSON object
  -h, --help           print this help
  -v, --version        print the version of sign-in-with-xrpl

Claims (instead of a verify body; nothing is read from standard input):
  --claims FILE        a JSON file of named claims, such as
                       {"kyc":{"credential":{"issuer":"r...","type":"KYC"}}}; each one is read
                       for --address from the validated ledger of --node, and the command says
                       whether it holds and why
  --address ADDRESS    the account whose claims are read
  (with --node URL, and optionally --chain-id and --json)

Exit status: 0 when the handlers would sign this body in (with --claims: when every claim
holds), and after --help or --version; 1 when they would not (a claim does not hold), or it
cannot be judged with the options given (the node did not answer); 2 when the command line or
the input is unusable.

Examples:
  sign-in-with-xrpl explain --domain example.com --now 2026-11-21T09:01:00Z < body.json
  sign-in-with-xrpl explain --claims claims.json --address rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe --node wss://xrplcluster.com`;

/** The one-line pointer printed after every usage error. */
export const USAGE_HINT = "Run `sign-in-with-xrpl explain --help` for the options.";

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/u;
const EPOCH_MS = /^-?\d{1,16}$/u;
const SECONDS = /^\d+(\.\d+)?$/u;

/**
 * Reads `argv` (without the node binary and script). Never throws: a bad command line is a
 * `usage-error` with one sentence saying what was wrong.
 */
export function parseCommandLine(argv: readonly string[], currentTimeMs: number): Command {
  // A bare call asks what the command does, as with git or npm: the help, and success.
  if (argv.length === 0) return { kind: "help" };
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(argv);
  } catch (error) {
    return usageError(error instanceof Error ? firstLine(error.message) : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help === true) return { kind: "help" };
  if (values.version === true) return { kind: "version" };
  const [command, ...extra] = positionals;
  if (command === undefined) return usageError("no command given; the command is `explain`", true);
  if (command !== "explain") return usageError(`unknown command ${JSON.stringify(command)}; the command is \`explain\``, true);
  if (extra.length > 0) return usageError(`unexpected argument ${JSON.stringify(extra[0])}; the body is read from standard input`);

  if (values.claims !== undefined || values.address !== undefined) return claimsCommand(values);

  const domains = values.domain ?? [];
  for (const domain of domains) {
    if (parseDomain(domain) === undefined) {
      return usageError(
        `--domain ${JSON.stringify(domain)} is not a host[:port]; give the host users see, such as example.com or localhost:3000`,
      );
    }
  }
  const chainId = readChainId(values["chain-id"]);
  if (typeof chainId === "object") return chainId;
  // The node URL is checked by createVerifier itself, so the command accepts what servers accept.
  const nodeUrl = values.node;
  let nowMs = currentTimeMs;
  if (values.now !== undefined) {
    const at = readTime(values.now);
    if (at === undefined) {
      return usageError(
        `--now ${JSON.stringify(values.now)} is not a time; give an RFC 3339 date-time (2026-11-21T09:01:00Z), a date (2026-11-21) or epoch milliseconds`,
      );
    }
    nowMs = at;
  }
  const maxAge = readSeconds("--max-age", values["max-age"], DEFAULT_MAX_AGE_SECONDS);
  if (typeof maxAge === "string") return usageError(maxAge);
  const clockSkew = readSeconds("--clock-skew", values["clock-skew"], DEFAULT_CLOCK_SKEW_SECONDS);
  if (typeof clockSkew === "string") return usageError(clockSkew);

  return {
    kind: "explain",
    options: {
      domains,
      nodeUrl,
      chainId,
      nonce: values.nonce,
      nowMs,
      nowGiven: values.now !== undefined,
      maxAgeSeconds: maxAge,
      clockSkewSeconds: clockSkew,
      json: values.json === true,
    },
  };
}

function parseOptions(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      domain: { type: "string", multiple: true },
      node: { type: "string" },
      "chain-id": { type: "string" },
      nonce: { type: "string" },
      now: { type: "string" },
      "max-age": { type: "string" },
      "clock-skew": { type: "string" },
      json: { type: "boolean" },
      claims: { type: "string" },
      address: { type: "string" },
      help: { type: "boolean", short: "h" },
      version: { type: "boolean", short: "v" },
    },
  });
}

/** `explain --claims FILE --address ADDRESS --node URL`: the claims mode, which takes no verify body. */
function claimsCommand(values: ReturnType<typeof parseOptions>["values"]): Command {
  const claimsPath = values.claims;
  if (claimsPath === undefined) return usageError("--address is for reading claims: give --claims FILE too");
  if (claimsPath.trim() === "") return usageError("--claims needs the path of a JSON file of named claims");
  const address = values.address;
  if (address === undefined) return usageError("--claims needs --address: the account whose claims are read");
  if (!isClassicAddress(address)) return usageError(`--address ${JSON.stringify(address)} is not a classic XRPL address (r...)`);
  const nodeUrl = values.node;
  if (nodeUrl === undefined) return usageError("--claims needs --node: claims are read from a ledger node's validated ledger");
  for (const flag of ["domain", "nonce", "now", "max-age", "clock-skew"] as const) {
    if (values[flag] !== undefined)
      return usageError(`--${flag} judges a verify body; with --claims give only --address, --node, --chain-id and --json`);
  }
  const chainId = readChainId(values["chain-id"]);
  if (typeof chainId === "object") return chainId;
  return { kind: "claims", options: { claimsPath, address, nodeUrl, chainId, json: values.json === true } };
}

/** `--chain-id` as `xrpl:N` (undefined when not given), or the usage error that says what to give. */
function readChainId(given: string | undefined): string | undefined | Command {
  if (given === undefined) return undefined;
  return (
    normalizeChainId(given) ??
    usageError(`--chain-id ${JSON.stringify(given)} is not an XRPL chain id; give xrpl:N, such as xrpl:0 (mainnet) or xrpl:1 (testnet)`)
  );
}

function usageError(problem: string, showUsage = false): Command {
  return { kind: "usage-error", problem, showUsage };
}

/** Node's parseArgs messages add a hint of their own about positionals after the first sentence. */
function firstLine(text: string): string {
  return (text.split(/\.(?:\s|$)/u)[0] ?? text).trim();
}

/** An instant from `--now`: epoch milliseconds, an RFC 3339 date-time, or a date (midnight UTC). */
function readTime(text: string): number | undefined {
  if (EPOCH_MS.test(text)) {
    const ms = Number(text);
    return Number.isSafeInteger(ms) && Math.abs(ms) <= 8.64e15 ? ms : undefined;
  }
  const ms = DATE_ONLY.test(text) ? parseDateTime(`${text}T00:00:00Z`) : parseDateTime(text);
  return Number.isNaN(ms) ? undefined : ms;
}

function readSeconds(flag: string, text: string | undefined, fallback: number): number | string {
  if (text === undefined) return fallback;
  if (!SECONDS.test(text)) return `${flag} ${JSON.stringify(text)} is not a number of seconds >= 0 (default ${fallback})`;
  return Number(text);
}
