/**
 * Several ledger nodes: failover in list order, backoff that keeps a failing node last for a
 * while, refusal of a node on another network, and never more than one connection open at once
 * across all of them. Each node is a real WebSocket server (test/support/mock-rippled.ts); the
 * backoff clock is injected.
 */
import { afterEach, describe, expect, it } from "vitest";
import { LedgerUnavailableError } from "../../src/errors.js";
import { SILENT_LOGGER } from "../../src/shared/logger.js";
import { createVerifier } from "../../src/verify/index.js";
import { LedgerConnection } from "../../src/verify/ledger-connection.js";
import type { Verifier, VerifyRequest } from "../../src/verify/types.js";
import { runBundledScript } from "../support/bundled-script.js";
import { startMockRippled, type ConnectionTracker, type MockRippled } from "../support/mock-rippled.js";
import { compactProof, keyAddressOf, regularKeyWallet, signInMessage, walletFor } from "./proofs.js";

const SHORT = { connectTimeoutMs: 600, requestTimeoutMs: 600 };

let nodes: MockRippled[] = [];
let tracker: ConnectionTracker;
const verifiers: Verifier[] = [];
const connections: LedgerConnection[] = [];

afterEach(async () => {
  await Promise.all(verifiers.splice(0).map((verifier) => verifier.close()));
  await Promise.all(connections.splice(0).map((connection) => connection.close()));
  await Promise.all(nodes.map((node) => node.stop()));
  nodes = [];
});

async function startNodes(networkIds: (number | null)[]): Promise<MockRippled[]> {
  tracker = { open: 0, peak: 0 };
  nodes = await Promise.all(networkIds.map((networkId) => startMockRippled({ networkId, tracker })));
  return nodes;
}

/** An account with a regular key, on every node, and a proof signed by that key (it needs the ledger). */
function regularKeyProofOnAll(): VerifyRequest {
  const master = walletFor("ed25519");
  const regular = regularKeyWallet(master.classicAddress);
  for (const node of nodes) node.setAccount(master.classicAddress, { regularKey: keyAddressOf(regular) });
  return compactProof(regular, signInMessage(master.classicAddress));
}

function track(verifier: Verifier): Verifier {
  verifiers.push(verifier);
  return verifier;
}

function connectionTo(urls: string[], options: { networkId?: number; now?: () => number } = {}): LedgerConnection {
  const connection = new LedgerConnection({
    nodeUrls: urls,
    networkId: options.networkId,
    ...SHORT,
    logger: SILENT_LOGGER,
    now: options.now,
  });
  connections.push(connection);
  return connection;
}

describe("ledger failover", () => {
  it("uses the first node of the list while it works", async () => {
    const [first, second] = await startNodes([0, 0]);
    const verifier = track(createVerifier({ nodeUrl: [first!.url, second!.url], ...SHORT }));
    const proof = regularKeyProofOnAll();
    expect(await verifier.verify(proof)).toBe(true);
    expect(await verifier.verify(proof)).toBe(true);
    expect(first!.requestCount("account_info")).toBe(2);
    expect(second!.connectionCount()).toBe(0);
  });

  it("moves to the next node when the first is down or refuses connections, within one look-up", async () => {
    const [down, refusing, up] = await startNodes([0, 0, 0]);
    await down!.stop();
    refusing!.setBehaviour("refuse");
    const verifier = track(createVerifier({ nodeUrl: [down!.url, refusing!.url, up!.url], ...SHORT }));
    expect(await verifier.check(regularKeyProofOnAll())).toMatchObject({ ok: true, authority: "regular" });
    expect(up!.requestCount("account_info")).toBe(1);
    expect(tracker.peak).toBe(1);
  });

  it("after a silent node times a look-up out, the next look-up goes to the next node", async () => {
    const [silent, up] = await startNodes([0, 0]);
    silent!.setBehaviour("silent");
    const verifier = track(createVerifier({ nodeUrl: [silent!.url, up!.url], ...SHORT }));
    const proof = regularKeyProofOnAll();
    await expect(verifier.verify(proof)).rejects.toBeInstanceOf(LedgerUnavailableError);
    expect(await verifier.verify(proof)).toBe(true);
    expect(up!.requestCount("account_info")).toBe(1);
    expect(silent!.openConnectionCount() + up!.openConnectionCount()).toBeLessThanOrEqual(1);
    expect(tracker.peak).toBe(1);
  });

  it("with a network id, skips a silent node within the same look-up (its server_info times out)", async () => {
    const [silent, up] = await startNodes([0, 0]);
    silent!.setBehaviour("silent");
    const verifier = track(
      createVerifier({ nodeUrl: [silent!.url, up!.url], networkId: 0, connectTimeoutMs: 1500, requestTimeoutMs: 400 }),
    );
    expect(await verifier.verify(regularKeyProofOnAll())).toBe(true);
    expect(silent!.requestCount("server_info")).toBe(1);
    expect(up!.requestCount("account_info")).toBe(1);
  });

  it("refuses a node on another network and uses the next one", async () => {
    const [testnet, mainnet] = await startNodes([1, 0]);
    const warnings: string[] = [];
    const logger = { warn: (text: string) => void warnings.push(text), error: (text: string) => void warnings.push(text) };
    const verifier = track(createVerifier({ nodeUrl: [testnet!.url, mainnet!.url], chainId: "xrpl:0", ...SHORT, logger }));
    expect(await verifier.check(regularKeyProofOnAll())).toMatchObject({ ok: true });
    expect(testnet!.requestCount("account_info")).toBe(0);
    expect(mainnet!.requestCount("account_info")).toBe(1);
    expect(warnings.some((text) => text.includes(`ledger node ${testnet!.url} not used: it serves network 1, not 0`))).toBe(true);
    expect(tracker.peak).toBe(1);
  });

  it("counts a node that reports no network id as the main network", async () => {
    const [unconfigured] = await startNodes([null]);
    const mainnetVerifier = track(createVerifier({ nodeUrl: unconfigured!.url, networkId: 0, ...SHORT }));
    expect(await mainnetVerifier.verify(regularKeyProofOnAll())).toBe(true);
    const testnetVerifier = track(createVerifier({ nodeUrl: unconfigured!.url, networkId: 1, ...SHORT }));
    expect(await testnetVerifier.check(regularKeyProofOnAll())).toMatchObject({ ok: false, code: "network_mismatch" });
  });

  it("answers LedgerUnavailableError, not network_mismatch, when a right node is only down", async () => {
    const [testnet, mainnet] = await startNodes([1, 0]);
    await mainnet!.stop();
    const verifier = track(createVerifier({ nodeUrl: [testnet!.url, mainnet!.url], networkId: 0, ...SHORT }));
    await expect(verifier.check(regularKeyProofOnAll())).rejects.toBeInstanceOf(LedgerUnavailableError);
  });

  it("skips a node that failed while it backs off, and returns to it once the wait is over", async () => {
    const [first, second, third] = await startNodes([0, 0, 0]);
    const start = 1_000_000;
    let now = start;
    const connection = connectionTo([first!.url, second!.url, third!.url], { now: () => now });
    const account = walletFor("ed25519").classicAddress;
    await first!.stop();
    await connection.getAccountAuthority(account);
    expect(connection.connectedNodeUrl()).toBe(second!.url);
    // The first node is back, but failed a moment ago; the second drops us: the third is next.
    await first!.restart();
    second!.dropConnections();
    await waitFor(() => !connection.isConnected());
    now = start + 100;
    await connection.getAccountAuthority(account);
    expect(connection.connectedNodeUrl()).toBe(third!.url);
    expect(first!.connectionCount()).toBe(0);
    // Once the first wait (1 s) is over, the list order counts again.
    third!.dropConnections();
    await waitFor(() => !connection.isConnected());
    now = start + 1050;
    await connection.getAccountAuthority(account);
    expect(connection.connectedNodeUrl()).toBe(first!.url);
    expect(tracker.peak).toBe(1);
  });

  it("when every node is backing off, tries only the one whose wait ends first", async () => {
    const [first, second] = await startNodes([0, 0]);
    const now = 5_000_000;
    const connection = connectionTo([first!.url, second!.url], { now: () => now });
    await first!.stop();
    await second!.stop();
    const account = walletFor("ed25519").classicAddress;
    await expect(connection.getAccountAuthority(account)).rejects.toBeInstanceOf(LedgerUnavailableError);
    await second!.restart();
    // Both failed at the same instant: the first in list order is tried alone, and fails again.
    await expect(connection.getAccountAuthority(account)).rejects.toBeInstanceOf(LedgerUnavailableError);
    expect(second!.connectionCount()).toBe(0);
    // Now the second's wait ends first.
    expect((await connection.getAccountAuthority(account)).exists).toBe(false);
    expect(connection.connectedNodeUrl()).toBe(second!.url);
  });

  it("uses the runtime's WebSocket global when there is one (Node with --experimental-websocket)", async () => {
    const [node] = await startNodes([0]);
    const proof = regularKeyProofOnAll();
    const { exitCode, stdout, stderr } = await runBundledScript(
      `import { createVerifier } from "SRC/verify/index.ts";
let constructed = 0;
const Native = globalThis.WebSocket;
globalThis.WebSocket = class extends Native { constructor(url) { super(url); constructed += 1; } };
const [url, proofJson] = process.argv.slice(2);
const verifier = createVerifier({ nodeUrl: url, networkId: 0, connectTimeoutMs: 2000, requestTimeoutMs: 2000 });
const result = await verifier.check(JSON.parse(proofJson));
await verifier.close();
console.log(JSON.stringify({ ok: result.ok, constructed }));
`,
      { args: [node!.url, JSON.stringify(proof)], nodeOptions: ["--experimental-websocket"], external: ["ws"] },
    );
    expect(stderr.replace(/^.*ExperimentalWarning.*\n?|^\(Use `node --trace-warnings.*\n?/gmu, "")).toBe("");
    expect(exitCode).toBe(0);
    // ws is left out of the bundle: had the library tried to load it, the import would fail.
    expect(JSON.parse(stdout)).toEqual({ ok: true, constructed: 1 });
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error("condition not reached");
    await new Promise((resolveWait) => setTimeout(resolveWait, 10));
  }
}
