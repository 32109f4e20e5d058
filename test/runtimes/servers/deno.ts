/** Deno: serves the runtime app with `Deno.serve` on 127.0.0.1. Prints `LISTENING <url>` once ready. */
import { createRuntimeApp } from "../app.js";
import { readSettings } from "./settings.js";

declare const Deno: {
  version: { deno: string };
  env: { toObject(): Record<string, string> };
  serve(
    options: { port: number; hostname: string; onListen(address: { port: number }): void },
    handler: (request: Request) => Promise<Response>,
  ): unknown;
};

const app = createRuntimeApp(readSettings(Deno.env.toObject(), `deno ${Deno.version.deno}`));
Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: ({ port }) => console.log(`LISTENING http://127.0.0.1:${port}`) }, (request) =>
  app.fetch(request),
);
