import type { IncomingMessage, ServerResponse } from "node:http";
import type Koa from "koa";

/** Koa's request listener for node:http, its promise left to Koa (which answers its own errors). */
export function koaListener(app: Koa): (request: IncomingMessage, response: ServerResponse) => void {
  const callback = app.callback();
  return (request, response) => {
    void callback(request, response);
  };
}
