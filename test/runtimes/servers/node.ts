/**
 * Node (20, 22, 24): serves the runtime app over node:http on 127.0.0.1, converting each
 * request to a web `Request` and the `Response` back, as a fetch-standard adapter does.
 * Prints `LISTENING <url>` once ready. Settings come from the environment (see settings.ts).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { sendWebResponse, toWebRequest } from "../../support/node-http.js";
import { createRuntimeApp } from "../app.js";
import { readSettings } from "./settings.js";

const app = createRuntimeApp(readSettings(process.env, `node ${process.versions.node}`));

async function answer(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
  await sendWebResponse(await app.fetch(await toWebRequest(incoming)), outgoing);
}

const server = createServer((incoming, outgoing) => {
  answer(incoming, outgoing).catch((error: unknown) => {
    console.error(error);
    outgoing.writeHead(500).end();
  });
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  console.log(`LISTENING http://127.0.0.1:${address.port}`);
});
