// The explanation as text for a terminal. Every value from the input is escaped, so a saved body
// cannot move the cursor, recolour the terminal or reorder text with control or bidi characters.
import type { SignInMessage } from "../message/types.js";
import type { ExplainReport, RuleReport } from "./explain.js";

// Matching control characters is the point here: they are what must not reach the terminal.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** `text` with control and bidi characters written as `\uXXXX`. */
export function printable(text: string): string {
  return text.replace(UNSAFE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

const MESSAGE_FIELDS: readonly (keyof SignInMessage)[] = [
  "dialect",
  "scheme",
  "domain",
  "address",
  "statement",
  "uri",
  "version",
  "chainId",
  "nonce",
  "issuedAt",
  "expirationTime",
  "notBefore",
  "requestId",
  "resources",
];

const OUTCOME_LABEL: Readonly<Record<RuleReport["outcome"], string>> = {
  pass: "pass",
  fail: "FAIL",
  skipped: "skip",
  unknown: "unknown",
};

/** The report as the lines a person reads, ending with the verdict. */
export function renderReport(report: ExplainReport): string {
  const lines: string[] = [];
  const section = (title: string): void => {
    if (lines.length > 0) lines.push("");
    lines.push(title);
  };
  const field = (name: string, value: string, width: number): void => {
    lines.push(`  ${name.padEnd(width)}  ${printable(value)}`);
  };

  section("Request body");
  if (report.body.ok) {
    field("signatureKind", report.body.signatureKind, 13);
    field("address", report.body.address, 13);
    field(
      "publicKey",
      report.body.publicKey ??
        (report.body.signatureKind === "signature"
          ? "(none: recovered from the signature when it can be)"
          : "(none: the transaction carries its keys)"),
      13,
    );
  } else {
    lines.push(`  not a sign-in request: ${printable(report.body.problem)}.`);
  }

  if (report.body.ok) {
    section("Message");
    if (report.message !== null) {
      for (const name of MESSAGE_FIELDS) {
        const value = report.message[name];
        if (value === undefined) continue;
        if (Array.isArray(value)) {
          field(name, value.length === 0 ? "(none)" : value[0]!, 14);
          for (const more of value.slice(1)) field("", more, 14);
        } else {
          field(name, String(value), 14);
        }
      }
    } else {
      lines.push("  the text is not a sign-in message the server accepts:");
      for (const issue of report.messageIssues) {
        lines.push(`  - ${issue.line > 0 ? `line ${issue.line}: ` : ""}${printable(issue.message)} (${issue.code})`);
      }
    }

    section(
      `Message rules, in the order the server checks them (at ${report.now}${report.nowGiven ? ", from --now" : ", the current time"})`,
    );
    if (report.rules.length === 0) lines.push("  not judged: the message did not parse.");
    for (const rule of report.rules) {
      const label = OUTCOME_LABEL[rule.outcome].padEnd(7);
      const answer = rule.outcome === "fail" ? ` -> "${rule.reason}"` : "";
      lines.push(`  ${label}  ${rule.rule.padEnd(14)}  ${printable(rule.detail)}${answer}`);
    }

    section(
      `Proof (verifier.check; ${
        report.ledger.mode === "node"
          ? `ledger node ${printable(report.ledger.url)}`
          : `offline${report.ledger.consulted ? ", the ledger was needed" : ", no ledger look-up was needed"}`
      })`,
    );
    const check = report.check;
    if (check === null) {
      lines.push(`  not judged: ${printable(report.checkError ?? "the verifier did not answer")}`);
    } else if (check.ok) {
      const key = check.publicKey === null ? "" : `, key ${check.publicKey} (${check.algorithm ?? "unknown algorithm"})`;
      const signers = check.signers === undefined ? "" : `, signers ${check.signers.join(", ")}`;
      lines.push(`  pass     signed by the ${check.authority} authority of ${printable(check.address)}${key}${printable(signers)}`);
      if (report.ledger.mode === "offline" && report.ledger.masterKeyUnjudged) {
        lines.push(`  unknown  whether ${printable(check.address)} has disabled its master key: not judged offline; run again with --node`);
      }
    } else {
      lines.push(`  FAIL     ${check.code}: ${printable(check.detail)}`);
      lines.push(`           (see "${check.code}" in the troubleshooting guide, docs/troubleshooting.md)`);
    }
  }

  section("Answer");
  lines.push(
    report.answer === null
      ? "  unknown: the proof needs the ledger (see above)"
      : `  HTTP ${report.answer.status} ${printable(JSON.stringify(report.answer.body))}`,
  );
  if (report.notes.length > 0) {
    section("Notes");
    for (const note of report.notes) lines.push(`  - ${note}`);
  }
  lines.push("");
  lines.push(verdict(report));
  return lines.join("\n") + "\n";
}

function verdict(report: ExplainReport): string {
  if (report.wouldSignIn) {
    const conditions: string[] = [];
    if (report.rules.some((rule) => rule.rule === "nonce" && rule.outcome === "unknown"))
      conditions.push("if the session holds this nonce, fresh and unused");
    if (report.ledger.mode === "offline" && report.ledger.masterKeyUnjudged) {
      conditions.push("if the account has not disabled its master key, which needs --node to judge");
    }
    return `Would sign in as ${printable(String(report.answer?.body["address"]))}${conditions.length > 0 ? ` (${conditions.join("; ")})` : ""}.`;
  }
  if (report.answer !== null && report.answer.status !== 200)
    return `Would not sign in: HTTP ${report.answer.status} ${printable(String(report.answer.body["error"]))}`;
  if (report.answer === null) return "Cannot say it would sign in: the proof needs the ledger; run again with --node.";
  return "Cannot say it would sign in: the domain rule was not judged; run again with --domain.";
}
