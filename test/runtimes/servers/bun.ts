/** Bun: serves the runtime app with `Bun.serve` on 127.0.0.1. Prints `LISTENING <url>` once ready. */
import { createRuntimeApp } from "../app.js";
import { readSettings } from "./settings.js";

declare const Bun: {
  version: string;
  env: Record<string, string | undefined>;
  serve(options: { port: number; hostname: string; fetch(request: Request): Promise<Response> }): { port: number };
};

const app = createRuntimeApp(readSettings(Bun.env, `bun ${Bun.version}`));
const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (request) => app.fetch(request) });
console.log(`LISTENING http://127.0.0.1:${server.port}`);
