// `sign-in-with-xrpl explain --claims claims.json --address r... --node URL`: reads each named
// claim for the account with the verifier's own explainClaims, so what it prints is what the
// handlers would read at sign-in, and says why each one holds or not.
import type { ClaimExplanation } from "../verify/claims/types.js";
import { printable } from "./render.js";

/** What the claims mode reports (and prints as JSON with --json). */
export interface ClaimsReport {
  /** The account the claims were read for. */
  address: string;
  /** The ledger node they were read from. */
  node: string;
  /** Whether every claim holds (the exit status is 0 then). */
  allHold: boolean;
  /** Each claim by name: whether it holds, its description, and why. */
  claims: Record<string, ClaimExplanation>;
}

/** The report as the lines a person reads. */
export function renderClaimsReport(report: ClaimsReport): string {
  const names = Object.keys(report.claims);
  const width = Math.max(4, ...names.map((name) => name.length));
  const lines = [`Claims of ${printable(report.address)} (validated ledger of ${printable(report.node)})`];
  if (names.length === 0) lines.push("  (the file names no claims)");
  for (const name of names) {
    const claim = report.claims[name]!;
    lines.push(`  ${(claim.holds ? "yes" : "NO").padEnd(3)}  ${printable(name).padEnd(width)}  ${printable(claim.description)}`);
    lines.push(`  ${"".padEnd(3)}  ${"".padEnd(width)}  ${printable(claim.reason)}`);
  }
  const missing = names.filter((name) => !report.claims[name]!.holds);
  lines.push("");
  lines.push(
    missing.length === 0
      ? "Every claim holds."
      : `Does not hold: ${missing.map((name) => printable(name)).join(", ")}. A handler that requires ${missing.length === 1 ? "it" : "one of them"} answers 403.`,
  );
  return lines.join("\n") + "\n";
}
