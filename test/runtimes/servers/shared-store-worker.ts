/**
 * Cloudflare workerd (through Miniflare, no `nodejs_compat`): the shared-store app as a Worker
 * whose store is `createDurableObjectNonceStore(env.NONCES)`. The same script runs as several
 * Workers (each its own isolate), all bound to one Durable Object namespace. Settings are
 * bindings, so the app is built on the first request. `SHARDS` (a binding) spreads the store
 * over that many objects.
 *
 * `InspectableNonceStoreObject` is the library's `NonceStoreObject` plus two test-only routes,
 * reached through `/inspect/<shard>/rows` and `/inspect/<shard>/sweep`: the object's row counts
 * and alarm, and a sweep run now (the alarm's own code, without waiting for its time).
 */
import {
  createDurableObjectNonceStore,
  NonceStoreObject,
  type NonceStoreNamespace,
  type NonceStoreObjectState,
} from "../../../src/cloudflare/index.js";
import { createSharedStoreApp } from "../shared-store-app.js";

interface Env {
  SESSION_SECRET?: string;
  SHARDS?: string;
  NONCES: NonceStoreNamespace;
}

interface SqlState {
  storage: NonceStoreObjectState["storage"] & {
    sql: { exec(query: string): { toArray(): Record<string, unknown>[] } };
  };
}

export class InspectableNonceStoreObject extends NonceStoreObject {
  readonly #state: SqlState;

  constructor(state: SqlState) {
    super(state);
    this.#state = state;
  }

  override async fetch(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === "/inspect/sweep") await this.alarm();
    if (pathname === "/inspect/rows" || pathname === "/inspect/sweep") {
      const count = (table: string) => {
        const rows = this.#state.storage.sql.exec(`SELECT count(*) AS count FROM ${table}`).toArray();
        return rows[0]?.count;
      };
      return Response.json({
        now: Date.now(),
        alarmAt: await this.#state.storage.getAlarm(),
        usedNonces: count("siwx_used_nonces"),
        revokedIds: count("siwx_revoked_ids"),
        attemptCounts: count("siwx_attempt_counts"),
      });
    }
    return super.fetch(request);
  }
}

export { NonceStoreObject };

let app: ReturnType<typeof createSharedStoreApp> | undefined;

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const inspect = /^\/inspect\/(\d+)\/(rows|sweep)$/.exec(new URL(request.url).pathname);
    if (inspect !== null) {
      // The objects' names, as the store derives them: one object per shard.
      const stub = env.NONCES.get(env.NONCES.idFromName(`sign-in-with-xrpl/${inspect[1]}`));
      const answer = await stub.fetch(`https://inspect.invalid/inspect/${inspect[2]}`, { method: "POST", headers: {}, body: "" });
      return new Response(await answer.text(), { status: answer.status, headers: { "content-type": "application/json" } });
    }
    if (app === undefined) {
      const shards = Number(env.SHARDS ?? "1");
      app = createSharedStoreApp({
        sessionSecret: env.SESSION_SECRET ?? "",
        runtime: "workerd",
        makeStore: (options = {}) => createDurableObjectNonceStore(env.NONCES, { shards: options.shards ?? shards }),
      });
    }
    return app.fetch(request);
  },
};
