/**
 * The server side of the shared-store tests (shared-stores.test.ts), run unchanged in each
 * instance: two Worker scripts in workerd bound to one Durable Object namespace, or two Deno
 * processes on one KV file. Web-standard only; each runtime's driver hands it a store over its
 * platform's shared storage.
 *
 * - `/api/auth/*`: the sign-in routes with the shared store as nonce and revocation store.
 * - `/memory/auth/*`: the same routes with the default memory store: the control that shows the
 *   instances share no memory (a proof replayed there on the other instance signs in again).
 * - `/app/instance`: the runtime and an id drawn once per instance (isolate or process).
 * - `/contract/nonce/<n>`, `/contract/revocation/<n>`: runs check n of the exported contract
 *   suites against the shared store, inside the runtime; answers `{ ok }` or `{ ok, error }`.
 * - `/store/<method>?key=&ttlMs=&shards=`: one call of the store, answered `{ value }` or, when it
 *   rejects, `{ error, code }`.
 * - `/bench/consume?count=&concurrency=&store=`: that many consumes of fresh nonces, that many at
 *   once, on the shared store or (`store=memory`) a memory store of this instance (the store
 *   benchmark times the request from outside).
 *
 * The imports name the library's source for type checking; runtimes/build.mjs rewrites them to
 * the published entries, so every runtime runs the built package.
 */
import {
  compactSignature,
  createMemoryNonceStore,
  createVerifier,
  DEFAULT_MEMORY_STORE_MAX_ENTRIES,
  type NonceStore,
  type RevocationStore,
} from "../../src/index.js";
import { createFetchHandler, type FetchHandler } from "../../src/fetch/index.js";
import { nonceStoreContract, revocationStoreContract } from "../../src/testing/index.js";

/** The contract options both sides use: the test names its cases by them, the app runs them. */
export const CONTRACT_OPTIONS = { parallelCalls: 50, expiryTtlMs: 300 } as const;

export type SharedStore = NonceStore & RevocationStore;

export interface SharedStoreAppSettings {
  sessionSecret: string;
  runtime: string;
  /** A store over the shared storage; `shards` only where the store has them. */
  makeStore(options?: { shards?: number }): SharedStore;
}

const json = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", "cache-control": "no-store" } });

function handlerFor(sessionSecret: string, basePath: string, nonceStore?: SharedStore): FetchHandler {
  return createFetchHandler({
    // Compact signatures by the account's master key: no ledger node needed.
    verifier: createVerifier({ strategies: [compactSignature({ ledger: "never" })] }),
    domain: "localhost",
    sessionSecret,
    basePath,
    ...(nonceStore === undefined ? {} : { nonceStore }),
  });
}

async function runCheck(run: () => Promise<void>): Promise<Response> {
  try {
    await run();
    return json({ ok: true });
  } catch (error) {
    return json({ ok: false, error: error instanceof Error ? error.message : String(error) });
  }
}

export function createSharedStoreApp(settings: SharedStoreAppSettings): { fetch(request: Request): Promise<Response> } {
  const store = settings.makeStore();
  const shared = handlerFor(settings.sessionSecret, "/api/auth", store);
  const memory = handlerFor(settings.sessionSecret, "/memory/auth");
  // The benchmark keeps every nonce it consumes for 60 s, as the other stores do; at a few hundred
  // thousand consumes a second the default cap would fill within the run, and a full memory store
  // refuses new nonces (it fails closed), which is right for a server but not what is timed here.
  const memoryStore = createMemoryNonceStore({ maxEntries: DEFAULT_MEMORY_STORE_MAX_ENTRIES * 8 });
  // Drawn on the first request: a Worker may not draw random numbers at load time.
  let instance: string | undefined;

  return {
    async fetch(request) {
      const url = new URL(request.url);
      const { pathname } = url;
      if (pathname.startsWith("/api/auth/")) return shared.handle(request);
      if (pathname.startsWith("/memory/auth/")) return memory.handle(request);
      if (pathname === "/app/instance") {
        instance ??= crypto.randomUUID();
        return json({ runtime: settings.runtime, instance });
      }
      if (pathname === "/app/session") return json({ session: await shared.getSession(request) });

      const contract = /^\/contract\/(nonce|revocation)\/(\d+)$/.exec(pathname);
      if (contract !== null) {
        const shards = Number(url.searchParams.get("shards") ?? "1");
        const makeStore = () => settings.makeStore(shards === 1 ? {} : { shards });
        const checks =
          contract[1] === "nonce"
            ? nonceStoreContract(makeStore, { ...CONTRACT_OPTIONS, requireCountAttempt: true })
            : revocationStoreContract(makeStore, { expiryTtlMs: CONTRACT_OPTIONS.expiryTtlMs });
        const check = checks[Number(contract[2])];
        if (check === undefined) return json({ ok: false, error: `no check ${contract[2]} in the ${contract[1]} contract` }, 404);
        return runCheck(() => check.run());
      }

      const call = /^\/store\/(consume|countAttempt|revoke|isRevoked)$/.exec(pathname);
      if (call !== null) {
        const shards = Number(url.searchParams.get("shards") ?? "1");
        const target = shards === 1 ? store : settings.makeStore({ shards });
        const key = url.searchParams.get("key") ?? "";
        const ttlMs = Number(url.searchParams.get("ttlMs") ?? "60000");
        try {
          const method = call[1] as "consume" | "countAttempt" | "revoke" | "isRevoked";
          const value =
            method === "isRevoked"
              ? await target.isRevoked(key)
              : method === "countAttempt"
                ? await target.countAttempt!(key, ttlMs)
                : await target[method](key, ttlMs);
          return json({ value: value ?? null });
        } catch (error) {
          return json({ error: error instanceof Error ? error.message : String(error), code: (error as { code?: unknown }).code });
        }
      }

      if (pathname === "/bench/consume") {
        const count = Number(url.searchParams.get("count") ?? "100");
        const concurrency = Number(url.searchParams.get("concurrency") ?? "16");
        const target = url.searchParams.get("store") === "memory" ? memoryStore : store;
        const prefix = `bench${crypto.randomUUID().replaceAll("-", "")}n`;
        let next = 0;
        let wins = 0;
        const worker = async () => {
          while (next < count) {
            const nonce = `${prefix}${next++}`;
            if (await target.consume(nonce, 60_000)) wins += 1;
          }
        };
        await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
        return json({ count, wins });
      }
      return json({ error: "Not found." }, 404);
    },
  };
}
