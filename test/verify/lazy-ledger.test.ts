import { afterEach, describe, expect, it } from "vitest";
import { LedgerUnavailableError } from "../../src/errors.js";
import { SILENT_LOGGER } from "../../src/shared/logger.js";
import { createLazyLedger, type LazyLedger } from "../../src/verify/lazy-ledger.js";
import type { WebSocketLike } from "../../src/verify/rpc-socket.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { walletFor } from "./proofs.js";

let node: MockRippled | undefined;
const ledgers: LazyLedger[] = [];

afterEach(async () => {
  await Promise.all(ledgers.splice(0).map((ledger) => ledger.close()));
  await node?.stop();
  node = undefined;
});

type Listener = (event: { data?: unknown }) => void;

/** A node's socket that answers account_info with actNotFound when the test says so. */
class AnsweringSocket implements WebSocketLike {
  readyState = 0;
  readonly sent: string[] = [];
  readonly #listeners = new Map<string, Listener[]>();

  send(data: string): void {
    this.sent.push(data);
  }

  close(): void {
    this.readyState = 3;
    this.#emit("close", {});
  }

  addEventListener(type: string, listener: Listener): void {
    this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), listener]);
  }

  open(): void {
    this.readyState = 1;
    this.#emit("open", {});
  }

  /** Answers the last request at once, as a message event. */
  answerLast(): void {
    const { id } = JSON.parse(this.sent.at(-1)!) as { id: number };
    this.#emit("message", { data: JSON.stringify({ id, status: "error", error: "actNotFound", error_message: "Account not found." }) });
  }

  #emit(type: string, event: { data?: unknown }): void {
    for (const listener of this.#listeners.get(type) ?? []) listener(event);
  }
}

/** Microtask turns until `promise` settles (at most 20). */
async function turnsToSettle(promise: Promise<unknown>, answer: () => void): Promise<number> {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  answer();
  let turns = 0;
  while (!settled && turns < 20) {
    await Promise.resolve();
    turns += 1;
  }
  return turns;
}

describe("lazy ledger", () => {
  it("once connected, hands out the connection's own look-up: no promise of its own, no extra turn", async () => {
    node = await startMockRippled();
    const ledger = createLazyLedger({
      nodeUrls: [node.url],
      networkId: undefined,
      connectTimeoutMs: 2000,
      requestTimeoutMs: 2000,
      logger: SILENT_LOGGER,
    });
    ledgers.push(ledger);
    const { classicAddress } = walletFor("ed25519");
    expect(await ledger.getAccountAuthority(classicAddress)).toEqual({ account: classicAddress, exists: false, masterDisabled: false });
    // Concurrent look-ups of one address share the connection's one promise; a wrapper would make one each.
    const first = ledger.getAccountAuthority(classicAddress);
    const second = ledger.getAccountAuthority(classicAddress);
    expect(second).toBe(first);
    await first;
    expect(node.requestCount("account_info")).toBe(2);
  });

  it("rejects every look-up once closed, the connection loaded or not", async () => {
    node = await startMockRippled();
    const options = { nodeUrls: [node.url], networkId: undefined, connectTimeoutMs: 2000, requestTimeoutMs: 2000, logger: SILENT_LOGGER };
    const { classicAddress } = walletFor("ed25519");
    const used = createLazyLedger(options);
    await used.getAccountAuthority(classicAddress);
    await used.close();
    const unused = createLazyLedger(options);
    await unused.close();
    for (const ledger of [used, unused]) {
      await expect(ledger.getAccountAuthority(classicAddress)).rejects.toThrow(new LedgerUnavailableError("The verifier is closed."));
      await expect(ledger.getNetworkId()).rejects.toBeInstanceOf(LedgerUnavailableError);
    }
  });

  it("settles a look-up on an open connection two microtask turns after its answer arrives", async () => {
    const socket = new AnsweringSocket();
    const ledger = createLazyLedger({
      nodeUrls: ["ws://node.invalid"],
      networkId: undefined,
      connectTimeoutMs: 2000,
      requestTimeoutMs: 2000,
      logger: SILENT_LOGGER,
      openSocket: () => {
        queueMicrotask(() => socket.open());
        return socket;
      },
    });
    ledgers.push(ledger);
    const { classicAddress } = walletFor("ed25519");
    const firstLookUp = ledger.getAccountAuthority(classicAddress);
    while (socket.sent.length === 0) await new Promise((resolve) => setImmediate(resolve));
    socket.answerLast();
    await firstLookUp;
    // The socket's promise resolves with the answer; one reaction reads it into the look-up's
    // result, whose caller runs on the next turn.
    const sentBefore = socket.sent.length;
    const lookUp = ledger.getAccountAuthority(walletFor("secp256k1").classicAddress);
    while (socket.sent.length === sentBefore) await Promise.resolve();
    expect(await turnsToSettle(lookUp, () => socket.answerLast())).toBe(2);
    expect(await lookUp).toMatchObject({ exists: false, masterDisabled: false });
  });
});
