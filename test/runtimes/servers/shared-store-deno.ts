/**
 * Deno: the shared-store app with `createDenoKvNonceStore` over the KV database file at
 * `KV_PATH` (several processes open the same file), keys under `[KV_PREFIX]`, served with
 * `Deno.serve` on 127.0.0.1. Prints `LISTENING <url>` once ready. Run with `--unstable-kv`.
 */
import { createDenoKvNonceStore, type DenoKvDatabase } from "../../../src/deno-kv/index.js";
import { createSharedStoreApp } from "../shared-store-app.js";

declare const Deno: {
  version: { deno: string };
  env: { toObject(): Record<string, string> };
  openKv(path: string): Promise<DenoKvDatabase>;
  serve(
    options: { port: number; hostname: string; onListen(address: { port: number }): void },
    handler: (request: Request) => Promise<Response>,
  ): unknown;
};

const env = Deno.env.toObject();
if (env.KV_PATH === undefined || env.SESSION_SECRET === undefined) throw new Error("set KV_PATH and SESSION_SECRET (the test does)");
const kv = await Deno.openKv(env.KV_PATH);
const app = createSharedStoreApp({
  sessionSecret: env.SESSION_SECRET,
  runtime: `deno ${Deno.version.deno}`,
  makeStore: () => createDenoKvNonceStore(kv, { prefix: [env.KV_PREFIX ?? "siwx"] }),
});
Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: ({ port }) => console.log(`LISTENING http://127.0.0.1:${port}`) }, (request) =>
  app.fetch(request),
);
