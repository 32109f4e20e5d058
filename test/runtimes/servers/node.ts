/**
 * Node (20, 22, 24): serves the runtime app over node:http on 127.0.0.1, converting each
 * request to a web `Request` and the `Response` back, as a fetch-standard adapter does.
 * Prints `LISTENING <url>` once ready. Settings come from the environment (see settings.ts).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createRuntimeApp } from "../app.js";
import { readSettings } from "./settings.js";

const app = createRuntimeApp(readSettings(process.env, `node ${process.versions.node}`));

async function toRequest(incoming: IncomingMessage): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const chunks: Uint8Array[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Uint8Array);
  const method = incoming.method ?? "GET";
  const body = method === "GET" || method === "HEAD" ? undefined : Buffer.concat(chunks);
  return new Request(`http://${incoming.headers.host ?? "localhost"}${incoming.url ?? "/"}`, { method, headers, ...(body === undefined ? {} : { body }) });
}

async function answer(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
  const response = await app.fetch(await toRequest(incoming));
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  outgoing.writeHead(response.status, headers);
  outgoing.end(Buffer.from(await response.arrayBuffer()));
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
