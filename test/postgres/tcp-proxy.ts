/**
 * TCP stand-ins for a database that misbehaves: a proxy to the real server whose answers can be
 * held and whose connections can be cut mid-statement, and a server that accepts connections and
 * never answers.
 */
import { connect, createServer, type Server, type Socket } from "node:net";

export interface TcpProxy {
  readonly port: number;
  /** Holds every answer of the server from now on; resolves once one has been held (the statement ran). */
  holdAnswers(): Promise<void>;
  /** Cuts every connection, both sides, and forwards answers again on new ones. */
  cutAll(): void;
  close(): Promise<void>;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      if (typeof address === "object" && address !== null) resolve(address.port);
      else reject(new Error("no port"));
    });
  });
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let holding = false;
  let onHeld: (() => void) | undefined;
  const track = (socket: Socket): Socket => {
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
    return socket;
  };
  const server = createServer((client) => {
    track(client);
    const upstream = track(connect(targetPort, targetHost));
    client.on("data", (chunk) => upstream.write(chunk));
    upstream.on("data", (chunk) => {
      if (!holding) {
        client.write(chunk);
        return;
      }
      onHeld?.();
    });
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  const port = await listen(server);
  const cutAll = (): void => {
    for (const socket of sockets) socket.destroy();
    holding = false;
  };
  return {
    port,
    holdAnswers() {
      holding = true;
      return new Promise((resolve) => (onHeld = resolve));
    },
    cutAll,
    close() {
      cutAll();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A server that accepts connections and never says a word, like a hung database. */
export async function startSilentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
  });
  const port = await listen(server);
  return {
    port,
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
