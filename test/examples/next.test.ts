/**
 * The Next example in production mode (`next build` once per run, then `next start` per server).
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCookieJar } from "../support/cookie-jar.js";
import {
  buildNextExample,
  exampleEnv,
  freePort,
  NEXT_DIR,
  NEXT_TEST_DIST_DIR,
  REPO_ROOT,
  runScriptUntilExit,
  spawnNode,
  startNextExample,
  type ExampleProcess,
} from "../support/example-process.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { prepareLaunchEnvironment } from "../../examples/next/launch-env.mjs";
import { defineExampleContract } from "./contract.js";
import { APP_DOMAIN, getMe, getNonce, postSignOut, routesOf, signInBySignature } from "./flow.js";

beforeAll(async () => {
  await buildNextExample();
}, 600_000);

defineExampleContract({
  name: "Next example (sealed-cookie, iron-session)",
  sessionKind: "sealed-cookie",
  example: "next",
  start: (env) => startNextExample({ env }),
  // `npm run example:next` runs `next start` with what launch-env.mjs fills in for a demo run.
  startDemo: (env) => {
    const prepared = prepareLaunchEnvironment({ ...env, NODE_ENV: undefined, APP_DOMAIN: undefined });
    if ("problem" in prepared) throw new Error(prepared.problem);
    return startNextExample({ env: { ...env, APP_DOMAIN: prepared.env.APP_DOMAIN } });
  },
  cookieName: "siwx_session",
  texts: {
    noPendingNonce: "No pending nonce.",
    verifierFailed: "Internal server error.",
    badBody: { status: 500, error: "Internal server error." },
  },
});

describe("Next example: cookie", () => {
  let node: MockRippled;
  let app: ExampleProcess;
  beforeAll(async () => {
    // Every sign-in asks the ledger (a master key may have been disabled): a mock node answers.
    node = await startMockRippled();
    app = await startNextExample({ env: { XRPL_NODE_URL: node.url, APP_DOMAIN, SESSION_COOKIE_NAME: "next_demo_session" } });
  });
  afterAll(async () => {
    await app?.stop();
    await node?.stop();
  });

  it("seals the session in an httpOnly, secure (production), 30-minute cookie named by SESSION_COOKIE_NAME, and expires it on sign-out", async () => {
    const routes = routesOf(app.url, "sealed-cookie");
    const jar = createCookieJar();
    await getNonce(jar, routes);
    const set = jar.lastSetCookie("next_demo_session");
    expect(set).toBeDefined();
    expect(set?.value).toMatch(/^Fe26\.2\*/);
    expect(set?.attributes.httponly).toBe(true);
    expect(set?.attributes.secure).toBe(true);
    expect(set?.attributes["max-age"]).toBe("1800");
    expect(set?.attributes.path).toBe("/");

    expect((await signInBySignature(jar, routes)).status).toBe(200);
    await postSignOut(jar, routes);
    expect(jar.get("next_demo_session")).toBeUndefined();
    expect(jar.lastSetCookie("next_demo_session")?.attributes["max-age"]).toBe("0");
  });

  it("serves the API routes as JSON that is never cached", async () => {
    const response = await fetch(routesOf(app.url, "sealed-cookie").nonce);
    expect(response.headers.get("cache-control")).toMatch(/no-store/);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  });
});

describe("Next example: a sign-in lasts SESSION_MAX_AGE_SECONDS at most", () => {
  let node: MockRippled;
  let app: ExampleProcess;
  beforeAll(async () => {
    node = await startMockRippled();
    app = await startNextExample({ env: { XRPL_NODE_URL: node.url, APP_DOMAIN, SESSION_MAX_AGE_SECONDS: "3" } });
  });
  afterAll(async () => {
    await app?.stop();
    await node?.stop();
  });

  it("a copied cookie answers /me 200, then 401 once the absolute lifetime has passed (its 30-minute cookie notwithstanding)", async () => {
    const routes = routesOf(app.url, "sealed-cookie");
    const jar = createCookieJar();
    await signInBySignature(jar, routes);
    const signedInAt = Date.now();
    const copy = jar.clone();
    expect((await getMe(copy, routes)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, signedInAt + 3_100 - Date.now())));
    expect(await getMe(copy, routes)).toMatchObject({ status: 401, body: { error: "Not authenticated." } });
    expect(await getMe(jar, routes)).toMatchObject({ status: 401, body: { error: "Not authenticated." } });
  });
});

describe("Next example: the launcher (npm run example:next)", () => {
  it("npm run example:next (start.mjs) with NODE_ENV=production and no SESSION_SECRET fails before building, naming it", () => {
    const run = spawnSync(process.execPath, [join(NEXT_DIR, "start.mjs")], {
      cwd: NEXT_DIR,
      env: exampleEnv({ NODE_ENV: "production", SESSION_SECRET: undefined }),
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/SESSION_SECRET is not set/);
    expect(run.stdout).not.toMatch(/Creating an optimized production build/);
  });

  it("fills in a session secret and the loopback hosts for a demo run, and says so", () => {
    const prepared = prepareLaunchEnvironment({ PORT: "4000" });
    if ("problem" in prepared) throw new Error(prepared.problem);
    expect(prepared.env.SESSION_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(prepared.env.APP_DOMAIN).toBe("localhost,127.0.0.1,[::1]");
    expect(prepared.env.NODE_ENV).toBeUndefined();
    expect(prepared.notes.join("\n")).toMatch(
      /SESSION_SECRET is not set: set SESSION_SECRET to at least 32 random characters.* This demo run uses a random secret instead/,
    );
    expect(prepared.notes.join("\n")).toMatch(
      /APP_DOMAIN is not set: this demo run accepts sign-ins for localhost, 127\.0\.0\.1, \[::1\] only/,
    );
  });

  it("keeps the APP_DOMAIN and secret it is given", () => {
    const secret = "s".repeat(16) + "t".repeat(16) + "0123456789";
    const prepared = prepareLaunchEnvironment({ APP_DOMAIN: "example.com", SESSION_SECRET: secret });
    if ("problem" in prepared) throw new Error(prepared.problem);
    expect(prepared.env.APP_DOMAIN).toBe("example.com");
    expect(prepared.env.SESSION_SECRET).toBe(secret);
    expect(prepared.notes).toEqual([]);
  });

  it("makes nothing up in production: a missing APP_DOMAIN or SESSION_SECRET is the reason to refuse", () => {
    expect(prepareLaunchEnvironment({ NODE_ENV: "production", SESSION_SECRET: "0123456789abcdef".repeat(4) })).toEqual({
      problem: expect.stringMatching(/^APP_DOMAIN is not set: in production set it to the host your users sign in on/),
    });
    expect(prepareLaunchEnvironment({ NODE_ENV: "production", APP_DOMAIN: "example.com" })).toEqual({
      problem: expect.stringMatching(
        /^SESSION_SECRET is not set: set SESSION_SECRET to at least 32 random characters, e\.g\. SESSION_SECRET="\$\(openssl rand -hex 32\)"/,
      ),
    });
  });

  it("applies the library's secret rule: a weak secret is replaced for a demo run (the server would refuse it) and refused in production", () => {
    for (const weak of [" ".repeat(40), "a".repeat(40)]) {
      const demo = prepareLaunchEnvironment({ SESSION_SECRET: weak });
      if ("problem" in demo) throw new Error(demo.problem);
      expect(demo.env.SESSION_SECRET).toMatch(/^[0-9a-f]{64}$/);
      expect(demo.notes.join("\n")).toMatch(
        /^SESSION_SECRET (is only whitespace|has too few different characters).* This demo run uses a random secret instead/m,
      );
      expect(prepareLaunchEnvironment({ NODE_ENV: "production", APP_DOMAIN: "example.com", SESSION_SECRET: weak })).toEqual({
        problem: expect.stringMatching(/^SESSION_SECRET (is only whitespace|has too few different characters).*openssl rand -hex 32/),
      });
    }
  });

  it.each([
    ["PORT", "abc"],
    ["NONCE_RATE_LIMIT", "0"],
    ["SESSION_MAX_AGE_SECONDS", "a day"],
    ["TRUST_PROXY", "not-an-address"],
    ["REDIS_URL", "http://x"],
    ["SESSION_COOKIE_NAME", "bad name"],
    ["SESSION_SECRET", "a".repeat(40)],
    ["APP_DOMAIN", undefined],
  ])("refuses %s=%j with one line before building anything", async (setting, value) => {
    const result = await runScriptUntilExit("start.mjs", NEXT_DIR, { env: { NODE_ENV: "production", APP_DOMAIN, [setting]: value } });
    expect(result.timedOut).toBe(false);
    expect(result.code).toBe(1);
    expect(result.output.trim().split("\n")).toEqual([expect.stringMatching(new RegExp(`^Cannot start the example: ${setting}`))]);
  });

  it("refuses NODE_ENV=production without APP_DOMAIN with one line naming it, before building anything", async () => {
    const result = await runScriptUntilExit("start.mjs", NEXT_DIR, { env: { NODE_ENV: "production", APP_DOMAIN: undefined } });
    expect(result.timedOut).toBe(false);
    expect(result.code).toBe(1);
    expect(result.output.trim().split("\n")).toEqual([
      expect.stringMatching(/^Cannot start the example: APP_DOMAIN is not set: in production set it/),
    ]);
  });
});

describe("Next example: served only through server.mjs", () => {
  it("refuses a bare `next start`, whose routes could not tell the client's address from a header the client wrote", async () => {
    const port = await freePort();
    const run = spawnNode(
      [join(REPO_ROOT, "node_modules", "next", "dist", "bin", "next"), "start", "-p", String(port), "-H", "127.0.0.1"],
      NEXT_DIR,
      exampleEnv({ NEXT_DIST_DIR: NEXT_TEST_DIST_DIR, APP_DOMAIN, XRPL_NODE_URL: "ws://127.0.0.1:9" }),
    );
    const timer = setTimeout(() => void run.stop(), 30_000);
    const info = await run.exited;
    clearTimeout(timer);
    expect(info.code).toBe(1);
    expect(info.output).toMatch(
      /^Cannot start the example: start it with `node server\.mjs` \(npm run serve, or npm run dev\), not `next start`/m,
    );
  });
});
