/* global Bun */
// createFetchHandler served as a user would on Node (@hono/node-server's `serve`, the usual
// fetch adapter for node:http) or on Bun (`Bun.serve`), with the default verifier against the
// bench's ledger node and the default in-memory nonce store. Prints "listening on http://...".
// With FLOW_LEDGER=never, compact signatures do not ask the ledger whether the master key is
// disabled (compactSignature({ ledger: "never" })): the flow benchmark's rows labelled so.
import { compactSignature, createVerifier, signedTransaction } from "sign-in-with-xrpl";
import { createFetchHandler } from "sign-in-with-xrpl/fetch";

const ledgerNever = process.env.FLOW_LEDGER === "never";
const verifier = createVerifier({
  nodeUrl: process.env.XRPL_NODE_URL,
  ...(ledgerNever ? { strategies: [compactSignature({ ledger: "never" }), signedTransaction()] } : {}),
});
const auth = createFetchHandler({ verifier, domain: process.env.APP_DOMAIN, sessionSecret: process.env.SESSION_SECRET, production: false });
const port = Number(process.env.PORT ?? 0);
const label = ledgerNever ? ' (ledger: "never")' : "";

if (typeof globalThis.Bun !== "undefined") {
  const server = Bun.serve({ port, hostname: "127.0.0.1", fetch: (request) => auth.handle(request) });
  console.log(`createFetchHandler${label} on Bun ${Bun.version} listening on http://127.0.0.1:${server.port}`);
} else {
  const { serve } = await import("@hono/node-server");
  const server = serve({ fetch: (request) => auth.handle(request), port, hostname: "127.0.0.1" }, (info) => {
    console.log(`createFetchHandler${label} on Node ${process.version} listening on http://127.0.0.1:${info.port}`);
  });
  const stop = () => server.close(() => verifier.close().then(() => process.exit(0)));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
