/**
 * `sign-in-with-xrpl explain --claims` as users run it: the built command (dist/cli.js) in a
 * child process, a claims file on disk, the rippled stand-in as the node.
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { encodeAccountID } from "ripple-address-codec";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMockLedger, type MockLedger } from "../../src/testing/index.js";

const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CLI = join(REPO_ROOT, "dist", "cli.js");
const HOLDER = encodeAccountID(new Uint8Array(20).fill(1));
const ISSUER = encodeAccountID(new Uint8Array(20).fill(2));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(args: readonly string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NODE_OPTIONS: "" } });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

let ledger: MockLedger;
let folder: string;

async function claimsFile(name: string, content: unknown): Promise<string> {
  const path = join(folder, name);
  await writeFile(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
}

beforeAll(async () => {
  // The command is tested as shipped; the explain test checks the build is fresh.
  const built = await stat(CLI).catch(() => undefined);
  if (built === undefined) throw new Error(`${CLI} is missing: run \`npm run build\` first.`);
  ledger = await createMockLedger();
  folder = await mkdtemp(join(tmpdir(), "siwx-claims-"));
});

afterAll(async () => {
  await ledger.stop();
  await rm(folder, { recursive: true, force: true });
});

describe("explain --claims", () => {
  it("prints each claim's answer and why, and exits 1 when one does not hold", async () => {
    ledger.setAccount(HOLDER, { nfts: [{ issuer: ISSUER, taxon: 7 }], did: true });
    ledger.setCredential({ subject: HOLDER, issuer: ISSUER, type: "KYC", accepted: false });
    const path = await claimsFile("claims.json", {
      kyc: { credential: { issuer: ISSUER, type: "KYC" } },
      member: { nft: { issuer: ISSUER, taxon: 7 } },
      did: { did: true },
    });
    const result = await run(["explain", "--claims", path, "--address", HOLDER, "--node", ledger.url]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`Claims of ${HOLDER} (validated ledger of ${ledger.url})`);
    expect(result.stdout).toMatch(new RegExp(`NO\\s+kyc\\s+has the credential KYC from ${ISSUER}, accepted and not expired`, "u"));
    expect(result.stdout).toContain(`credential KYC from ${ISSUER}: present, not accepted`);
    expect(result.stdout).toMatch(new RegExp(`yes\\s+member\\s+holds an NFT of ${ISSUER}, taxon 7`, "u"));
    expect(result.stdout).toMatch(/yes\s+did\s+has a DID\n\s+DID: present/u);
    expect(result.stdout).toContain("Does not hold: kyc. A handler that requires it answers 403.");
  });

  it("exits 0 when every claim holds, and prints JSON with --json", async () => {
    ledger.setCredential({ subject: HOLDER, issuer: ISSUER, type: "KYC" });
    const path = await claimsFile("kyc.json", { kyc: { credential: { issuer: ISSUER, type: "KYC" } } });
    const result = await run(["explain", "--claims", path, "--address", HOLDER, "--node", ledger.url, "--json"]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      address: HOLDER,
      node: ledger.url,
      allHold: true,
      claims: {
        kyc: {
          holds: true,
          description: `has the credential KYC from ${ISSUER}, accepted and not expired`,
          reason: `credential KYC from ${ISSUER}: present, accepted, no expiration`,
        },
      },
    });
  });

  it("refuses a bad claims file with the path of the mistake, exit 2", async () => {
    const bad = await claimsFile("bad.json", { kyc: { credential: { issuer: "rNope", type: "KYC" } } });
    const result = await run(["explain", "--claims", bad, "--address", HOLDER, "--node", ledger.url]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(`sign-in-with-xrpl: ${bad}.kyc.credential.issuer must be a classic XRPL address`);
    const notJson = await claimsFile("broken.json", "{");
    expect((await run(["explain", "--claims", notJson, "--address", HOLDER, "--node", ledger.url])).stderr).toContain(
      `${notJson} is not JSON`,
    );
    const missing = await run(["explain", "--claims", join(folder, "absent.json"), "--address", HOLDER, "--node", ledger.url]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("cannot be read");
  });

  it("refuses a command line without --address or --node, or with options of the body mode", async () => {
    const path = await claimsFile("did.json", { did: { did: true } });
    const cases: [string[], string][] = [
      [["--claims", path, "--node", ledger.url], "--claims needs --address"],
      [["--claims", path, "--address", HOLDER], "--claims needs --node"],
      [["--claims", path, "--address", "rNope", "--node", ledger.url], '--address "rNope" is not a classic XRPL address'],
      [["--claims", path, "--address", HOLDER, "--node", ledger.url, "--domain", "example.com"], "--domain judges a verify body"],
      [["--address", HOLDER, "--node", ledger.url], "--address is for reading claims"],
    ];
    for (const [args, text] of cases) {
      const result = await run(["explain", ...args]);
      expect({ args, code: result.code }).toEqual({ args, code: 2 });
      expect(result.stderr).toContain(text);
    }
  });

  it("says it could not finish when the node does not answer, exit 1", async () => {
    const path = await claimsFile("did-down.json", { did: { did: true } });
    const down = await createMockLedger();
    const url = down.url;
    await down.stop();
    const result = await run(["explain", "--claims", path, "--address", HOLDER, "--node", url]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^sign-in-with-xrpl: could not finish: Could not reach a ledger node/u);
  });
});
