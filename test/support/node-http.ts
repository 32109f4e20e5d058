/**
 * node:http for the tests' own servers: listen on a free loopback port, and carry a request over
 * to a web `Request` and a `Response` back, as a fetch-standard adapter for Node does.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Listens on a free port of 127.0.0.1 and answers the server's base URL.
 *
 * @example
 * ```ts
 * const base = await listenOnLoopback(createServer(app)); // "http://127.0.0.1:41234"
 * ```
 */
export async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * The web `Request` for a node:http request: every header line as sent (a repeated header stays
 * repeated), and the body unless the method has none or nothing came.
 *
 * @example
 * ```ts
 * createServer(async (incoming, outgoing) => sendWebResponse(await app.fetch(await toWebRequest(incoming)), outgoing));
 * ```
 */
export async function toWebRequest(incoming: IncomingMessage): Promise<Request> {
  const headers = new Headers();
  for (let index = 0; index < incoming.rawHeaders.length; index += 2) {
    headers.append(incoming.rawHeaders[index]!, incoming.rawHeaders[index + 1]!);
  }
  const chunks: Uint8Array[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Uint8Array);
  const body = chunks.length === 0 ? undefined : Buffer.concat(chunks);
  const method = incoming.method ?? "GET";
  return new Request(`http://${incoming.headers.host ?? "127.0.0.1"}${incoming.url ?? "/"}`, {
    method,
    headers,
    ...(body === undefined || method === "GET" || method === "HEAD" ? {} : { body }),
  });
}

/**
 * Writes a web `Response` to a node:http response, each `Set-Cookie` as its own header line (a
 * `Headers` object would join them into one a browser cannot split).
 *
 * @example
 * ```ts
 * await sendWebResponse(Response.json({ ok: true }), outgoing);
 * ```
 */
export async function sendWebResponse(response: Response, outgoing: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  outgoing.writeHead(response.status, headers);
  outgoing.end(Buffer.from(await response.arrayBuffer()));
}
