/**
 * A real Auth.js server for the tests: `@auth/core`'s `Auth(request, config)` behind a plain
 * node:http server on 127.0.0.1, with the XRPL provider's nonce route next to it, the way an app
 * without Next mounts them.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Auth, type AuthConfig } from "@auth/core";
import type { XrplCredentialsProvider } from "../../src/authjs/index.js";
import { NONCE_PATH } from "./flow.js";

export interface AuthServer {
  url: string;
  stop(): Promise<void>;
}

async function toRequest(incoming: IncomingMessage): Promise<Request> {
  const headers = new Headers();
  for (let index = 0; index < incoming.rawHeaders.length; index += 2) {
    headers.append(incoming.rawHeaders[index]!, incoming.rawHeaders[index + 1]!);
  }
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const body = chunks.length === 0 ? undefined : Buffer.concat(chunks);
  const method = incoming.method ?? "GET";
  return new Request(`http://${incoming.headers.host ?? "127.0.0.1"}${incoming.url ?? "/"}`, {
    method,
    headers,
    ...(body === undefined || method === "GET" || method === "HEAD" ? {} : { body }),
  });
}

async function send(response: Response, outgoing: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  outgoing.writeHead(response.status, headers);
  outgoing.end(Buffer.from(await response.arrayBuffer()));
}

/** Starts Auth.js with `provider` (and `config` on top) under /api/auth, plus GET /api/auth/xrpl-nonce. */
export async function startAuthServer(
  provider: XrplCredentialsProvider,
  config: Partial<AuthConfig> & { secret: string },
): Promise<AuthServer> {
  const authConfig: AuthConfig = {
    providers: [provider],
    trustHost: true,
    basePath: "/api/auth",
    logger: { error() {}, warn() {}, debug() {} },
    ...config,
  };
  const server = createServer((incoming, outgoing) => {
    void (async () => {
      try {
        const request = await toRequest(incoming);
        const path = new URL(request.url).pathname;
        const response = path === NONCE_PATH ? await provider.handleNonceRequest(request) : await Auth(request, authConfig);
        await send(response, outgoing);
      } catch (error) {
        outgoing.writeHead(500, { "content-type": "text/plain" });
        outgoing.end(String(error));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
