/**
 * The runtime matrix (`npm run test:runtimes`): one end-to-end sign-in through
 * `createFetchHandler`, with the server side (the fetch handler and the verifier, app.ts) running
 * in each runtime and the browser side (keys, signatures, cookie jar) here on Node:
 * Node 20 (this machine's), Node 22 and 24, Bun, Deno (each from npm, installed by
 * `npm ci --prefix test/runtimes`) and Cloudflare workerd through Miniflare, without
 * `nodejs_compat`. Every runtime also checks a signed transaction against the mock ledger node:
 * all of them can open a WebSocket to it on 127.0.0.1.
 *
 * A missing runtime fails its tests, it never skips them.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCookieJar, SEALED_COOKIE_FORMAT, type CookieJar } from "../support/cookie-jar.js";
import { spawnCommand, type Spawned } from "../support/example-process.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import {
  getMe,
  getNonce,
  newKeyAccount,
  postSignOut,
  postVerify,
  readJson,
  routesOf,
  signatureProof,
  signInBySignedTransaction,
  signInMessage,
  type Routes,
} from "../examples/flow.js";
import { bundleServer, REPO_ROOT, RUNTIMES_DIR, type ServerBundle } from "./build.mjs";

const COOKIE = "siwx_session";
const INSTALL_HINT = "install the runtimes with `npm ci --prefix test/runtimes`";
const bin = (...parts: string[]) => join(RUNTIMES_DIR, "node_modules", ...parts);

interface Runtime {
  name: string;
  bundle: ServerBundle;
  /** The executable and its arguments; `{script}` is the bundled server. */
  command: string;
  args: string[];
  /** What `/app/runtime` must answer, so the test knows which runtime served. */
  expected: RegExp;
  /** Which implementation must check each curve and hash keys there (see `signatureBackends()`). */
  backends: { ed25519: string; secp256k1: string; hashes: string };
  /** Answers a problem when this runtime cannot run here. */
  check?(): string | undefined;
}

const NATIVE = { ed25519: "node:crypto", secp256k1: "node:crypto", hashes: "node:crypto" } as const;

const RUNTIMES: Runtime[] = [
  {
    name: "Node 20",
    bundle: "node",
    command: process.execPath,
    args: ["{script}"],
    expected: /^node 20\./,
    backends: NATIVE,
    check: () =>
      process.versions.node.startsWith("20.") ? undefined : `the Node 20 row runs on this machine's node, which is ${process.version}`,
  },
  { name: "Node 22", bundle: "node", command: bin("node22", "bin", "node"), args: ["{script}"], expected: /^node 22\./, backends: NATIVE },
  { name: "Node 24", bundle: "node", command: bin("node24", "bin", "node"), args: ["{script}"], expected: /^node 24\./, backends: NATIVE },
  {
    name: "Bun",
    bundle: "bun",
    command: bin(".bin", "bun"),
    args: ["run", "{script}"],
    expected: /^bun 1\./,
    // Bun's node:crypto verifies ed25519 natively but has no secp256k1: only that curve is noble's.
    backends: { ed25519: "node:crypto", secp256k1: "noble", hashes: "node:crypto" },
  },
  {
    name: "Deno",
    bundle: "deno",
    command: bin(".bin", "deno"),
    args: ["run", "--allow-net", "--allow-env", "--allow-read", "--allow-sys", "{script}"],
    expected: /^deno 2\./,
    backends: NATIVE,
  },
  {
    // Miniflare 4 needs Node 22 or later: it runs on the Node 22 from npm.
    name: "workerd (Miniflare, no nodejs_compat)",
    bundle: "worker",
    command: bin("node22", "bin", "node"),
    args: [join(RUNTIMES_DIR, "servers", "miniflare.mjs"), "{script}"],
    expected: /^workerd$/,
    // No node:crypto without nodejs_compat: the noble curves and hashes throughout.
    backends: { ed25519: "noble", secp256k1: "noble", hashes: "noble" },
    check: () => (existsSync(bin("miniflare", "package.json")) ? undefined : "miniflare is not installed"),
  },
];

let node: MockRippled;
const timings: string[] = [];

beforeAll(async () => {
  node = await startMockRippled();
});
afterAll(async () => {
  await node?.stop();
  if (timings.length > 0) console.log(`runtime matrix timings:\n${timings.join("\n")}`);
});

/** Starts the runtime's server and waits for its `LISTENING <url>` line. */
async function startServer(runtime: Runtime, env: Record<string, string>): Promise<{ server: Spawned; url: string }> {
  const problem = !existsSync(runtime.command) ? `${runtime.command} is missing` : runtime.check?.();
  if (problem !== undefined) throw new Error(`${runtime.name} cannot run: ${problem}; ${INSTALL_HINT}.`);
  const script = await bundleServer(runtime.bundle);
  const args = runtime.args.map((arg) => (arg === "{script}" ? script : arg));
  const server = spawnCommand(runtime.command, args, REPO_ROOT, { ...process.env, ...env, NO_COLOR: "1" });
  const deadline = Date.now() + 60_000;
  let exited = false;
  void server.exited.then(() => (exited = true));
  for (;;) {
    const match = /LISTENING (http:\/\/\S+)/.exec(server.output());
    if (match !== null) return { server, url: match[1]! };
    if (exited || Date.now() > deadline) {
      await server.stop();
      throw new Error(`${runtime.name} did not start (${exited ? "exited" : "timed out"}):\n${server.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function getSessionVia(jar: CookieJar, url: string): Promise<unknown> {
  const answer = await readJson(await jar.fetch(url));
  expect(answer.status).toBe(200);
  return answer.body.session;
}

describe.each(RUNTIMES)("$name", (runtime) => {
  let server: Spawned | undefined;
  let baseUrl: string;
  let routes: Routes;
  let startedAt: number;

  beforeAll(async () => {
    startedAt = performance.now();
    const secret = `runtime-matrix-${crypto.randomUUID()}`;
    const started = await startServer(runtime, { RUNTIME_SESSION_SECRET: secret, RUNTIME_XRPL_NODE_URL: node.url });
    server = started.server;
    baseUrl = started.url;
    routes = routesOf(baseUrl, "sealed-cookie");
    timings.push(`  ${runtime.name}: started in ${Math.round(performance.now() - startedAt)} ms`);
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    if (startedAt !== undefined) timings.push(`  ${runtime.name}: whole run ${Math.round(performance.now() - startedAt)} ms`);
  });

  it("serves the app from the expected runtime", async () => {
    const { status, body } = await readJson(await fetch(`${baseUrl}/app/runtime`));
    expect(status).toBe(200);
    expect(body.runtime).toMatch(runtime.expected);
    // Without nodejs_compat a Worker has no Buffer: proof that the flag is really off.
    if (runtime.bundle === "worker") expect(body.hasBuffer).toBe(false);
  });

  it("checks each curve with the runtime's native crypto where it has that curve, noble only for the rest", async () => {
    const { status, body } = await readJson(await fetch(`${baseUrl}/app/runtime`));
    expect(status).toBe(200);
    expect(body.backends).toEqual(runtime.backends);
  });

  for (const algorithm of ["ed25519", "ecdsa-secp256k1"] as const) {
    it(`signs in with a compact ${algorithm} signature; /me and getSession (of this and of a second handler) answer the address`, async () => {
      const jar = createCookieJar();
      const account = newKeyAccount(algorithm);
      const nonce = await getNonce(jar, routes);
      const setCookie = jar.lastSetCookie(COOKIE);
      expect(setCookie?.value).toMatch(SEALED_COOKIE_FORMAT);
      expect(setCookie?.attributes).toMatchObject({ httponly: true, samesite: "Lax", "max-age": "1800", path: "/" });
      // Plain HTTP to 127.0.0.1 outside production: local development, so no Secure.
      expect(setCookie?.attributes.secure).toBeUndefined();

      const proof = signatureProof(signInMessage(account.address, nonce), account, algorithm === "ed25519");
      expect(await postVerify(jar, routes, proof)).toMatchObject({ status: 200, body: { ok: true, address: account.address } });
      expect(await getMe(jar, routes)).toMatchObject({ status: 200, body: { address: account.address } });
      const session = await getSessionVia(jar, `${baseUrl}/app/session`);
      expect(session).toEqual({ address: account.address, authenticatedAt: expect.any(Number) });
      expect(await getSessionVia(jar, `${baseUrl}/app/session-elsewhere`)).toEqual(session);
    });
  }

  it("refuses the replayed pre-sign-in cookie: 400 Nonce has already been used.", async () => {
    const jar = createCookieJar();
    const account = newKeyAccount();
    const nonce = await getNonce(jar, routes);
    const replay = jar.clone();
    const proof = signatureProof(signInMessage(account.address, nonce), account);
    expect((await postVerify(jar, routes, proof)).status).toBe(200);
    expect(await postVerify(replay, routes, proof)).toMatchObject({ status: 400, body: { error: "Nonce has already been used." } });
    expect((await getMe(replay, routes)).status).toBe(401);
  });

  it("signs out: the cookie expires, /me answers 401 and getSession null", async () => {
    const jar = createCookieJar();
    const account = newKeyAccount();
    const nonce = await getNonce(jar, routes);
    expect((await postVerify(jar, routes, signatureProof(signInMessage(account.address, nonce), account))).status).toBe(200);
    expect(await postSignOut(jar, routes)).toMatchObject({ status: 200, body: { ok: true } });
    expect(jar.get(COOKIE)).toBeUndefined();
    expect(await getMe(jar, routes)).toMatchObject({ status: 401, body: { error: "Not authenticated." } });
    expect(await getSessionVia(jar, `${baseUrl}/app/session`)).toBeNull();
  });

  it("signs in with signed transactions of both curves, each key checked on the mock ledger in its own request", async () => {
    // Two look-ups in two requests: on workerd a socket opened in one request cannot serve the next.
    for (const algorithm of ["ed25519", "ecdsa-secp256k1"] as const) {
      const answer = await signInBySignedTransaction(createCookieJar(), routes, node, algorithm);
      expect({ algorithm, status: answer.status, body: answer.body }).toEqual({
        algorithm,
        status: 200,
        body: { ok: true, address: answer.address },
      });
      expect(answer.ledgerLookups).toBeGreaterThan(0);
    }
  });

  it("answers a body that is not JSON with 400 Invalid request body., and a path outside the routes with 404 JSON", async () => {
    const jar = createCookieJar();
    await getNonce(jar, routes);
    expect(await postVerify(jar, routes, undefined, { raw: "{", contentType: "application/json" })).toMatchObject({
      status: 400,
      body: { error: "Invalid request body." },
    });
    expect(await readJson(await fetch(`${baseUrl}/api/auth/nope`))).toMatchObject({ status: 404, body: { error: "Not found." } });
  });
});
