// The parts of Bun's and Deno's globals the guides use, so their samples type-check here. In a
// Bun or Deno project the runtime's own types (@types/bun, Deno's built-in types) provide them.
declare const Bun: {
  env: Record<string, string | undefined>;
  serve(options: { port?: number; fetch(request: Request): Response | Promise<Response> }): { port: number };
};

declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (request: Request) => Response | Promise<Response>): unknown;
  openKv(path?: string): Promise<DenoKv>;
};

// Deno.Kv as Deno's own types declare the parts the KV store uses.
type DenoKvKey = readonly (Uint8Array | string | number | bigint | boolean | symbol)[];
interface DenoAtomicOperation {
  check(...checks: { key: DenoKvKey; versionstamp: string | null }[]): this;
  set(key: DenoKvKey, value: unknown, options?: { expireIn?: number }): this;
  commit(): Promise<{ ok: true; versionstamp: string } | { ok: false }>;
}
interface DenoKv {
  get<T = unknown>(
    key: DenoKvKey,
    options?: { consistency?: "strong" | "eventual" },
  ): Promise<{ key: DenoKvKey; value: T; versionstamp: string } | { key: DenoKvKey; value: null; versionstamp: null }>;
  atomic(): DenoAtomicOperation;
}
