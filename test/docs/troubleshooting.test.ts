/**
 * The troubleshooting guide documents every text the routes answer, every refusal code, every
 * message issue code and every error code and class the library throws. The lists are read from
 * the sources (the exported tables, the type unions, every `extends SignInError`), so a new code
 * or text added without a line in docs/troubleshooting.md fails here.
 */
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { HTTP_TEXT } from "../../src/fetch/create-fetch-handler.js";
import { VALIDATION_REASONS } from "../../src/message/validate.js";
import { ERROR_RESPONSE_CODES } from "../../src/server/error-responses.js";
import { TEXT } from "../../src/server/handlers.js";
import { CHECK_FAILURE_CODES } from "../../src/verify/check-result.js";

const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SRC = join(REPO_ROOT, "src");

let guide: string;
let sources: { path: string; text: string }[];

async function sourceFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) return sourceFiles(path);
      return Promise.resolve(entry.name.endsWith(".ts") ? [path] : []);
    }),
  );
  return nested.flat();
}

/** The string literals of a `type Name = | "a" | "b";` union in `text`. */
function unionMembers(text: string, name: string): string[] {
  const match = new RegExp(`export type ${name} =([^;]+);`, "u").exec(text);
  if (match === null) throw new Error(`type ${name} not found`);
  return [...match[1]!.matchAll(/"([^"]+)"/gu)].map((literal) => literal[1]!);
}

/** Whether the guide shows `value` as inline code (`value`), as every table does. */
function documented(value: string): boolean {
  return guide.includes("`" + value + "`");
}

function undocumented(values: Iterable<string>): string[] {
  return [...values].filter((value) => !documented(value));
}

beforeAll(async () => {
  guide = await readFile(join(REPO_ROOT, "docs", "troubleshooting.md"), "utf8");
  sources = await Promise.all(
    (await sourceFiles(SRC)).map(async (path) => ({ path: relative(REPO_ROOT, path), text: await readFile(path, "utf8") })),
  );
});

describe("docs/troubleshooting.md covers", () => {
  it("every error text the sign-in routes answer", () => {
    const texts = [...Object.values(TEXT), ...Object.values(HTTP_TEXT)];
    expect(texts.length).toBeGreaterThanOrEqual(13);
    expect(undocumented(texts)).toEqual([]);
  });

  it("every message rule: its code and the exact text the routes answer", () => {
    const codes = Object.keys(VALIDATION_REASONS);
    expect(codes.length).toBeGreaterThanOrEqual(9);
    expect(undocumented(Object.values(VALIDATION_REASONS))).toEqual([]);
    // validateMessage answers the code with the text: each row names both.
    const routes = section("## What the sign-in routes answer");
    const rows = routes.split("\n");
    for (const [code, reason] of Object.entries(VALIDATION_REASONS)) {
      expect(
        rows.find((row) => row.includes("`" + reason + "`")),
        reason,
      ).toContain("`" + code + "`");
    }
  });

  it("every code of an error body (errorCodes: true), each in the error-codes table", () => {
    const table = section("## Error codes (`errorCodes: true`)");
    expect(ERROR_RESPONSE_CODES.length).toBeGreaterThanOrEqual(31);
    expect(ERROR_RESPONSE_CODES.filter((code) => !table.includes("`" + code + "`"))).toEqual([]);
    // And each handler text in that table beside its code.
    for (const text of [...Object.values(TEXT), ...Object.values(HTTP_TEXT)]) expect(table, text).toContain("`" + text + "`");
  });

  it("every check() failure code, each in the codes table", () => {
    const table = section("## Why a proof was refused");
    expect(CHECK_FAILURE_CODES.length).toBeGreaterThanOrEqual(10);
    expect(CHECK_FAILURE_CODES.filter((code) => !table.includes(`| \`${code}\` |`))).toEqual([]);
  });

  it("every message issue code of parseMessage and createMessage", () => {
    const issues = sources.find((source) => source.path === join("src", "message", "issues.ts"))!;
    const codes = unionMembers(issues.text, "MessageIssueCode");
    expect(codes.length).toBeGreaterThanOrEqual(28);
    const table = section("## Why a message did not parse");
    expect(codes.filter((code) => !table.includes(`| \`${code}\` |`))).toEqual([]);
    // And no code in the table that the parser does not have (a renamed code leaves a stale row).
    const rows = [...table.matchAll(/^\| `([a-z_]+)` \|/gmu)].map((row) => row[1]!);
    expect(rows.filter((row) => !codes.includes(row))).toEqual([]);
  });

  it("every SignInError class and every code one is thrown with, anywhere in src/", () => {
    const classes = new Set<string>(["SignInError"]);
    const codes = new Set<string>();
    for (const { text } of sources) {
      for (const match of text.matchAll(/class (\w+) extends SignInError\b/gu)) classes.add(match[1]!);
      for (const match of text.matchAll(/new SignInError\(\s*"([a-z_]+)"/gu)) codes.add(match[1]!);
    }
    // Subclasses pass their code to super("code", ...); read each one's from its class body.
    for (const { text } of sources) {
      for (const match of text.matchAll(/class \w+ extends (\w+)\s*\{([\s\S]*?)\n\}/gu)) {
        if (!classes.has(match[1]!)) continue;
        for (const code of match[2]!.matchAll(/super\(\s*"([a-z_]+)"/gu)) codes.add(code[1]!);
      }
    }
    expect(classes.size).toBeGreaterThanOrEqual(10);
    expect(codes.size).toBeGreaterThanOrEqual(10);
    const table = section("## Errors the library throws");
    expect([...classes].filter((name) => !table.includes("`" + name + "`"))).toEqual([]);
    expect([...codes].filter((code) => !table.includes("`" + code + "`"))).toEqual([]);
  });

  it("every code of the typed error-code unions", () => {
    const errors = sources.find((source) => source.path === join("src", "errors.ts"))!.text;
    const codes = [...unionMembers(errors, "ServerErrorCode"), ...unionMembers(errors, "ClientErrorCode")];
    expect(codes.length).toBeGreaterThanOrEqual(10);
    const table = section("## Errors the library throws");
    expect(codes.filter((code) => !table.includes("`" + code + "`"))).toEqual([]);
  });

  it("the client controller's `<step>_failed` codes, one per step that can reach them", () => {
    const controller = sources.find((source) => source.path === join("src", "client", "controller.ts"))!.text;
    const stepSource = sources.find((source) => source.text.includes("export type SignInStep ="))!.text;
    expect(controller).toContain("`${step}_failed`");
    // The wallet's steps become WalletError before that line is reached.
    expect(controller).toMatch(/if \(step === "address" \|\| step === "sign"\) \{[^}]*return new WalletError/u);
    const steps = unionMembers(stepSource, "SignInStep").filter((step) => step !== "address" && step !== "sign");
    expect(steps.length).toBeGreaterThanOrEqual(5);
    const table = section("## Errors the library throws");
    expect(steps.map((step) => `${step}_failed`).filter((code) => !table.includes("`" + code + "`"))).toEqual([]);
  });

  it("how to run the explain command, with every option it takes", async () => {
    const args = await readFile(join(SRC, "cli", "args.ts"), "utf8");
    const options = [...args.matchAll(/^\s+"?([a-z-]+)"?: \{ type: "(?:string|boolean)"/gmu)].map((match) => `--${match[1]!}`);
    expect(options.length).toBeGreaterThanOrEqual(8);
    const replay = section("## Replay a failed sign-in");
    expect(options.filter((option) => option !== "--help" && !replay.includes("`" + option))).toEqual([]);
    expect(replay).toContain("sign-in-with-xrpl explain");
  });
});

/** The guide from `heading` to the next `## ` heading. */
function section(heading: string): string {
  const start = guide.indexOf(heading);
  if (start < 0) throw new Error(`docs/troubleshooting.md has no "${heading}" section`);
  const next = guide.indexOf("\n## ", start + heading.length);
  return guide.slice(start, next < 0 ? undefined : next);
}
