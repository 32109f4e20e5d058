// `sign-in-with-xrpl explain`: judges a saved POST /verify body the way the sign-in handlers do,
// every step reported instead of stopping at the first failure. Each step calls the same code as
// the handlers (body reading, parseMessage, the validation rules, verifier.check) and answers
// with the same texts, so the explanation cannot drift from what the server decides.
import { LedgerUnavailableError, MessageFormatError, type MessageFormatIssue } from "../errors.js";
import { parseDateTime } from "../message/date-time.js";
import { parseMessage } from "../message/parse.js";
import type { SignInMessage, ValidateOptions, ValidationCode } from "../message/types.js";
import { evaluateRules } from "../message/validate.js";
import { TEXT } from "../server/handlers.js";
import { inspectVerifyBody } from "../server/verify-body.js";
import { compactSignature } from "../verify/compact-signature.js";
import { createVerifier } from "../verify/create-verifier.js";
import type { AccountAuthority, CheckResult, LedgerReader, Verifier } from "../verify/types.js";
import type { ExplainOptions } from "./args.js";

/** One message rule as the report shows it. */
export interface RuleReport {
  /** Short name of the rule: `domain`, `address`, `uri`, `chainId`, `nonce`, `issuedAt`, `maxAge`, `expirationTime`, `notBefore`. */
  rule: string;
  /** The code `validateMessage` answers when the rule fails. */
  code: ValidationCode;
  /**
   * `pass` / `fail`; `skipped` when the handlers do not check it with these settings (no
   * expiration time in the message, no chain id configured...); `unknown` when it depends on
   * something the saved body does not carry (the server's domain, the session's nonce).
   */
  outcome: "pass" | "fail" | "skipped" | "unknown";
  /** The error text the handlers answer when the rule fails. */
  reason: string;
  /** What was compared, in words. */
  detail: string;
}

/**
 * Where the verifier read account authority from. Offline, `consulted` says the proof needed the
 * ledger, and `masterKeyUnjudged` that the master key signed but whether the account has disabled
 * it could not be judged (a server with the default settings asks its node that).
 */
export type LedgerReport = { mode: "offline"; consulted: boolean; masterKeyUnjudged: boolean } | { mode: "node"; url: string };

/** The whole explanation; `--json` prints exactly this. */
export interface ExplainReport {
  /** Whether the handlers would sign this body in (as far as the options given let us judge). */
  wouldSignIn: boolean;
  /** The time rules are judged at (RFC 3339), and whether it was given with `--now`. */
  now: string;
  nowGiven: boolean;
  /** The body as the handlers read it, or what is wrong with it. */
  body: { ok: true; signatureKind: string; address: string; publicKey: string | null } | { ok: false; problem: string };
  /** The parsed message, or null when the body or the text could not be read. */
  message: SignInMessage | null;
  /** Why the message text did not parse (empty when it did). */
  messageIssues: MessageFormatIssue[];
  /** Every message rule, in the order the handlers check them (empty when the message did not parse). */
  rules: RuleReport[];
  ledger: LedgerReport;
  /** The verifier's answer, or null when it could not be asked or could not finish. */
  check: CheckResult | null;
  /** Why the verifier could not finish (the ledger was needed and not reachable, or not given). */
  checkError: string | null;
  /**
   * What the handlers would answer: status and JSON body; null when it cannot be known here (the
   * proof needs the ledger and no --node was given).
   */
  answer: { status: number; body: Record<string, unknown> } | null;
  /** Notes for the reader: what was not judged and how to judge it. */
  notes: string[];
}

/** The detail printed for a proof that needed the ledger while no `--node` was given. */
export const OFFLINE_LEDGER_TEXT =
  "This proof needs the ledger to be judged (a regular key, a signed transaction or a multi-signed one): run again with --node and the ledger node your server uses.";

/** The note for a master-key signature judged offline: the one rule left to the ledger. */
export const MASTER_KEY_UNJUDGED_TEXT =
  "The master key signed, and the signature holds. Whether the account has disabled its master key was not judged: the server asks its ledger node that; run again with --node to judge it.";

/** What the command needs to judge a body without a node. */
export interface OfflineJudge {
  /** The reader that never connects; `consulted` once a proof asked it. */
  reader: { consulted: boolean };
  /** Judges the signature alone (`compactSignature({ ledger: "never" })`), when the ledger would only be asked about the master key. */
  masterKeyOnly: Verifier;
}

/** A ledger reader that never connects: it records that it was asked, and answers that it cannot. */
function offlineLedger(): LedgerReader & { consulted: boolean } {
  const reader = {
    consulted: false,
    getAccountAuthority(): Promise<AccountAuthority> {
      reader.consulted = true;
      return Promise.reject(new LedgerUnavailableError(OFFLINE_LEDGER_TEXT));
    },
  };
  return reader;
}

/**
 * Builds the verifier the command judges with: the defaults of `createVerifier` (both proof
 * kinds, every key's authority read from the ledger), over `--node` or the offline reader.
 * Offline, a second verifier judges a compact signature alone, so a master-key signature is
 * still judged in full but for the one ledger question. Throws `InvalidOptionsError` for a
 * `--node` the verifier refuses.
 */
export function explainVerifier(options: ExplainOptions): { verifier: Verifier; ledger: LedgerReport; offline?: OfflineJudge } {
  const chain = options.chainId === undefined ? {} : { chainId: options.chainId };
  if (options.nodeUrl !== undefined) {
    return { verifier: createVerifier({ nodeUrl: options.nodeUrl, ...chain }), ledger: { mode: "node", url: options.nodeUrl } };
  }
  const reader = offlineLedger();
  const masterKeyOnly = createVerifier({ ledgerReader: offlineLedger(), strategies: [compactSignature({ ledger: "never" })], ...chain });
  return {
    verifier: createVerifier({ ledgerReader: reader, ...chain }),
    ledger: { mode: "offline", consulted: false, masterKeyUnjudged: false },
    offline: { reader, masterKeyOnly },
  };
}

/**
 * Explains `body` (already parsed from JSON). Never throws for any body; rejects only if the
 * verifier itself fails in a way it never should.
 */
export async function explain(
  body: unknown,
  options: ExplainOptions,
  verifier: Verifier,
  ledger: LedgerReport,
  offline?: OfflineJudge,
): Promise<ExplainReport> {
  const notes: string[] = [];
  const read = inspectVerifyBody(body);
  const report: ExplainReport = {
    wouldSignIn: false,
    now: new Date(options.nowMs).toISOString(),
    nowGiven: options.nowGiven,
    body: read.ok
      ? { ok: true, signatureKind: read.request.signatureKind, address: read.request.address, publicKey: read.request.publicKey ?? null }
      : { ok: false, problem: read.problem },
    message: null,
    messageIssues: [],
    rules: [],
    ledger,
    check: null,
    checkError: null,
    answer: { status: 400, body: { error: TEXT.invalidBody } },
    notes,
  };
  if (!read.ok) {
    notes.push("A server-store session answers 400 `Invalid request body.`; a sealed-cookie session answers 500 `Internal server error.`.");
    return report;
  }
  const request = read.request;

  try {
    report.message = parseMessage(request.message);
  } catch (error) {
    if (!(error instanceof MessageFormatError)) throw error;
    report.messageIssues = [...error.issues];
  }
  if (report.message !== null) report.rules = judgeRules(report.message, request.address, options);

  try {
    report.check = await verifier.check(request);
  } catch (error) {
    if (!(error instanceof LedgerUnavailableError)) throw error;
    report.checkError = error.message;
  }
  if (offline !== undefined && report.ledger.mode === "offline") {
    report.ledger.consulted = offline.reader.consulted;
    if (report.check === null && request.signatureKind === "signature") {
      // The server would also ask whether the master key is disabled; everything else is judged here.
      const signatureAlone = await offline.masterKeyOnly.check(request);
      if (signatureAlone.ok && signatureAlone.authority === "master") {
        report.check = signatureAlone;
        report.checkError = null;
        report.ledger.masterKeyUnjudged = true;
        notes.push(MASTER_KEY_UNJUDGED_TEXT);
      }
    }
  }

  if (options.domains.length === 0) {
    notes.push("The domain rule was not judged: pass --domain with the host your server's `domain` option names (repeat it for several).");
  }
  if (options.nonce === undefined) {
    notes.push(
      "The nonce rule depends on the session: the server also needs its pending nonce to be this one, fresh and never used. Pass --nonce to compare it.",
    );
  }
  if (options.chainId === undefined) {
    notes.push("No --chain-id: judged as a server without a `chainId` option (any network's message passes the chain rule).");
  }
  if (!options.nowGiven) {
    notes.push(
      "The time rules were judged at the current time; pass --now with the time the request was made to judge a saved message as the server did.",
    );
  }

  report.answer = answerOf(report);
  if (report.checkError !== null && report.ledger.mode === "node") {
    notes.push(
      "A server-store session answers 500 `Verification service unavailable.` when the ledger cannot answer; a sealed-cookie session answers 500 `Internal server error.`.",
    );
  }
  report.wouldSignIn = report.answer?.status === 200 && report.rules.every((rule) => rule.outcome !== "unknown" || rule.rule === "nonce");
  return report;
}

/** What the handlers would answer, in their order: parse, the rules, then the proof. */
function answerOf(report: ExplainReport): ExplainReport["answer"] {
  if (report.message === null) return { status: 400, body: { error: TEXT.invalidFormat } };
  const failed = report.rules.find((rule) => rule.outcome === "fail");
  if (failed !== undefined) return { status: 400, body: { error: failed.reason } };
  if (report.check === null)
    return report.ledger.mode === "offline" ? null : { status: 500, body: { error: TEXT.verificationUnavailable } };
  if (!report.check.ok) return { status: 401, body: { error: TEXT.signatureFailed } };
  return { status: 200, body: { ok: true, address: report.check.address } };
}

const RULE_NAMES: Readonly<Record<ValidationCode, string>> = {
  domain_mismatch: "domain",
  address_mismatch: "address",
  uri_mismatch: "uri",
  chain_mismatch: "chainId",
  nonce_mismatch: "nonce",
  issued_in_future: "issuedAt",
  too_old: "maxAge",
  expired: "expirationTime",
  not_yet_valid: "notBefore",
};

/**
 * The rules with the options the handlers pass (the body's address, the server's chain id, age
 * and skew), judged by `evaluateRules`, with a sentence each on what was compared.
 */
function judgeRules(message: SignInMessage, bodyAddress: string, options: ExplainOptions): RuleReport[] {
  const domainKnown = options.domains.length > 0;
  const validateOptions: ValidateOptions = {
    // Without --domain every domain is let through here, and the rule is reported as unknown.
    domain: domainKnown ? options.domains : () => true,
    address: bodyAddress,
    maxAgeSeconds: options.maxAgeSeconds,
    clockSkewSeconds: options.clockSkewSeconds,
    now: options.nowMs,
    ...(options.nonce === undefined ? {} : { nonce: options.nonce }),
    ...(options.chainId === undefined ? {} : { chainId: options.chainId }),
  };
  const skew = `${options.clockSkewSeconds} s clock skew`;
  const now = options.nowMs;
  return evaluateRules(message, validateOptions).map(({ code, outcome, reason }): RuleReport => {
    const rule = RULE_NAMES[code];
    const row = (detail: string, shown: RuleReport["outcome"] = outcome): RuleReport => ({ rule, code, outcome: shown, reason, detail });
    switch (code) {
      case "domain_mismatch":
        if (!domainKnown) return row(`${JSON.stringify(message.domain)}: not judged, no --domain given`, "unknown");
        return row(
          `${JSON.stringify(message.domain)} ${outcome === "pass" ? "is" : "is not"} one of the expected domains (${options.domains.join(", ")})`,
        );
      case "address_mismatch":
        return row(
          outcome === "pass"
            ? `the message and the body both name ${bodyAddress}`
            : `the message names ${message.address}, the body's address is ${bodyAddress}`,
        );
      case "uri_mismatch":
        return row("the sign-in handlers do not compare the URI");
      case "chain_mismatch":
        if (outcome === "skipped") return row(`message chain id ${message.chainId ?? "(none)"}; not compared, no --chain-id given`);
        return row(`message chain id ${message.chainId ?? "(none)"}, expected ${options.chainId}`);
      case "nonce_mismatch":
        if (outcome === "skipped")
          return row(`${JSON.stringify(message.nonce)}: not judged, the pending nonce is in the server's session`, "unknown");
        return row(`message nonce ${JSON.stringify(message.nonce)}, session nonce ${JSON.stringify(options.nonce)}`);
      case "issued_in_future":
        return row(`issued at ${message.issuedAt}, ${relative(parseDateTime(message.issuedAt), now)}; allowed up to ${skew} ahead`);
      case "too_old":
        return row(`issued ${relative(parseDateTime(message.issuedAt), now)}; the limit is ${options.maxAgeSeconds} s old plus ${skew}`);
      case "expired":
        if (message.expirationTime === undefined) return row("the message has no Expiration Time");
        return row(`expires at ${message.expirationTime}, ${relative(parseDateTime(message.expirationTime), now)} (${skew} allowed)`);
      case "not_yet_valid":
        if (message.notBefore === undefined) return row("the message has no Not Before");
        return row(`valid from ${message.notBefore}, ${relative(parseDateTime(message.notBefore), now)} (${skew} allowed)`);
    }
  });
}

/** "12 min 5 s before now" / "3 s after now" / "exactly now". */
export function relative(atMs: number, nowMs: number): string {
  const delta = Math.round((atMs - nowMs) / 1000);
  if (delta === 0) return "exactly now";
  return `${duration(Math.abs(delta))} ${delta < 0 ? "before" : "after"} now`;
}

function duration(totalSeconds: number): string {
  const days = Math.floor(totalSeconds / 86_400);
  const hours = Math.floor((totalSeconds % 86_400) / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const parts = [
    days > 0 ? `${days} d` : "",
    hours > 0 ? `${hours} h` : "",
    minutes > 0 ? `${minutes} min` : "",
    seconds > 0 ? `${seconds} s` : "",
  ];
  return parts
    .filter((part) => part !== "")
    .slice(0, 2)
    .join(" ");
}
