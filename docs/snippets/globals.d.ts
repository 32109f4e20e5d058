// The parts of Bun's and Deno's globals the guides use, so their samples type-check here. In a
// Bun or Deno project the runtime's own types (@types/bun, Deno's built-in types) provide them.
declare const Bun: {
  env: Record<string, string | undefined>;
  serve(options: { port?: number; fetch(request: Request): Response | Promise<Response> }): { port: number };
};

declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (request: Request) => Response | Promise<Response>): unknown;
  openKv(path?: string): Promise<import("../../src/deno-kv/index.ts").DenoKvDatabase>;
};
