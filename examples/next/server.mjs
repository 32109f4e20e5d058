// `npm run serve` (and the last step of `npm run example:next`): serves the built app on
// HOST:PORT (`--dev`: the development server, `npm run dev`) through a small Node server in
// front of Next's request handler. It is there for one reason: route handlers cannot see the
// socket, and the nonce rate limit must count by an address the client cannot choose. This
// server works it out (client-address.mjs) and hands it to the routes; everything else is Next's.
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import next from "next";
// The process side every example server shares: one-line refusals, the listening line's host, shutdown.
import { shownHost, shutDownOnSignals, stop, stopOnListenError } from "../express/server-process.mjs";
import { compileTrustProxy, setClientAddress } from "./client-address.mjs";
import { linkServer } from "./server-link.mjs";
import { ConfigError, readSettings } from "./settings.mjs";

const dev = process.argv.includes("--dev");
// What `next start` and `next dev` do; the app's production rules follow NODE_ENV.
process.env.NODE_ENV = dev ? "development" : "production";

let settings;
try {
  // Silent: the app reads the same settings when it starts and says what it fills in.
  settings = readSettings(process.env, { warn() {} });
} catch (error) {
  if (error instanceof ConfigError) stop(error.message);
  throw error;
}
const trust = compileTrustProxy(settings.trustProxy);

const server = createServer();
const appStarted = linkServer();
const app = next({
  dev,
  dir: fileURLToPath(new URL(".", import.meta.url)),
  hostname: settings.host ?? "localhost",
  port: settings.port,
  httpServer: server,
});
const handle = app.getRequestHandler();
await app.prepare();
// instrumentation.ts runs the app's own start-up check (ledger node URL, APP_DOMAIN, Redis) as
// Next loads; listen only once it has passed (a failed check ends the process with one line).
await appStarted;

server.on("request", (request, response) => {
  setClientAddress(request, trust);
  handle(request, response).catch((error) => {
    console.error("example: request failed", error);
    if (!response.headersSent) response.writeHead(500, { "Content-Type": "application/json" });
    response.end(JSON.stringify({ error: "Internal server error." }));
  });
});
stopOnListenError(server, settings.port);
server.on("listening", () => {
  const { port } = server.address();
  const nonces = settings.redisUrl === undefined ? "nonces in this process's memory: one instance only" : "nonces in Redis";
  console.log(
    `Sign-In with XRPL Next example${dev ? " (development)" : ""} listening on http://${shownHost(settings.host)}:${port} (${nonces})`,
  );
});
if (settings.host === undefined) server.listen(settings.port);
else server.listen(settings.port, settings.host);

shutDownOnSignals(server, () => app.close());
