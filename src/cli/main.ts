#!/usr/bin/env node
// The `sign-in-with-xrpl` command. Exit status: 0 would sign in (or help and version were
// printed), 1 would not (or cannot be judged with the options given), 2 unusable command line or
// input. Every failure is one line on
// standard error, never a stack trace: the reader is an operator with a saved request, not a
// developer with a debugger.
import { readFile, stat } from "node:fs/promises";
import { InvalidOptionsError } from "../errors.js";
import { claimsFromJson } from "../verify/claims/json.js";
import { createVerifier } from "../verify/create-verifier.js";
import { parseCommandLine, USAGE, USAGE_HINT, type ClaimsOptions, type ExplainOptions } from "./args.js";
import { renderClaimsReport, type ClaimsReport } from "./claims.js";
import { explain, explainVerifier } from "./explain.js";
import { printable, renderReport } from "./render.js";
import { packageVersion } from "./version.js";

const EXIT_OK = 0;
const EXIT_SIGNS_IN = 0;
const EXIT_REFUSED = 1;
const EXIT_USAGE = 2;

/** A saved verify body is a few kilobytes; anything much larger is not one. */
const MAX_INPUT_BYTES = 1024 * 1024;

class UsageError extends Error {
  constructor(
    message: string,
    /** Print the whole usage after the message (the command itself was missing or unknown). */
    readonly showUsage = false,
  ) {
    super(message);
  }
}

async function main(): Promise<number> {
  const command = parseCommandLine(process.argv.slice(2), Date.now());
  if (command.kind === "help") {
    process.stdout.write(USAGE + "\n");
    return EXIT_OK;
  }
  if (command.kind === "version") {
    process.stdout.write(packageVersion() + "\n");
    return EXIT_OK;
  }
  if (command.kind === "usage-error") throw new UsageError(command.problem, command.showUsage);
  if (command.kind === "claims") return runClaims(command.options);
  return runExplain(command.options);
}

async function runClaims(options: ClaimsOptions): Promise<number> {
  const claims = claimsFromJson(await readClaimsFile(options.claimsPath), options.claimsPath);
  let verifier: ReturnType<typeof createVerifier>;
  try {
    verifier = createVerifier({ nodeUrl: options.nodeUrl, ...(options.chainId === undefined ? {} : { chainId: options.chainId }) });
  } catch (error) {
    throw nodeRefused(error, options.nodeUrl);
  }
  try {
    const explained = await verifier.explainClaims!(options.address, claims);
    const report: ClaimsReport = {
      address: options.address,
      node: options.nodeUrl,
      allHold: Object.values(explained).every((claim) => claim.holds),
      claims: explained,
    };
    process.stdout.write(options.json ? JSON.stringify(report, null, 2) + "\n" : renderClaimsReport(report));
    return report.allHold ? EXIT_SIGNS_IN : EXIT_REFUSED;
  } finally {
    await verifier.close();
  }
}

/** A verifier option refused by the library, said as a usage error about `--node`; any other error as it is. */
function nodeRefused(error: unknown, nodeUrl: string | undefined): unknown {
  if (!(error instanceof InvalidOptionsError)) return error;
  return new UsageError(`--node ${JSON.stringify(nodeUrl)} is refused: ${error.message.replace(/^sign-in-with-xrpl: [^:]*: /u, "")}`);
}

/** The claims file's text; a UsageError when it cannot be read or is too large. */
async function readClaimsFile(path: string): Promise<string> {
  try {
    if ((await stat(path)).size > MAX_INPUT_BYTES)
      throw new UsageError(`--claims ${JSON.stringify(path)} is over ${MAX_INPUT_BYTES} bytes`);
    return (await readFile(path, "utf8")).replace(/^\uFEFF/u, "");
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`--claims ${JSON.stringify(path)} cannot be read (${error instanceof Error ? error.message : String(error)})`);
  }
}

async function runExplain(options: ExplainOptions): Promise<number> {
  let built: ReturnType<typeof explainVerifier>;
  try {
    built = explainVerifier(options);
  } catch (error) {
    throw nodeRefused(error, options.nodeUrl);
  }
  try {
    const body = await readBody();
    const report = await explain(body, options, built.verifier, built.ledger, built.offline);
    process.stdout.write(options.json ? JSON.stringify(report, null, 2) + "\n" : renderReport(report));
    return report.wouldSignIn ? EXIT_SIGNS_IN : EXIT_REFUSED;
  } finally {
    await built.verifier.close();
    await built.offline?.masterKeyOnly.close();
  }
}

/** Standard input as JSON; a UsageError when there is none, it is too large, or it is not JSON. */
async function readBody(): Promise<unknown> {
  if (process.stdin.isTTY === true) {
    throw new UsageError(
      "no input: pipe the saved POST /verify body in, e.g. `sign-in-with-xrpl explain --domain example.com < body.json`",
    );
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    const buffer = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > MAX_INPUT_BYTES)
      throw new UsageError(`standard input is over ${MAX_INPUT_BYTES} bytes; a saved verify body is a few kilobytes`);
    chunks.push(buffer);
  }
  const text = Buffer.concat(chunks)
    .toString("utf8")
    .replace(/^\uFEFF/u, "");
  if (text.trim() === "") throw new UsageError("standard input is empty: pipe the saved POST /verify body (JSON) in");
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new UsageError(
      `standard input is not JSON (${error instanceof Error ? error.message : String(error)}); pipe the saved POST /verify body in`,
    );
  }
}

function fail(error: unknown): number {
  // A claims file that is not a claim set: the input is unusable, and the message names the path.
  if (error instanceof InvalidOptionsError) return fail(new UsageError(error.message.replace(/^sign-in-with-xrpl: /u, "")));
  if (error instanceof UsageError) {
    const after = error.showUsage ? `\n${USAGE}` : USAGE_HINT;
    process.stderr.write(`sign-in-with-xrpl: ${printable(error.message).replace(/\.$/u, "")}.\n${after}\n`);
    return EXIT_USAGE;
  }
  // Not the input's fault: one line, no stack, and a status that does not claim a sign-in.
  process.stderr.write(`sign-in-with-xrpl: could not finish: ${printable(error instanceof Error ? error.message : String(error))}\n`);
  return EXIT_REFUSED;
}

const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  process.stderr.write(`sign-in-with-xrpl: needs Node.js 20.19 or later; this is ${process.versions.node}.\n`);
  process.exitCode = EXIT_USAGE;
} else {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.exitCode = fail(error);
    },
  );
}
