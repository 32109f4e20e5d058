// A ledger node whose process stops (paused, swapped out, starved of CPU) is not a node that is
// down: the system still accepts its TCP connections and keeps the open ones, but nothing is
// answered: no WebSocket handshake, no reply, no closing handshake. A relay between the verifier
// and the mock rippled plays that node: frozen, it holds every byte both ways; thawed, it delivers
// them, as the process would once resumed. Every look-up must still end within the verifier's
// time limits, and the connection must recover once the node answers again.
import { connect, createServer, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { LedgerUnavailableError } from "../../src/errors.js";
import { LedgerConnection } from "../../src/verify/ledger-connection.js";
import { SILENT_LOGGER } from "../../src/shared/logger.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { walletFor } from "./proofs.js";

const CONNECT_TIMEOUT_MS = 300;
const REQUEST_TIMEOUT_MS = 300;
/** A look-up's whole budget, and room for a loaded machine's timers. */
const BUDGET_MS = CONNECT_TIMEOUT_MS + REQUEST_TIMEOUT_MS;
const SLACK_MS = 500;

interface FreezableRelay {
  url: string;
  freeze(): void;
  thaw(): void;
  stop(): Promise<void>;
}

/** A TCP relay to 127.0.0.1:`port` that can hold every byte both ways, as a stopped process does. */
async function startFreezableRelay(port: number): Promise<FreezableRelay> {
  let frozen = false;
  const sockets = new Set<Socket>();
  const held: { to: Socket; data: Buffer }[] = [];
  const forward = (to: Socket) => (data: Buffer) => {
    if (frozen) held.push({ to, data });
    else to.write(data);
  };
  const server: Server = createServer((client) => {
    const upstream = connect(port, "127.0.0.1");
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("error", () => undefined);
      socket.on("close", () => sockets.delete(socket));
    }
    client.on("data", forward(upstream));
    upstream.on("data", forward(client));
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the relay got no TCP address");
  return {
    url: `ws://127.0.0.1:${address.port}`,
    freeze: () => {
      frozen = true;
    },
    thaw: () => {
      frozen = false;
      for (const { to, data } of held.splice(0)) if (!to.destroyed) to.write(data);
    },
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let node: MockRippled | undefined;
let relay: FreezableRelay | undefined;
const connections: LedgerConnection[] = [];

afterEach(async () => {
  relay?.thaw();
  await Promise.all(connections.splice(0).map((connection) => connection.close()));
  await relay?.stop();
  await node?.stop();
  relay = undefined;
  node = undefined;
});

function connectionTo(url: string, heartbeatIntervalMs = 30_000): LedgerConnection {
  const connection = new LedgerConnection({
    nodeUrls: [url],
    networkId: undefined,
    connectTimeoutMs: CONNECT_TIMEOUT_MS,
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    logger: SILENT_LOGGER,
    heartbeatIntervalMs,
  });
  connections.push(connection);
  return connection;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const startedAt = Date.now();
  while (!condition()) {
    if (Date.now() - startedAt > timeoutMs) throw new Error("condition not reached");
    await sleep(2);
  }
}

/** How a look-up ended, and when (ms after `startedAt`). */
async function settle(lookUp: Promise<unknown>, startedAt: number): Promise<{ error: unknown; afterMs: number }> {
  try {
    await lookUp;
    return { error: undefined, afterMs: Date.now() - startedAt };
  } catch (error) {
    return { error, afterMs: Date.now() - startedAt };
  }
}

/** A look-up of a new account fails with LedgerUnavailableError within the time limits. */
async function expectUnavailableInTime(connection: LedgerConnection): Promise<void> {
  const outcome = await settle(connection.getAccountAuthority(walletFor("ed25519").classicAddress), Date.now());
  expect(outcome.error).toBeInstanceOf(LedgerUnavailableError);
  expect(outcome.afterMs).toBeLessThan(BUDGET_MS + SLACK_MS);
}

/** Look-ups until one answers (a look-up may still join a connection attempt made while frozen). */
async function answersAgain(connection: LedgerConnection, address: string, timeoutMs = 3000): Promise<void> {
  const startedAt = Date.now();
  for (;;) {
    try {
      expect((await connection.getAccountAuthority(address)).exists).toBe(false);
      return;
    } catch (error) {
      if (!(error instanceof LedgerUnavailableError) || Date.now() - startedAt > timeoutMs) throw error;
    }
  }
}

describe("a ledger node whose process stops", () => {
  it("fails look-ups waiting on it, and those after, with LedgerUnavailableError within the time limits; answers again once it resumes", async () => {
    node = await startMockRippled();
    relay = await startFreezableRelay(node.port);
    const connection = connectionTo(relay.url);
    const account = walletFor("ed25519").classicAddress;
    await connection.getAccountAuthority(account);

    relay.freeze();
    const startedAt = Date.now();
    // Sent on the open connection: nothing comes back.
    const waiting = [walletFor("ed25519"), walletFor("secp256k1")].map((wallet) =>
      settle(connection.getAccountAuthority(wallet.classicAddress), startedAt),
    );
    for (const outcome of await Promise.all(waiting)) {
      expect(outcome.error).toBeInstanceOf(LedgerUnavailableError);
      expect(outcome.afterMs).toBeLessThan(BUDGET_MS + SLACK_MS);
    }
    // The next look-ups reconnect: the handshake is never answered, and the old socket's closing
    // handshake neither.
    for (let round = 0; round < 3; round += 1) await expectUnavailableInTime(connection);

    relay.thaw();
    await answersAgain(connection, walletFor("ed25519").classicAddress);
  });

  it("fails a first look-up whose connection attempt it never answers, within the time limits", async () => {
    node = await startMockRippled();
    relay = await startFreezableRelay(node.port);
    relay.freeze();
    const connection = connectionTo(relay.url);
    await expectUnavailableInTime(connection);
    relay.thaw();
    await answersAgain(connection, walletFor("ed25519").classicAddress);
  });

  it("answers look-ups waiting when a heartbeat fails (from a new connection, or with LedgerUnavailableError), never leaves them waiting", async () => {
    node = await startMockRippled();
    relay = await startFreezableRelay(node.port);
    const warnings: string[] = [];
    const connection = new LedgerConnection({
      nodeUrls: [relay.url],
      networkId: undefined,
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
      logger: { ...SILENT_LOGGER, warn: (message: string) => warnings.push(message) },
      heartbeatIntervalMs: 40,
    });
    connections.push(connection);
    await connection.getAccountAuthority(walletFor("ed25519").classicAddress);
    // The ping must be out before the look-ups, so its time limit ends first and its failure (not
    // the look-ups' own timers) drops the connection under them. A ping answered just as the relay
    // froze delays the next one: then the scene is played again.
    for (let attempt = 0; attempt < 5 && !warnings.some((warning) => warning.includes("failed a heartbeat")); attempt += 1) {
      const pings = node.requestCount("ping");
      await waitFor(() => node!.requestCount("ping") > pings);
      await sleep(5);
      relay.freeze(); // the next ping, due in about 40 ms, goes unanswered
      await sleep(100);
      const startedAt = Date.now();
      const waiting = Array.from({ length: 4 }, () =>
        settle(connection.getAccountAuthority(walletFor("ed25519").classicAddress), startedAt),
      );
      // After the ping's time limit, before the look-ups' own.
      await sleep(REQUEST_TIMEOUT_MS - 20);
      relay.thaw();
      for (const outcome of await Promise.all(waiting)) {
        if (outcome.error !== undefined) expect(outcome.error).toBeInstanceOf(LedgerUnavailableError);
        expect(outcome.afterMs).toBeLessThan(BUDGET_MS + SLACK_MS);
      }
      await answersAgain(connection, walletFor("ed25519").classicAddress);
    }
    expect(warnings.some((warning) => warning.includes("failed a heartbeat"))).toBe(true);
  });
});
