/**
 * The server side of the runtime matrix, written once and run unchanged on every runtime: the
 * sign-in routes of `createFetchHandler` under /api/auth, and an app's own routes that read the
 * session with `getSession` (also through a second handler built with the same secret, as a
 * second serverless instance would be). Web-standard only: each runtime's driver mounts
 * `app.fetch` on its own server.
 *
 * The imports name the library's source for type checking; runtimes/build.mjs rewrites them to
 * the published entries (`sign-in-with-xrpl`, `sign-in-with-xrpl/fetch`), so every runtime runs
 * the built package the way a user installs it.
 */
import { createVerifier, signatureBackends, type Verifier } from "../../src/index.js";
import { createFetchHandler } from "../../src/fetch/index.js";

export interface RuntimeAppSettings {
  sessionSecret: string;
  /** The mock ledger node, `ws://127.0.0.1:<port>`. */
  nodeUrl: string;
  /** Which runtime serves: echoed by `/app/runtime` so the driver knows it reached the right one. */
  runtime: string;
  /** The verifier to use; default one `createVerifier({ nodeUrl })` for the whole process. */
  verifier?: Verifier;
}

export interface RuntimeApp {
  fetch(request: Request): Promise<Response>;
}

const json = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", "cache-control": "no-store" } });

export function createRuntimeApp(settings: RuntimeAppSettings): RuntimeApp {
  const verifier = settings.verifier ?? createVerifier({ nodeUrl: settings.nodeUrl });
  const common = { verifier, domain: "localhost", sessionSecret: settings.sessionSecret } as const;
  const auth = createFetchHandler(common);
  // Another instance of the same deployment: nothing shared but the secret.
  const elsewhere = createFetchHandler(common);

  return {
    async fetch(request) {
      const { pathname } = new URL(request.url);
      if (pathname.startsWith("/api/auth/")) return auth.handle(request);
      if (pathname === "/app/session") return json({ session: await auth.getSession(request) });
      if (pathname === "/app/session-elsewhere") return json({ session: await elsewhere.getSession(request) });
      if (pathname === "/app/runtime")
        return json({
          runtime: settings.runtime,
          hasBuffer: typeof (globalThis as { Buffer?: unknown }).Buffer === "function",
          // Which implementation checks each curve here, as the verifier chose it.
          backends: await signatureBackends(),
        });
      // Anything else goes to the handler too, which answers it with its JSON 404.
      return auth.handle(request);
    },
  };
}
