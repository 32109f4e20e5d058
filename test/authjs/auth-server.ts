/**
 * A real Auth.js server for the tests: `@auth/core`'s `Auth(request, config)` behind a plain
 * node:http server on 127.0.0.1, with the XRPL provider's nonce route next to it, the way an app
 * without Next mounts them.
 */
import { createServer } from "node:http";
import { Auth, type AuthConfig } from "@auth/core";
import type { XrplCredentialsProvider } from "../../src/authjs/index.js";
import { listenOnLoopback, sendWebResponse, toWebRequest } from "../support/node-http.js";
import { NONCE_PATH } from "./flow.js";

export interface AuthServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts Auth.js with `provider` (and `config` on top) under /api/auth, plus GET
 * /api/auth/xrpl-nonce. `perRequest` adds settings built from each request, as an app that
 * builds its Auth.js configuration per request does (next-auth's `NextAuth((request) => ...)`).
 */
export async function startAuthServer(
  provider: XrplCredentialsProvider,
  config: Partial<AuthConfig> & { secret: string },
  perRequest: (request: Request) => Partial<AuthConfig> = () => ({}),
): Promise<AuthServer> {
  const baseConfig: AuthConfig = {
    providers: [provider],
    trustHost: true,
    basePath: "/api/auth",
    logger: { error() {}, warn() {}, debug() {} },
    ...config,
  };
  const server = createServer((incoming, outgoing) => {
    void (async () => {
      try {
        const request = await toWebRequest(incoming);
        const path = new URL(request.url).pathname;
        const response =
          path === NONCE_PATH ? await provider.handleNonceRequest(request) : await Auth(request, { ...baseConfig, ...perRequest(request) });
        await sendWebResponse(response, outgoing);
      } catch (error) {
        outgoing.writeHead(500, { "content-type": "text/plain" });
        outgoing.end(String(error));
      }
    })();
  });
  const url = await listenOnLoopback(server);
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
