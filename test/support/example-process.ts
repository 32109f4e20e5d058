/**
 * Starts the examples as child processes on 127.0.0.1, the way a user runs them, and stops them.
 * Used by test/examples and by the browser tests.
 *
 * Environment: the child gets this process's environment without the examples' own settings
 * (`EXAMPLE_SETTINGS`: NODE_ENV, PORT, REDIS_URL, DATABASE_URL, ...), plus a random 64-character
 * `SESSION_SECRET`, then `options.env` on top. A key set to `undefined` in `options.env` is removed, e.g.
 * `{ SESSION_SECRET: undefined, NODE_ENV: "production" }`.
 *
 * @example
 * ```ts
 * const node = await startMockRippled();
 * const app = await startExpressExample({ env: { XRPL_NODE_URL: node.url, APP_DOMAIN: "localhost" } });
 * const res = await fetch(`${app.url}/api/auth/nonce`);
 * await app.stop();
 * ```
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdir, rm, stat, readdir } from "node:fs/promises";
import { createServer } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const EXPRESS_DIR = join(REPO_ROOT, "examples", "express");
export const NEXT_DIR = join(REPO_ROOT, "examples", "next");
export const NEXT_AUTHJS_DIR = join(REPO_ROOT, "examples", "next-authjs");
export const HONO_DIR = join(REPO_ROOT, "examples", "hono");
export const OIDC_DIR = join(REPO_ROOT, "examples", "oidc-provider");
const NEXT_BIN = join(REPO_ROOT, "node_modules", "next", "dist", "bin", "next");
/** Tests build and serve the Next example from their own folder (see next.config.mjs). */
export const NEXT_TEST_DIST_DIR = ".next-tests";

export interface StartExampleOptions {
  /** Added to (or, with `undefined`, removed from) the child's environment. */
  env?: Record<string, string | undefined>;
  /** How long to wait for the first answer. Default 30 s (Express) / 60 s (Next). */
  timeoutMs?: number;
}

export interface StartExpressOptions extends StartExampleOptions {
  /** Bundle the demo page script first (`node build-client.mjs`, once per test process). Default false. */
  buildClient?: boolean;
}

export interface ExampleProcess {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  /** Everything the child printed so far (stdout and stderr interleaved). */
  output(): string;
  /** Resolves when the child exits. */
  readonly exited: Promise<ExitInfo>;
  /** SIGTERM, then SIGKILL after 5 s; resolves when the child is gone. Safe to call twice. */
  stop(): Promise<ExitInfo>;
}

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

/** Settings the examples read; removed from the inherited environment. */
export const EXAMPLE_SETTINGS = [
  "NODE_ENV",
  "PORT",
  "HOST",
  "SESSION_SECRET",
  "SESSION_COOKIE_NAME",
  "XRPL_NODE_URL",
  "APP_DOMAIN",
  "XRPL_CHAIN_ID",
  "ALLOWED_ORIGINS",
  "REDIS_URL",
  "DATABASE_URL",
  "NONCE_RATE_LIMIT",
  "SESSION_MAX_AGE_SECONDS",
  "TRUST_PROXY",
  "XAMAN_API_KEY",
  "XAMAN_API_SECRET",
  "XAMAN_ENDPOINT",
  "NEXT_DIST_DIR",
  "AUTH_SECRET",
  "AUTH_URL",
  "AUTH_TRUST_HOST",
  "OIDC_ISSUER",
  "OIDC_CLIENTS",
  "OIDC_JWKS",
  "OIDC_COOKIE_KEYS",
  "OIDC_REGISTRATION",
  "OIDC_CORS_ORIGINS",
  "VERIFY_RATE_LIMIT",
  "REDIS_KEY_PREFIX",
] as const;

/** The environment a child example gets (see the module comment). */
export function exampleEnv(overrides: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // The examples' own settings never leak in from the test run (CI exports REDIS_URL, vitest
  // sets NODE_ENV): a test gets exactly the settings it names.
  for (const name of EXAMPLE_SETTINGS) delete env[name];
  env.SESSION_SECRET = randomBytes(32).toString("hex");
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

/** A TCP port that was free a moment ago on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address !== null ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** A child process started by the tests (`spawnNode`, `spawnCommand`), with everything it printed. */
export interface Spawned {
  child: ChildProcess;
  output(): string;
  exited: Promise<ExitInfo>;
  /** SIGTERM to the child's process group, then SIGKILL after 5 s; resolves when it is gone. Safe to call twice. */
  stop(): Promise<ExitInfo>;
}

/** Runs `node ...args` in `cwd` in its own process group, collecting its output. */
export function spawnNode(args: string[], cwd: string, env: NodeJS.ProcessEnv): Spawned {
  return spawnCommand(process.execPath, args, cwd, env);
}

/** Runs `command` in `cwd` in its own process group, so stop() also ends anything it starts. */
export function spawnCommand(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Spawned {
  const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let output = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const exited = new Promise<ExitInfo>((resolve) => {
    child.on("exit", (code, signal) => {
      // Let the pipes drain so `output` is complete.
      setImmediate(() => resolve({ code, signal, output }));
    });
  });
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  let stopping: Promise<ExitInfo> | undefined;
  const stop = () => {
    if (child.exitCode !== null || child.signalCode !== null) return exited;
    stopping ??= (async () => {
      signalGroup("SIGTERM");
      const killTimer = setTimeout(() => signalGroup("SIGKILL"), 5000);
      const info = await exited;
      clearTimeout(killTimer);
      return info;
    })();
    return stopping;
  };
  return { child, output: () => output, exited, stop };
}

async function waitUntilAnswering(spawned: Spawned, url: string, probePath: string, timeoutMs: number, name: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitedEarly: ExitInfo | undefined;
  void spawned.exited.then((info) => (exitedEarly = info));
  while (Date.now() < deadline) {
    if (exitedEarly !== undefined) {
      throw new Error(`${name} exited (code ${exitedEarly.code}, signal ${exitedEarly.signal}) before answering:\n${exitedEarly.output}`);
    }
    try {
      const response = await fetch(url + probePath, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await spawned.stop();
  throw new Error(`${name} did not answer at ${url} within ${timeoutMs} ms:\n${spawned.output()}`);
}

function toExampleProcess(spawned: Spawned, port: number): ExampleProcess {
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: spawned.child.pid ?? -1,
    output: spawned.output,
    exited: spawned.exited,
    stop: spawned.stop,
  };
}

/**
 * Starts examples/express (`node server.mjs`, the library must be built) on a free port of
 * 127.0.0.1 and waits until it answers. The demo bundle (public/client.js) is rebuilt only with
 * `buildClient: true`.
 */
export async function startExpressExample(options: StartExpressOptions = {}): Promise<ExampleProcess> {
  if (options.buildClient === true) await buildExpressClient();
  const port = await freePort();
  const spawned = spawnNode(["server.mjs"], EXPRESS_DIR, exampleEnv({ HOST: "127.0.0.1", ...options.env, PORT: String(port) }));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(spawned, url, "/api/me", options.timeoutMs ?? 30_000, "The Express example");
  return toExampleProcess(spawned, port);
}

/**
 * Starts examples/hono (`node server.mjs`, the library must be built) on a free port of
 * 127.0.0.1 and waits until it answers. It serves the Express example's demo page: pass
 * `buildClient: true` to bundle its script first.
 */
export async function startHonoExample(options: StartExpressOptions = {}): Promise<ExampleProcess> {
  if (options.buildClient === true) await buildExpressClient();
  const port = await freePort();
  const spawned = spawnNode(["server.mjs"], HONO_DIR, exampleEnv({ HOST: "127.0.0.1", ...options.env, PORT: String(port) }));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(spawned, url, "/api/me", options.timeoutMs ?? 30_000, "The Hono example");
  return toExampleProcess(spawned, port);
}

/**
 * Starts examples/oidc-provider (`node server.mjs`, the library must be built) on a free port of
 * 127.0.0.1 with `OIDC_ISSUER=http://127.0.0.1:<port>` unless `options.env` names another (a
 * second instance behind the same issuer), and waits until discovery answers. `buildClient: true`
 * bundles the interaction page script first.
 */
export async function startOidcExample(options: StartExpressOptions = {}): Promise<ExampleProcess> {
  if (options.buildClient === true) await buildOidcClient();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const spawned = spawnNode(
    ["server.mjs"],
    OIDC_DIR,
    exampleEnv({ HOST: "127.0.0.1", OIDC_ISSUER: url, ...options.env, PORT: String(port) }),
  );
  await waitUntilAnswering(spawned, url, "/.well-known/openid-configuration", options.timeoutMs ?? 30_000, "The OpenID Provider example");
  return toExampleProcess(spawned, port);
}

let oidcClientBuildOnce: Promise<void> | undefined;

/** Bundles the OpenID Provider example's interaction page script (build-client.mjs), once per test process. */
export function buildOidcClient(): Promise<void> {
  oidcClientBuildOnce ??= (async () => {
    const spawned = spawnNode(["build-client.mjs"], OIDC_DIR, exampleEnv());
    const info = await spawned.exited;
    if (info.code !== 0) throw new Error(`examples/oidc-provider/build-client.mjs failed (code ${info.code}):\n${info.output}`);
  })();
  return oidcClientBuildOnce;
}

/**
 * Starts any Node script of the repository (`node <script>` in `cwd`) on a free port of
 * 127.0.0.1 (`PORT`) and waits until `probePath` answers. For code that is not one of the
 * examples, such as the README's server block.
 */
export async function startNodeScript(
  script: string,
  cwd: string,
  options: StartExampleOptions & { probePath?: string } = {},
): Promise<ExampleProcess> {
  const port = await freePort();
  const spawned = spawnNode([script], cwd, exampleEnv({ ...options.env, PORT: String(port) }));
  await waitUntilAnswering(spawned, `http://127.0.0.1:${port}`, options.probePath ?? "/", options.timeoutMs ?? 30_000, script);
  return toExampleProcess(spawned, port);
}

let clientBuildOnce: Promise<void> | undefined;

/** Bundles the Express demo page script (examples/express/build-client.mjs), once per test process. */
export function buildExpressClient(): Promise<void> {
  clientBuildOnce ??= (async () => {
    const spawned = spawnNode(["build-client.mjs"], EXPRESS_DIR, exampleEnv());
    const info = await spawned.exited;
    if (info.code !== 0) throw new Error(`build-client.mjs failed (code ${info.code}):\n${info.output}`);
  })();
  return clientBuildOnce;
}

/** The Next example's server (server.mjs) on 127.0.0.1:`port`, serving the tests' build. */
function nextServerEnv(port: number, env: Record<string, string | undefined> = {}, { portOverridable = false } = {}): NodeJS.ProcessEnv {
  const base = { NEXT_DIST_DIR: NEXT_TEST_DIST_DIR, HOST: "127.0.0.1", PORT: String(port) };
  return exampleEnv(portOverridable ? { ...base, ...env } : { ...base, ...env, PORT: String(port) });
}

/**
 * Starts examples/next in production mode (`node server.mjs`, as `npm run serve` does) on a free
 * port of 127.0.0.1 and waits until it answers. Call `buildNextExample()` first (once).
 */
export async function startNextExample(options: StartExampleOptions = {}): Promise<ExampleProcess> {
  const port = await freePort();
  const spawned = spawnNode(["server.mjs"], NEXT_DIR, nextServerEnv(port, options.env));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(spawned, url, "/api/auth/me", options.timeoutMs ?? 60_000, "The Next example");
  return toExampleProcess(spawned, port);
}

/**
 * Runs an example until it exits by itself (a start that must fail) and returns its exit and
 * output. It is stopped after `timeoutMs` (default 30 s) if it does not exit. It listens on a
 * free port unless `options.env` sets PORT.
 */
export async function runExampleUntilExit(
  example: "express" | "next" | "hono" | "oidc",
  options: StartExampleOptions = {},
): Promise<ExitInfo & { timedOut: boolean }> {
  const port = await freePort();
  // Here `options.env` may set PORT too: a bad PORT is one of the starts that must fail.
  const ownServerDir = { express: EXPRESS_DIR, hono: HONO_DIR, oidc: OIDC_DIR, next: undefined }[example];
  const spawned =
    ownServerDir !== undefined
      ? spawnNode(["server.mjs"], ownServerDir, exampleEnv({ HOST: "127.0.0.1", PORT: String(port), ...options.env }))
      : spawnNode(["server.mjs"], NEXT_DIR, nextServerEnv(port, options.env, { portOverridable: true }));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void spawned.stop();
  }, options.timeoutMs ?? 30_000);
  const info = await spawned.exited;
  clearTimeout(timer);
  return { ...info, timedOut };
}

/**
 * Runs `node <script>` in `cwd` until it exits by itself (a launcher that must refuse to start),
 * with the example environment plus `options.env`. Stopped after `timeoutMs` (default 30 s).
 */
export async function runScriptUntilExit(
  script: string,
  cwd: string,
  options: StartExampleOptions = {},
): Promise<ExitInfo & { timedOut: boolean }> {
  const spawned = spawnNode([script], cwd, exampleEnv(options.env));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void spawned.stop();
  }, options.timeoutMs ?? 30_000);
  const info = await spawned.exited;
  clearTimeout(timer);
  return { ...info, timedOut };
}

/** Newest modification time (ms) under `path` (a file or a directory, recursively). */
async function newestMtime(path: string): Promise<number> {
  let info;
  try {
    info = await stat(path);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of await readdir(path)) {
    if (entry === "node_modules" || entry.startsWith(".next")) continue;
    newest = Math.max(newest, await newestMtime(join(path, entry)));
  }
  return newest;
}

const buildsOnce = new Map<string, Promise<void>>();

/**
 * Runs `next build` in examples/next (into .next-tests) unless the last build is newer than every source of the
 * app and the built library (dist/). Once per test process; concurrent processes wait for each
 * other through a lock directory, so a run builds at most once.
 */
export function buildNextExample(options: { timeoutMs?: number } = {}): Promise<void> {
  return buildNextApp(
    NEXT_DIR,
    [
      "app",
      "lib",
      "instrumentation.ts",
      "settings.mjs",
      "client-address.mjs",
      "server-link.mjs",
      "next.config.mjs",
      "tsconfig.json",
      "package.json",
    ],
    options,
  );
}

/** `buildNextExample` for examples/next-authjs (Auth.js with the XRPL provider). */
export function buildNextAuthjsExample(options: { timeoutMs?: number } = {}): Promise<void> {
  return buildNextApp(
    NEXT_AUTHJS_DIR,
    ["app", "lib", "auth.ts", "instrumentation.ts", "next.config.mjs", "tsconfig.json", "package.json"],
    options,
  );
}

/** `next build` of the Next app in `dir` into .next-tests, skipped when newer than `sources` (relative to `dir`) and dist/. */
function buildNextApp(dir: string, sources: readonly string[], options: { timeoutMs?: number }): Promise<void> {
  const existing = buildsOnce.get(dir);
  if (existing !== undefined) return existing;
  const build = (async () => {
    const lock = join(dir, ".next-build.lock");
    const lockDeadline = Date.now() + (options.timeoutMs ?? 300_000);
    for (;;) {
      try {
        await mkdir(lock);
        break;
      } catch {
        // A build older than the timeout left its lock behind: take it over.
        const lockInfo = await stat(lock).catch(() => undefined);
        if (lockInfo !== undefined && Date.now() - lockInfo.mtimeMs > (options.timeoutMs ?? 300_000)) {
          await rm(lock, { recursive: true, force: true });
          continue;
        }
        if (Date.now() > lockDeadline) throw new Error(`buildNextApp: another build holds ${lock}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
    try {
      const built = await newestMtime(join(dir, NEXT_TEST_DIST_DIR, "BUILD_ID"));
      let newestSource = await newestMtime(join(REPO_ROOT, "dist"));
      for (const source of sources) newestSource = Math.max(newestSource, await newestMtime(join(dir, source)));
      if (built > newestSource) return;
      const spawned = spawnNode([NEXT_BIN, "build"], dir, exampleEnv({ NEXT_TELEMETRY_DISABLED: "1", NEXT_DIST_DIR: NEXT_TEST_DIST_DIR }));
      const timer = setTimeout(() => void spawned.stop(), options.timeoutMs ?? 300_000);
      const info = await spawned.exited;
      clearTimeout(timer);
      if (info.code !== 0) throw new Error(`next build failed in ${dir} (code ${info.code}, signal ${info.signal}):\n${info.output}`);
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
  })();
  buildsOnce.set(dir, build);
  return build;
}

/**
 * Starts examples/next-authjs built by `buildNextAuthjsExample()` with `next start` on a free port
 * of 127.0.0.1 (production mode) and waits until it answers. The child gets a random 64-character
 * `AUTH_SECRET` and `AUTH_TRUST_HOST=1` unless `options.env` says otherwise.
 */
export async function startNextAuthjsExample(options: StartExampleOptions = {}): Promise<ExampleProcess> {
  const port = await freePort();
  const env = exampleEnv({
    NEXT_DIST_DIR: NEXT_TEST_DIST_DIR,
    NEXT_TELEMETRY_DISABLED: "1",
    AUTH_SECRET: randomBytes(32).toString("hex"),
    AUTH_TRUST_HOST: "1",
    ...options.env,
  });
  const spawned = spawnNode([NEXT_BIN, "start", "--hostname", "127.0.0.1", "--port", String(port)], NEXT_AUTHJS_DIR, env);
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(spawned, url, "/api/auth/providers", options.timeoutMs ?? 60_000, "The Next Auth.js example");
  return toExampleProcess(spawned, port);
}
