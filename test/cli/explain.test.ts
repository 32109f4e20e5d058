/**
 * `sign-in-with-xrpl explain` as users run it: the built command (dist/cli.js) in a child
 * process, a saved verify body on its standard input. Bodies are made by the dev wallet and by
 * the reference XRPL libraries (xrpl.js, ripple-keypairs); the ledger node is the mock rippled.
 */
import { spawn } from "node:child_process";
import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USAGE } from "../../src/cli/args.js";
import { createMessage } from "../../src/message/create.js";
import type { SignInMessageFields } from "../../src/message/types.js";
import { createDevWallet } from "../../src/testing/index.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { compactProof, keyAddressOf, regularKeyWallet, walletFor } from "../verify/proofs.js";

const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CLI = join(REPO_ROOT, "dist", "cli.js");

const ISSUED_AT = "2026-11-21T09:00:00.000Z";
const ONE_MINUTE_LATER = "2026-11-21T09:01:00Z";
const NONCE = "abcdef1234567890";

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built command with `input` on standard input (a string, or nothing at all). */
function run(args: readonly string[], input: string | undefined): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ["pipe", "pipe", "pipe"], env: { ...process.env, NODE_OPTIONS: "" } });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

function explain(body: unknown, args: readonly string[] = []): Promise<Run> {
  return run(["explain", ...args], JSON.stringify(body));
}

async function explainJson(
  body: unknown,
  args: readonly string[] = [],
): Promise<{ code: number | null; report: Record<string, any>; stderr: string }> {
  const result = await explain(body, [...args, "--json"]);
  return { code: result.code, report: JSON.parse(result.stdout) as Record<string, any>, stderr: result.stderr };
}

function messageFor(address: string, extra: Partial<SignInMessageFields> = {}): string {
  return createMessage({
    domain: "example.com",
    address,
    statement: "Sign in to Example.",
    uri: "https://example.com/login",
    version: "1",
    chainId: "xrpl:0",
    nonce: NONCE,
    issuedAt: ISSUED_AT,
    expirationTime: "2026-11-21T09:10:00.000Z",
    ...extra,
  });
}

/** A verify body as the browser client posts it, signed by a dev wallet. */
async function devWalletBody(
  options: { proof?: "signature" | "signedTx"; algorithm?: "ed25519" | "ecdsa-secp256k1" } = {},
  extra: Partial<SignInMessageFields> = {},
): Promise<Record<string, unknown>> {
  const wallet = createDevWallet({ proof: options.proof ?? "signature", algorithm: options.algorithm ?? "ed25519" });
  const address = await wallet.getAddress();
  const message = messageFor(address, extra);
  return { message, address, ...(await wallet.sign(message)) };
}

const ON_TIME = ["--domain", "example.com", "--now", ONE_MINUTE_LATER];

/** The hex signature with one byte changed. */
function tampered(signature: string): string {
  const at = 20;
  const byte = (parseInt(signature.slice(at, at + 2), 16) ^ 0x01).toString(16).padStart(2, "0").toUpperCase();
  return signature.slice(0, at) + byte + signature.slice(at + 2);
}

/** The newest modification time of any file under `directory`. */
async function newestMtime(directory: string): Promise<number> {
  const entries = await readdir(directory, { withFileTypes: true });
  const times = await Promise.all(
    entries.map((entry) => {
      const path = join(directory, entry.name);
      return entry.isDirectory() ? newestMtime(path) : stat(path).then((info) => info.mtimeMs);
    }),
  );
  return Math.max(0, ...times);
}

beforeAll(async () => {
  // The command is tested as shipped; a missing or stale build would test old code.
  const built = await stat(CLI).catch(() => undefined);
  if (built === undefined) throw new Error(`${CLI} is missing: run \`npm run build\` first.`);
  if ((await newestMtime(join(REPO_ROOT, "src"))) > built.mtimeMs) {
    throw new Error(`${CLI} is older than a file in src/: run \`npm run build\` first.`);
  }
  expect(built.mode & 0o111, "dist/cli.js is executable").not.toBe(0);
});

describe("a proof the handlers accept", () => {
  it("explains a dev wallet's compact signature and exits 0", async () => {
    const body = await devWalletBody();
    const result = await explain(body, ON_TIME);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("");
    expect(result.stdout).toContain(`Would sign in as ${String(body["address"])}`);
    expect(result.stdout).toMatch(/pass\s+domain\s+"example\.com" is one of the expected domains/u);
    // The server would ask its node whether the master key is disabled: offline, that one rule is left open.
    expect(result.stdout).toContain("offline, the ledger was needed");
    expect(result.stdout).toMatch(/pass\s+signed by the master authority/u);
    expect(result.stdout).toContain(
      `unknown  whether ${String(body["address"])} has disabled its master key: not judged offline; run again with --node`,
    );
    expect(result.stdout).toContain("if the account has not disabled its master key, which needs --node to judge");
    expect(result.stdout).toContain(`HTTP 200 {"ok":true,"address":"${String(body["address"])}"}`);
  });

  it("reports every field, every rule and the check result as JSON", async () => {
    const body = await devWalletBody({ algorithm: "ecdsa-secp256k1" });
    const { code, report } = await explainJson(body, [...ON_TIME, "--nonce", NONCE, "--chain-id", "xrpl:0"]);
    expect(code).toBe(0);
    expect(report["wouldSignIn"]).toBe(true);
    expect(report["message"]).toMatchObject({ domain: "example.com", address: body["address"], nonce: NONCE, chainId: "xrpl:0" });
    expect(report["rules"].map((rule: { rule: string; outcome: string }) => [rule.rule, rule.outcome])).toEqual([
      ["domain", "pass"],
      ["address", "pass"],
      ["uri", "skipped"],
      ["chainId", "pass"],
      ["nonce", "pass"],
      ["issuedAt", "pass"],
      ["maxAge", "pass"],
      ["expirationTime", "pass"],
      ["notBefore", "skipped"],
    ]);
    expect(report["check"]).toMatchObject({ ok: true, authority: "master", algorithm: "secp256k1", signatureKind: "signature" });
    expect(report["answer"]).toEqual({ status: 200, body: { ok: true, address: body["address"] } });
    expect(report["ledger"]).toEqual({ mode: "offline", consulted: true, masterKeyUnjudged: true });
    expect(report["notes"]).toContain(
      "The master key signed, and the signature holds. Whether the account has disabled its master key was not judged: the server asks its ledger node that; run again with --node to judge it.",
    );
  });

  it("accepts a body the client posted with publicKey: null (recovered secp256k1 key)", async () => {
    const wallet = walletFor("secp256k1");
    const request = compactProof(wallet, messageFor(wallet.classicAddress), { withPublicKey: false });
    const { code, report } = await explainJson({ ...request, publicKey: null }, ON_TIME);
    expect(code).toBe(0);
    expect(report["check"]).toMatchObject({ ok: true, publicKey: wallet.publicKey });
  });
});

describe("proofs the handlers refuse (exit 1)", () => {
  it("a tampered signature: invalid_signature with the verifier's detail, answered 401", async () => {
    const body = await devWalletBody();
    const bad = { ...body, signature: tampered(String(body["signature"])) };
    const result = await explain(bad, ON_TIME);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/FAIL\s+invalid_signature: /u);
    expect(result.stdout).toContain('HTTP 401 {"error":"Signature verification failed."}');
    expect(result.stdout).toContain("Would not sign in: HTTP 401 Signature verification failed.");
    const { report } = await explainJson(bad, ON_TIME);
    expect(report["check"]).toMatchObject({ ok: false, code: "invalid_signature" });
    expect(typeof report["check"].detail).toBe("string");
  });

  it("a wrong domain: the domain rule fails with the handlers' text, and the proof is still judged", async () => {
    const body = await devWalletBody();
    const result = await explain(body, ["--domain", "other.example", "--domain", "localhost:3000", "--now", ONE_MINUTE_LATER]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /FAIL\s+domain\s+"example\.com" is not one of the expected domains \(other\.example, localhost:3000\) -> "Domain does not match\."/u,
    );
    expect(result.stdout).toContain('HTTP 400 {"error":"Domain does not match."}');
    expect(result.stdout).toMatch(/pass\s+signed by the master authority/u);
  });

  it("an expired message fails at the current time and passes at the --now it was sent", async () => {
    const body = await devWalletBody({}, { issuedAt: "2020-01-01T00:00:00.000Z", expirationTime: "2020-01-01T00:05:00.000Z" });
    const now = await explainJson(body, ["--domain", "example.com"]);
    expect(now.code).toBe(1);
    const outcomes = Object.fromEntries(now.report["rules"].map((rule: { rule: string; outcome: string }) => [rule.rule, rule.outcome]));
    expect(outcomes).toMatchObject({ maxAge: "fail", expirationTime: "fail", issuedAt: "pass" });
    // The handlers answer the first failure in their order: too old comes before expired.
    expect(now.report["answer"]).toEqual({ status: 400, body: { error: "Message is too old." } });
    expect(now.report["notes"].join(" ")).toContain("--now");

    const then = await explain(body, ["--domain", "example.com", "--now", "2020-01-01T00:02:00Z"]);
    expect(then.code).toBe(0);
    const epochMs = String(Date.parse("2020-01-01T00:02:00Z"));
    expect((await explain(body, ["--domain", "example.com", "--now", epochMs])).code).toBe(0);
    // Past the expiration (and its minute of clock skew), with a server that allows old messages.
    const after = await explain(body, ["--domain", "example.com", "--now", "2020-01-01T00:07:00Z", "--max-age", "3600"]);
    expect(after.code).toBe(1);
    expect(after.stdout).toContain('HTTP 400 {"error":"Message has expired."}');
  });

  it("the --max-age and --clock-skew of the server change the time rules", async () => {
    const body = await devWalletBody({}, { expirationTime: undefined });
    const sevenMinutesLater = ["--domain", "example.com", "--now", "2026-11-21T09:07:00Z"];
    expect((await explain(body, sevenMinutesLater)).code).toBe(1);
    expect((await explain(body, [...sevenMinutesLater, "--max-age", "600"])).code).toBe(0);
    expect((await explain(body, [...sevenMinutesLater, "--clock-skew", "120"])).code).toBe(0);
  });

  it("a different session nonce, a different chain and another body address each fail their rule", async () => {
    const body = await devWalletBody();
    const nonce = await explainJson(body, [...ON_TIME, "--nonce", "zzzzzzzz1234"]);
    expect(nonce.code).toBe(1);
    expect(nonce.report["answer"]).toEqual({ status: 400, body: { error: "Nonce does not match." } });
    const chain = await explainJson(body, [...ON_TIME, "--chain-id", "xrpl:1"]);
    expect(chain.code).toBe(1);
    expect(chain.report["answer"]).toEqual({ status: 400, body: { error: "Chain ID does not match." } });
    const other = await createDevWallet().getAddress();
    const address = await explainJson({ ...body, address: other }, ON_TIME);
    expect(address.code).toBe(1);
    expect(address.report["answer"]).toEqual({ status: 400, body: { error: "Address does not match." } });
    // A key that does not derive the body's address may be a regular key: only the ledger can tell.
    expect(address.report["check"]).toBeNull();
    expect(address.report["ledger"]).toEqual({ mode: "offline", consulted: true, masterKeyUnjudged: false });
  });

  it("without --domain the domain rule is not judged, so it never says yes", async () => {
    const body = await devWalletBody();
    const result = await explain(body, ["--now", ONE_MINUTE_LATER]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/unknown\s+domain\s+"example\.com": not judged, no --domain given/u);
    expect(result.stdout).toContain("Cannot say it would sign in: the domain rule was not judged; run again with --domain.");
  });

  it("a message that does not parse lists its issues and the handlers' answer", async () => {
    const body = await devWalletBody();
    const broken = String(body["message"]).replace("Version: 1", "Version: 2");
    const { code, report } = await explainJson({ ...body, message: broken }, ON_TIME);
    expect(code).toBe(1);
    expect(report["message"]).toBeNull();
    expect(report["messageIssues"].map((issue: { code: string }) => issue.code)).toContain("invalid_version");
    expect(report["answer"]).toEqual({ status: 400, body: { error: "Invalid message format." } });
    // The signature is over the original text, so it no longer holds either.
    expect(report["check"]).toMatchObject({ ok: false, code: "invalid_signature" });
  });

  it("JSON that is not a verify body: says which field is wrong, the handlers' answer, exit 1", async () => {
    const body = await devWalletBody();
    const noKind = { ...body, signatureKind: "magic" };
    const result = await explain(noKind, ON_TIME);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('the field "signatureKind" must be "signature" or "signedTx", got "magic"');
    expect(result.stdout).toContain('HTTP 400 {"error":"Invalid request body."}');
    const list = await explain([body], ON_TIME);
    expect(list.code).toBe(1);
    expect(list.stdout).toContain("the body must be a JSON object, got an array");
  });

  it("escapes control and bidi characters from the body, so a saved body cannot rewrite the terminal", async () => {
    const body = await devWalletBody();
    const result = await explain({ ...body, address: "r\u001b[2J\u202eevil" }, ON_TIME);
    expect(result.code).toBe(1);
    expect(result.stdout).not.toContain("\u001b");
    expect(result.stdout).not.toContain("\u202e");
    expect(result.stdout).toContain("r\\u001b[2J\\u202eevil");
  });
});

describe("account authority from a ledger node (--node, the mock rippled)", () => {
  let node: MockRippled;
  beforeAll(async () => {
    node = await startMockRippled({ networkId: 0 });
  });
  afterAll(async () => {
    await node.stop();
  });

  it("a regular key the account set: exit 0, authority regular", async () => {
    const master = walletFor("ed25519");
    const regular = regularKeyWallet(master.classicAddress, "secp256k1");
    node.setAccount(master.classicAddress, { regularKey: keyAddressOf(regular) });
    const body = compactProof(regular, messageFor(master.classicAddress));
    const result = await explainJson(body, [...ON_TIME, "--node", node.url, "--chain-id", "xrpl:0"]);
    expect(result.code).toBe(0);
    expect(result.report["ledger"]).toEqual({ mode: "node", url: node.url });
    expect(result.report["check"]).toMatchObject({ ok: true, authority: "regular", publicKey: regular.publicKey, algorithm: "secp256k1" });
    const text = await explain(body, [...ON_TIME, "--node", node.url]);
    expect(text.stdout).toContain(`ledger node ${node.url}`);
    expect(text.stdout).toMatch(/pass\s+signed by the regular authority/u);
  });

  it("a master key the account disabled: exit 1, master_disabled, answered 401", async () => {
    const body = await devWalletBody();
    node.setAccount(String(body["address"]), { flags: 0x00100000, regularKey: walletFor("ed25519").classicAddress });
    const result = await explain(body, [...ON_TIME, "--node", node.url]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      `FAIL     master_disabled: The master key of ${String(body["address"])} signed, but the account has disabled its master key.`,
    );
    expect(result.stdout).toContain('HTTP 401 {"error":"Signature verification failed."}');
    // With the master key enabled, the same body signs in and nothing is left unjudged.
    node.setAccount(String(body["address"]), {});
    const enabled = await explainJson(body, [...ON_TIME, "--node", node.url]);
    expect(enabled.code).toBe(0);
    expect(enabled.report["check"]).toMatchObject({ ok: true, authority: "master" });
    expect(enabled.report["notes"].join(" ")).not.toContain("master key was not judged");
  });

  it("a key the account never authorized: exit 1, key_not_authorized", async () => {
    const master = walletFor("secp256k1");
    const stranger = regularKeyWallet(master.classicAddress, "ed25519");
    node.setAccount(master.classicAddress, {});
    const body = compactProof(stranger, messageFor(master.classicAddress));
    const result = await explain(body, [...ON_TIME, "--node", node.url]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /FAIL\s+key_not_authorized: The key that signed derives r\w+, which is neither the master key nor the regular key of /u,
    );
    expect(result.stdout).toContain('HTTP 401 {"error":"Signature verification failed."}');
  });

  it("a signed transaction from the dev wallet, judged against the node", async () => {
    const body = await devWalletBody({ proof: "signedTx" });
    node.setAccount(String(body["address"]), {});
    const result = await explainJson(body, [...ON_TIME, "--node", node.url, "--chain-id", "xrpl:0"]);
    expect(result.code).toBe(0);
    expect(result.report["check"]).toMatchObject({ ok: true, signatureKind: "signedTx", authority: "master" });
  });

  it("offline, a regular key cannot be judged: the command says so and does not say yes", async () => {
    const master = walletFor("ed25519");
    const regular = regularKeyWallet(master.classicAddress);
    const body = compactProof(regular, messageFor(master.classicAddress));
    const result = await explainJson(body, ON_TIME);
    expect(result.code).toBe(1);
    expect(result.report["ledger"]).toEqual({ mode: "offline", consulted: true, masterKeyUnjudged: false });
    expect(result.report["check"]).toBeNull();
    expect(result.report["checkError"]).toContain("run again with --node");
    expect(result.report["answer"]).toBeNull();
    const text = await explain(body, ON_TIME);
    expect(text.stdout).toContain("Cannot say it would sign in: the proof needs the ledger; run again with --node.");
  });

  it("a node that cannot be reached: the handlers' service-failure answer, exit 1, no stack", async () => {
    const down = await startMockRippled();
    await down.stop();
    const master = walletFor("ed25519");
    const regular = regularKeyWallet(master.classicAddress);
    const body = compactProof(regular, messageFor(master.classicAddress));
    const result = await explainJson(body, [...ON_TIME, "--node", down.url]);
    expect(result.code).toBe(1);
    expect(result.report["check"]).toBeNull();
    expect(result.report["checkError"]).toMatch(/ledger node/iu);
    expect(result.report["answer"]).toEqual({ status: 500, body: { error: "Verification service unavailable." } });
    expect(result.stderr).not.toMatch(/\n\s+at /u);
  });
});

describe("bad usage (exit 2, one line and the hint, nothing on standard output)", () => {
  const cases: [name: string, args: string[], input: string | undefined, problem: RegExp][] = [
    ["an unknown flag", ["explain", "--domian", "example.com"], "{}", /Unknown option '--domian'/u],
    ["an extra argument", ["explain", "body.json"], "{}", /unexpected argument "body\.json"; the body is read from standard input/u],
    ["standard input that is not JSON", ["explain", "--domain", "example.com"], "message=hello", /standard input is not JSON/u],
    ["empty standard input", ["explain", "--domain", "example.com"], "", /standard input is empty/u],
    ["standard input closed at once", ["explain", "--domain", "example.com"], undefined, /standard input is empty/u],
    ["a --now that is not a time", ["explain", "--now", "yesterday"], "{}", /--now "yesterday" is not a time/u],
    ["a --now date that does not exist", ["explain", "--now", "2026-02-30"], "{}", /--now "2026-02-30" is not a time/u],
    [
      "a --domain that is not a host",
      ["explain", "--domain", "https://example.com/"],
      "{}",
      /--domain "https:\/\/example\.com\/" is not a host\[:port\]/u,
    ],
    [
      "a --node that is not a WebSocket URL",
      ["explain", "--node", "http://127.0.0.1:1"],
      "{}",
      /--node "http:\/\/127\.0\.0\.1:1" is refused: nodeUrl must be a ws:\/\/ or wss:\/\/ URL/u,
    ],
    ["a --chain-id that is not one", ["explain", "--chain-id", "mainnet"], "{}", /--chain-id "mainnet" is not an XRPL chain id/u],
    ["a --max-age that is not seconds", ["explain", "--max-age", "5 min"], "{}", /--max-age "5 min" is not a number of seconds/u],
    ["a flag without its value", ["explain", "--domain"], "{}", /Option '--domain <value>' argument missing/u],
  ];
  it.each(cases)("%s", async (_name, args, input, problem) => {
    const result = await run(args, input);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    const lines = result.stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^sign-in-with-xrpl: /u);
    expect(lines[0]).toMatch(problem);
    expect(lines[1]).toBe("Run `sign-in-with-xrpl explain --help` for the options.");
  });

  it.each([
    ["options without a command", ["--json"], /^sign-in-with-xrpl: no command given; the command is `explain`\.$/u],
    ["another command", ["verify"], /^sign-in-with-xrpl: unknown command "verify"; the command is `explain`\.$/u],
  ])("%s: the problem and the whole usage on standard error, exit 2", async (_name, args, problem) => {
    const result = await run(args, "{}");
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    const [first, blank, ...usage] = result.stderr.split("\n");
    expect(first).toMatch(problem);
    expect(blank).toBe("");
    expect(usage.join("\n")).toBe(USAGE + "\n");
  });

  it("a bare call prints the usage on standard output and exits 0, as git and npm do", async () => {
    const result = await run([], undefined);
    expect(result).toEqual({ code: 0, stdout: USAGE + "\n", stderr: "" });
  });

  it.each(["--version", "-v", "explain --version"])("%s prints the package's version alone and exits 0", async (commandLine) => {
    const result = await run(commandLine.split(" "), undefined);
    const manifest = JSON.parse(await readFile(join(REPO_ROOT, "package.json"), "utf8")) as { version: string };
    expect(result).toEqual({ code: 0, stdout: `${manifest.version}\n`, stderr: "" });
  });

  it("--help prints the usage on standard output and exits 0", async () => {
    const result = await run(["explain", "--help"], undefined);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: sign-in-with-xrpl explain \[options\] < verify-body\.json/u);
    for (const flag of ["--domain", "--node", "--chain-id", "--nonce", "--now", "--max-age", "--clock-skew", "--json"]) {
      expect(result.stdout).toContain(flag);
    }
  });
});
