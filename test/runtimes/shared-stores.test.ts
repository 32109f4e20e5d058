/**
 * Single use across instances, on the platforms' own shared storage (`npm run test:runtimes`):
 *
 * - Cloudflare workerd through Miniflare (no `nodejs_compat`): two Worker scripts, each its own
 *   isolate and memory, bound to one Durable Object namespace. The guide's Worker template
 *   (docs/snippets/cloudflare-worker.ts, built as users build it, a mock ledger node as its
 *   XRPL_NODE_URL) runs as two Workers for the sign-in checks and refuses a disabled master key; a test app (shared-store-app.ts) runs the exported contract suites inside
 *   workerd, the memory-store control, and looks into the objects' storage.
 * - Deno: two Deno processes on one KV database file (`Deno.openKv(path)`), the test app in each.
 *
 * On both: a proof and its cookie used on one instance are refused on the other (400
 * `Nonce has already been used.`), 20 verifies racing across both let exactly one through, and a
 * cookie signed out on one is signed out on the other. The control shows the instances share no
 * memory: with the default memory store, the same replay on the other instance signs in again.
 *
 * A missing runtime fails these tests, it never skips them.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nonceStoreContract, revocationStoreContract } from "../../src/testing/index.js";
import {
  getNonce,
  newKeyAccount,
  postSignOut,
  postVerify,
  readJson,
  routesOf,
  signatureProof,
  signInMessage,
  type JsonAnswer,
  type Routes,
} from "../examples/flow.js";
import { createCookieJar, type CookieJar } from "../support/cookie-jar.js";
import { spawnCommand, type Spawned } from "../support/example-process.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { bundleScript, bundleServer, REPO_ROOT, RUNTIMES_DIR } from "./build.mjs";
import { CONTRACT_OPTIONS } from "./shared-store-app.js";

const INSTALL_HINT = "install the runtimes with `npm ci --prefix test/runtimes`";
const bin = (...parts: string[]) => join(RUNTIMES_DIR, "node_modules", ...parts);
const SESSION_SECRET = `shared-store-${crypto.randomUUID()}`;
const USED = "Nonce has already been used.";

/** Starts `command` and waits until it printed every `LISTENING` line `parse` needs. */
async function startProcess<T>(
  name: string,
  command: string,
  args: string[],
  env: Record<string, string>,
  parse: (output: string) => T | undefined,
): Promise<{ process: Spawned; found: T }> {
  if (!existsSync(command)) throw new Error(`${name} cannot run: ${command} is missing; ${INSTALL_HINT}.`);
  const spawned = spawnCommand(command, args, REPO_ROOT, { ...process.env, ...env, NO_COLOR: "1" });
  let exited = false;
  void spawned.exited.then(() => (exited = true));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const found = parse(spawned.output());
    if (found !== undefined) return { process: spawned, found };
    if (exited || Date.now() > deadline) {
      await spawned.stop();
      throw new Error(`${name} did not start (${exited ? "exited" : "timed out"}):\n${spawned.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function authRoutes(baseUrl: string, basePath = "/api/auth"): Routes {
  return {
    nonce: `${baseUrl}${basePath}/nonce`,
    verify: `${baseUrl}${basePath}/verify`,
    signOut: `${baseUrl}${basePath}/signout`,
    me: `${baseUrl}${basePath}/me`,
  };
}

/** Nonce from `first`, a signed proof, and a copy of the pre-sign-in cookie (what a replaying attacker holds). */
async function pendingSignIn(first: Routes): Promise<{ jar: CookieJar; replay: CookieJar; proof: Record<string, string> }> {
  const jar = createCookieJar();
  const account = newKeyAccount();
  const nonce = await getNonce(jar, first);
  return { jar, replay: jar.clone(), proof: signatureProof(signInMessage(account.address, nonce), account) };
}

/** The three cross-instance checks, on two instances that serve the same sign-in routes. */
function crossInstanceChecks(
  pair: () => { first: Routes; second: Routes },
  me: (routes: Routes, jar: CookieJar) => Promise<JsonAnswer>,
): void {
  it("refuses on the second instance a proof and its cookie used on the first: 400 Nonce has already been used.", async () => {
    const { first, second } = pair();
    const { jar, replay, proof } = await pendingSignIn(first);
    expect((await postVerify(jar, first, proof)).status).toBe(200);
    expect(await postVerify(replay, second, proof)).toMatchObject({ status: 400, body: { error: USED } });
    expect((await me(second, replay)).status).toBe(401);
  });

  it("lets exactly one of 20 verifies racing across both instances through", async () => {
    const { first, second } = pair();
    const { jar, proof } = await pendingSignIn(first);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => postVerify(jar.clone(), index % 2 === 0 ? first : second, proof)),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    // The signature checks on one nonce are counted in the shared store: five are judged in all
    // (one signs in, four find the nonce used), the other fifteen find it spent.
    expect(answers.filter((answer) => answer.status === 400 && answer.body.error === USED)).toHaveLength(4);
    expect(answers.filter((answer) => answer.status === 400 && answer.body.error === "No pending nonce.")).toHaveLength(15);
  });

  it("ends on the second instance a session signed out on the first: 401", async () => {
    const { first, second } = pair();
    const { jar, proof } = await pendingSignIn(first);
    expect((await postVerify(jar, first, proof)).status).toBe(200);
    const copy = jar.clone();
    expect((await me(second, copy)).status).toBe(200);
    expect(await postSignOut(jar, first)).toMatchObject({ status: 200, body: { ok: true } });
    expect(await me(second, copy)).toMatchObject({ status: 401, body: { error: "Not authenticated." } });
  });
}

/** The exported contract suites, each check run inside the runtime by the app on `url()`. */
function contractChecks(url: () => string, query = ""): void {
  const unused = () => {
    throw new Error("the checks run inside the runtime");
  };
  const suites = [
    { suite: "nonce", label: "NonceStore", checks: nonceStoreContract(unused, CONTRACT_OPTIONS) },
    {
      suite: "revocation",
      label: "RevocationStore",
      checks: revocationStoreContract(unused, { expiryTtlMs: CONTRACT_OPTIONS.expiryTtlMs }),
    },
  ];
  for (const { suite, label, checks } of suites) {
    checks.forEach((check, index) => {
      it(`${label} contract: ${check.name}`, async () => {
        const answer = await readJson(await fetch(`${url()}/contract/${suite}/${index}${query}`));
        expect(answer.body).toEqual({ ok: true });
      });
    });
  }
}

/** The control: the instances share no memory, so the default memory store lets a replay through. */
function memoryControl(urls: () => { first: string; second: string }): void {
  it("runs as two instances that share no memory: with the memory store, a proof replayed on the other instance signs in again", async () => {
    const { first, second } = urls();
    const ids = await Promise.all([first, second].map(async (url) => (await readJson(await fetch(`${url}/app/instance`))).body));
    expect(ids[0]!.instance).not.toBe(ids[1]!.instance);
    const { jar, replay, proof } = await pendingSignIn(authRoutes(first, "/memory/auth"));
    expect((await postVerify(jar, authRoutes(first, "/memory/auth"), proof)).status).toBe(200);
    expect((await postVerify(replay, authRoutes(second, "/memory/auth"), proof)).status).toBe(200);
  });
}

async function storeCall(url: string, method: string, key: string, query = ""): Promise<Record<string, unknown>> {
  return (await readJson(await fetch(`${url}/store/${method}?key=${encodeURIComponent(key)}${query}`))).body;
}

describe("Durable Object store: two Workers in workerd, one namespace", () => {
  let workerd: Spawned | undefined;
  let urls: Record<string, string> = {};
  let configDir: string | undefined;
  // The template asks the ledger for every proof (a verifier per proof): its node.
  let node: MockRippled | undefined;

  beforeAll(async () => {
    const template = await bundleScript(join(REPO_ROOT, "docs", "snippets", "cloudflare-worker.ts"), "cloudflare-template", true);
    const app = await bundleServer("shared-store-worker");
    node = await startMockRippled();
    const templateBindings = { APP_DOMAIN: "localhost", SESSION_SECRET, XRPL_NODE_URL: node.url };
    const inspectable = { className: "InspectableNonceStoreObject", useSQLite: true };
    const workers = [
      // The guide's template, as two Workers: the first declares the class, the second binds it by scriptName.
      {
        name: "template-a",
        scriptPath: template,
        bindings: templateBindings,
        durableObjects: { NONCES: { className: "NonceStoreObject", useSQLite: true } },
      },
      {
        name: "template-b",
        scriptPath: template,
        bindings: templateBindings,
        durableObjects: { NONCES: { className: "NonceStoreObject", scriptName: "template-a", useSQLite: true } },
      },
      { name: "app-a", scriptPath: app, bindings: { SESSION_SECRET }, durableObjects: { NONCES: inspectable } },
      { name: "app-b", scriptPath: app, bindings: { SESSION_SECRET }, durableObjects: { NONCES: { ...inspectable, scriptName: "app-a" } } },
      // Namespaces of their own, so what their tests count is theirs alone.
      { name: "app-sweep", scriptPath: app, bindings: { SESSION_SECRET }, durableObjects: { NONCES: inspectable } },
      { name: "app-shards", scriptPath: app, bindings: { SESSION_SECRET }, durableObjects: { NONCES: inspectable } },
      // A class on the key-value storage backend (declared under new_classes).
      {
        name: "app-kv-backend",
        scriptPath: app,
        bindings: { SESSION_SECRET },
        durableObjects: { NONCES: { className: "NonceStoreObject", useSQLite: false } },
      },
    ];
    configDir = await mkdtemp(join(tmpdir(), "siwx-workers-"));
    const config = join(configDir, "workers.json");
    await writeFile(config, JSON.stringify({ workers }));
    // Miniflare 4 needs Node 22 or later: it runs on the Node 22 from npm.
    const started = await startProcess(
      "workerd (Miniflare)",
      bin("node22", "bin", "node"),
      [join(RUNTIMES_DIR, "servers", "miniflare-workers.mjs"), config],
      {},
      (output) => {
        const found = Object.fromEntries([...output.matchAll(/LISTENING (\S+) (http:\/\/\S+)/g)].map((match) => [match[1]!, match[2]!]));
        return Object.keys(found).length === workers.length ? found : undefined;
      },
    );
    workerd = started.process;
    urls = started.found;
  }, 120_000);

  afterAll(async () => {
    await workerd?.stop();
    await node?.stop();
    if (configDir !== undefined) await rm(configDir, { recursive: true, force: true });
  });

  describe("the Workers guide's template", () => {
    const routes = () => ({
      first: routesOf(urls["template-a"]!, "sealed-cookie"),
      second: routesOf(urls["template-b"]!, "sealed-cookie"),
    });
    crossInstanceChecks(routes, async (each, jar) => readJson(await jar.fetch(each.me)));

    it("serves /api/profile only while signed in, on either Worker", async () => {
      const { first, second } = routes();
      const { jar, proof } = await pendingSignIn(first);
      expect((await postVerify(jar, first, proof)).status).toBe(200);
      const profile = await readJson(await jar.fetch(`${urls["template-b"]}/api/profile`));
      expect(profile).toMatchObject({ status: 200, body: { address: proof.address } });
      await postSignOut(jar.clone(), second);
      expect((await readJson(await jar.fetch(`${urls["template-a"]}/api/profile`))).status).toBe(401);
    });

    it("refuses a master key its owner disabled, asking the ledger node for each proof", async () => {
      const { first } = routes();
      const jar = createCookieJar();
      const account = newKeyAccount();
      node!.setAccount(account.address, { flags: 0x00100000, regularKey: newKeyAccount().address });
      const before = node!.requestCount("account_info");
      const proof = signatureProof(signInMessage(account.address, await getNonce(jar, first)), account);
      expect(await postVerify(jar, first, proof)).toMatchObject({ status: 401, body: { error: "Signature verification failed." } });
      expect(node!.requestCount("account_info")).toBeGreaterThan(before);
      expect((await readJson(await jar.fetch(first.me))).status).toBe(401);
    });
  });

  describe("the test app on two Workers", () => {
    memoryControl(() => ({ first: urls["app-a"]!, second: urls["app-b"]! }));
    crossInstanceChecks(
      () => ({ first: authRoutes(urls["app-a"]!), second: authRoutes(urls["app-b"]!) }),
      async (each, jar) => readJson(await jar.fetch(each.me)),
    );
    contractChecks(() => urls["app-a"]!);
  });

  describe("spread over 4 objects (shards: 4)", () => {
    contractChecks(() => urls["app-shards"]!, "?shards=4");

    it("puts each nonce in exactly one of the objects, and uses more than one", async () => {
      const rows = async () =>
        Promise.all(
          [0, 1, 2, 3].map(
            async (shard) => (await readJson(await fetch(`${urls["app-shards"]}/inspect/${shard}/rows`))).body.usedNonces as number,
          ),
        );
      const before = await rows();
      const nonces = Array.from({ length: 32 }, (_, index) => `spread${index}${crypto.randomUUID().slice(0, 8)}`);
      for (const nonce of nonces) expect(await storeCall(urls["app-shards"]!, "consume", nonce, "&shards=4")).toEqual({ value: true });
      for (const nonce of nonces) expect(await storeCall(urls["app-shards"]!, "consume", nonce, "&shards=4")).toEqual({ value: false });
      const added = (await rows()).map((count, shard) => count - before[shard]!);
      expect(added.reduce((sum, count) => sum + count, 0)).toBe(32);
      expect(added.filter((count) => count > 0).length).toBeGreaterThan(1);
    });
  });

  it("keeps storage bounded: the alarm deletes expired entries, and is set again for the next one", async () => {
    const url = urls["app-sweep"]!;
    const rows = async (action: "rows" | "sweep") => (await readJson(await fetch(`${url}/inspect/0/${action}`, { method: "POST" }))).body;
    const key = (name: string) => `${name}${crypto.randomUUID().slice(0, 8)}`;
    const short = [key("short1"), key("short2"), key("short3")];
    for (const nonce of short) expect(await storeCall(url, "consume", nonce, "&ttlMs=200")).toEqual({ value: true });
    expect(await storeCall(url, "revoke", key("session"), "&ttlMs=200")).toEqual({ value: null });
    expect(await storeCall(url, "countAttempt", short[0]!, "&ttlMs=200")).toEqual({ value: 1 });
    const kept = key("kept");
    expect(await storeCall(url, "consume", kept, "&ttlMs=3600000")).toEqual({ value: true });

    const written = await rows("rows");
    expect(written).toMatchObject({ usedNonces: 4, revokedIds: 1, attemptCounts: 1 });
    // Not before 30 s from now (sweeps are batched), not later than the short entries need.
    const now = written.now as number;
    expect(written.alarmAt).toBeGreaterThanOrEqual(now + 29_000);
    expect(written.alarmAt).toBeLessThanOrEqual(now + 31_000);

    await new Promise((resolve) => setTimeout(resolve, 400));
    // Expired but not yet swept: read as gone all the same (the count starts again).
    expect(await storeCall(url, "countAttempt", short[0]!, "&ttlMs=200")).toEqual({ value: 1 });
    const swept = await rows("sweep");
    expect(swept).toMatchObject({ usedNonces: 1, revokedIds: 0, attemptCounts: 1 });
    await new Promise((resolve) => setTimeout(resolve, 400));
    const sweptAgain = await rows("sweep");
    expect(sweptAgain).toMatchObject({ usedNonces: 1, revokedIds: 0, attemptCounts: 0 });
    // The next alarm is for the entry that is left, an hour from its write.
    expect(sweptAgain.alarmAt).toBeGreaterThan((sweptAgain.now as number) + 3_500_000);
    expect(await storeCall(url, "consume", kept)).toEqual({ value: false });
  });

  it('says how to fix a class on the key-value storage backend (declared without storage = "sqlite")', async () => {
    const answer = await storeCall(urls["app-kv-backend"]!, "consume", "probe0001");
    expect(answer.code).toBe("store_unavailable");
    expect(answer.error).toMatch(/SQL is not enabled/);
    expect(answer.error).toMatch(/storage = "sqlite"/);
    expect(answer.error).toMatch(/new_sqlite_classes/);
  });
});

describe("Deno KV store: two Deno processes, one KV file", () => {
  const processes: Spawned[] = [];
  let urls: string[] = [];
  let guideUrls: string[] = [];
  let kvDir: string | undefined;
  let node: MockRippled | undefined;
  const denoArgs = (script: string) => [
    "run",
    "--unstable-kv",
    "--allow-net",
    "--allow-env",
    "--allow-read",
    "--allow-write",
    "--allow-sys",
    script,
  ];

  /** Two processes of `script` on the database file `file`; answers their URLs. */
  async function startPair(script: string, env: Record<string, string>, listening: RegExp): Promise<string[]> {
    const started = await Promise.all(
      [1, 2].map(() => startProcess("Deno", bin(".bin", "deno"), denoArgs(script), env, (output) => listening.exec(output)?.[1])),
    );
    processes.push(...started.map((each) => each.process));
    return started.map((each) => each.found);
  }

  beforeAll(async () => {
    kvDir = await mkdtemp(join(tmpdir(), "siwx-deno-kv-"));
    node = await startMockRippled();
    const app = await bundleServer("shared-store-deno");
    // The Deno guide's server, as users run it (its `npm:` imports resolve to the built package).
    const guide = await bundleScript(join(REPO_ROOT, "docs", "snippets", "deno.ts"), "deno-guide", false);
    [urls, guideUrls] = await Promise.all([
      startPair(
        app,
        { KV_PATH: join(kvDir, "app.sqlite"), KV_PREFIX: `test-${crypto.randomUUID()}`, SESSION_SECRET },
        /LISTENING (http:\/\/\S+)/,
      ),
      startPair(
        guide,
        // DENO_SERVE_ADDRESS: Deno's own setting for where Deno.serve listens (a free port here).
        {
          KV_PATH: join(kvDir, "guide.sqlite"),
          SESSION_SECRET,
          APP_DOMAIN: "localhost",
          XRPL_NODE_URL: node.url,
          DENO_SERVE_ADDRESS: "tcp:127.0.0.1:0",
        },
        /Listening on (http:\/\/[\d.:]+)/,
      ),
    ]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(processes.map((each) => each.stop()));
    await node?.stop();
    if (kvDir !== undefined) await rm(kvDir, { recursive: true, force: true });
  });

  describe("the Deno guide's server", () => {
    crossInstanceChecks(
      () => ({ first: routesOf(guideUrls[0]!, "sealed-cookie"), second: routesOf(guideUrls[1]!, "sealed-cookie") }),
      async (each, jar) => readJson(await jar.fetch(each.me)),
    );
  });

  memoryControl(() => ({ first: urls[0]!, second: urls[1]! }));
  crossInstanceChecks(
    () => ({ first: authRoutes(urls[0]!), second: authRoutes(urls[1]!) }),
    async (each, jar) => readJson(await jar.fetch(each.me)),
  );
  contractChecks(() => urls[0]!);

  it("gives exactly one true across both processes for each of 100 nonces consumed at once by both", async () => {
    const nonces = Array.from({ length: 100 }, (_, index) => `both${index}${crypto.randomUUID().slice(0, 8)}`);
    const answers = await Promise.all(
      nonces.flatMap((nonce) => urls.map(async (url) => ({ nonce, value: (await storeCall(url, "consume", nonce)).value }))),
    );
    const wins = new Map(nonces.map((nonce) => [nonce, 0]));
    for (const { nonce, value } of answers) if (value === true) wins.set(nonce, wins.get(nonce)! + 1);
    expect([...wins.values()].filter((count) => count !== 1)).toEqual([]);
  });

  it("counts signature attempts on one nonce across both processes: 40 calls give 1 to 40", async () => {
    const nonce = `count${crypto.randomUUID().slice(0, 8)}`;
    const answers = await Promise.all(Array.from({ length: 40 }, (_, index) => storeCall(urls[index % 2]!, "countAttempt", nonce)));
    expect(answers.map((answer) => answer.value).sort((a, b) => (a as number) - (b as number))).toEqual(
      Array.from({ length: 40 }, (_, index) => index + 1),
    );
  });
});
