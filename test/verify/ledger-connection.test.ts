import type { Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { LedgerUnavailableError } from "../../src/errors.js";
import { LedgerConnection } from "../../src/verify/ledger-connection.js";
import { compactSignature, createVerifier, signedTransaction } from "../../src/verify/index.js";
import type { Verifier } from "../../src/verify/types.js";
import { SILENT_LOGGER } from "../../src/shared/logger.js";
import { runBundledScript } from "../support/bundled-script.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { compactProof, keyAddressOf, regularKeyWallet, signInMessage, walletFor } from "./proofs.js";

const SHORT = { connectTimeoutMs: 400, requestTimeoutMs: 400 };

let node: MockRippled | undefined;
const verifiers: Verifier[] = [];
const connections: LedgerConnection[] = [];

afterEach(async () => {
  await Promise.all(verifiers.splice(0).map((verifier) => verifier.close()));
  await Promise.all(connections.splice(0).map((connection) => connection.close()));
  await node?.stop();
  node = undefined;
});

function track(verifier: Verifier): Verifier {
  verifiers.push(verifier);
  return verifier;
}

/** A regular-key proof: its check always needs the ledger. */
function regularKeyProof(mock: MockRippled): Parameters<Verifier["verify"]>[0] {
  const master = walletFor("ed25519");
  const regular = regularKeyWallet(master.classicAddress);
  mock.setAccount(master.classicAddress, { regularKey: keyAddressOf(regular) });
  return compactProof(regular, signInMessage(master.classicAddress));
}

async function waitFor(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error("condition not reached");
    await new Promise((resolveWait) => setTimeout(resolveWait, 20));
  }
}

describe("ledger connection", () => {
  it("opens no connection until a proof needs the ledger, then keeps one", async () => {
    node = await startMockRippled();
    const verifier = track(createVerifier({ nodeUrl: node.url, ...SHORT }));
    const wallet = walletFor("ed25519");
    const masterProof = compactProof(wallet, signInMessage(wallet.classicAddress));
    // A signature that does not hold is refused before the ledger is asked.
    expect(await verifier.verify({ ...masterProof, message: `${masterProof.message} ` })).toBe(false);
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
    expect(node.connectionCount()).toBe(0);
    // A master key that signs needs the ledger (is it disabled?), as a regular key does.
    expect(await verifier.verify(masterProof)).toBe(true);
    const proof = regularKeyProof(node);
    expect(await verifier.verify(proof)).toBe(true);
    expect(await verifier.verify(proof)).toBe(true);
    expect(node.connectionCount()).toBe(1);
    expect(node.openConnectionCount()).toBe(1);
  });

  it("reports connection trouble to the logger instead of crashing or throwing", async () => {
    node = await startMockRippled();
    await node.stop();
    const warnings: string[] = [];
    const logger = { warn: (text: string) => warnings.push(text), error: (text: string) => warnings.push(text) };
    const verifier = track(createVerifier({ nodeUrl: node.url, ...SHORT, logger }));
    await expect(verifier.verify(regularKeyProof(node))).rejects.toBeInstanceOf(LedgerUnavailableError);
    expect(warnings.some((text) => text.startsWith(`sign-in-with-xrpl: ledger node ${node!.url} not used: `))).toBe(true);
    await node.restart();
    const proof = regularKeyProof(node);
    expect(await verifier.verify(proof)).toBe(true);
    node.dropConnections();
    expect(await verifier.verify(proof)).toBe(true);
  });

  it("starts while the node is down, answers a master-key sign-in as unavailable (offline only with ledger: never), and looks up once the node is back", async () => {
    node = await startMockRippled();
    await node.stop();
    const verifier = track(createVerifier({ nodeUrl: node.url, ...SHORT }));
    const offline = track(createVerifier({ nodeUrl: node.url, ...SHORT, strategies: [compactSignature({ ledger: "never" })] }));
    const wallet = walletFor("secp256k1");
    const masterProof = compactProof(wallet, signInMessage(wallet.classicAddress));
    await expect(verifier.verify(masterProof)).rejects.toBeInstanceOf(LedgerUnavailableError);
    expect(await offline.verify(masterProof)).toBe(true);
    const proof = regularKeyProof(node);
    // A refused connection fails at once with what went wrong, not by running out a timeout.
    const error = await verifier.verify(proof).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LedgerUnavailableError);
    expect((error as Error).message).toMatch(/^Could not reach a ledger node: /);
    expect((error as Error).message).not.toMatch(/within \d+ ms/);
    await node.restart();
    expect(await verifier.verify(proof)).toBe(true);
    expect(await verifier.verify(masterProof)).toBe(true);
  });

  it("rejects with LedgerUnavailableError within the request timeout when the node is silent", async () => {
    node = await startMockRippled();
    const verifier = track(createVerifier({ nodeUrl: node.url, ...SHORT }));
    const proof = regularKeyProof(node);
    node.setBehaviour("silent");
    const error = await verifier.verify(proof).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LedgerUnavailableError);
    expect((error as LedgerUnavailableError).code).toBe("ledger_unavailable");
    // The request timeout ended it (not the connection, not a dropped socket).
    expect((error as Error).message).toBe(`The ledger node did not answer account_info within ${SHORT.requestTimeoutMs} ms.`);
    node.setBehaviour("normal");
    expect(await verifier.verify(proof)).toBe(true);
  });

  it("rejects at once when the node refuses connections, and recovers when it accepts again", async () => {
    node = await startMockRippled();
    node.setBehaviour("refuse");
    const verifier = track(createVerifier({ nodeUrl: node.url, connectTimeoutMs: 5000, requestTimeoutMs: 5000 }));
    const proof = regularKeyProof(node);
    // With 5-second timeouts, an answer that names no timeout proves the refusal ended it at once.
    const error = await verifier.verify(proof).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LedgerUnavailableError);
    expect((error as Error).message).toMatch(/^Could not reach a ledger node: /);
    expect((error as Error).message).not.toMatch(/within \d+ ms/);
    node.setBehaviour("normal");
    expect(await verifier.verify(proof)).toBe(true);
  });

  it("recovers after the node drops every connection", async () => {
    node = await startMockRippled();
    const verifier = track(createVerifier({ nodeUrl: node.url, ...SHORT }));
    const proof = regularKeyProof(node);
    expect(await verifier.verify(proof)).toBe(true);
    node.dropConnections();
    expect(await verifier.verify(proof)).toBe(true);
    node.dropConnections();
    await new Promise((resolveWait) => setTimeout(resolveWait, 300));
    expect(await verifier.verify(proof)).toBe(true);
  });

  it("recovers after the node is stopped and restarted while connected", async () => {
    node = await startMockRippled();
    const verifier = track(createVerifier({ nodeUrl: node.url, ...SHORT }));
    const proof = regularKeyProof(node);
    expect(await verifier.verify(proof)).toBe(true);
    await node.stop();
    await expect(verifier.verify(proof)).rejects.toBeInstanceOf(LedgerUnavailableError);
    await node.restart();
    expect(await verifier.verify(proof)).toBe(true);
  });

  it("shares one account_info request between concurrent look-ups of one account, and reuses nothing after", async () => {
    node = await startMockRippled();
    const verifier = track(createVerifier({ nodeUrl: node.url, ...SHORT }));
    const proof = regularKeyProof(node);
    expect(await verifier.verify(proof)).toBe(true);
    const before = node.requestCount("account_info");
    const answers = await Promise.all(Array.from({ length: 8 }, () => verifier.verify(proof)));
    expect(answers).toEqual(Array(8).fill(true));
    expect(node.requestCount("account_info")).toBe(before + 1);
    expect(await verifier.verify(proof)).toBe(true);
    expect(node.requestCount("account_info")).toBe(before + 2);
  });

  it("shares a failing look-up too, and every waiter gets LedgerUnavailableError", async () => {
    node = await startMockRippled();
    const verifier = track(createVerifier({ nodeUrl: node.url, ...SHORT }));
    const proof = regularKeyProof(node);
    expect(await verifier.verify(proof)).toBe(true);
    node.setBehaviour("silent");
    const before = node.requestCount("account_info");
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => verifier.verify(proof)));
    for (const outcome of outcomes) {
      expect(outcome.status).toBe("rejected");
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(LedgerUnavailableError);
    }
    expect(node.requestCount("account_info")).toBe(before + 1);
  });

  it("reads account authority in API v2 shape, and an unknown account as not existing", async () => {
    node = await startMockRippled();
    const connection = new LedgerConnection({ nodeUrls: [node.url], networkId: undefined, ...SHORT, logger: SILENT_LOGGER });
    connections.push(connection);
    const account = walletFor("ed25519").classicAddress;
    const signer = walletFor("ed25519").classicAddress;
    const regular = walletFor("ed25519").classicAddress;
    node.setAccount(account, {
      flags: 0x00100000,
      regularKey: regular,
      signerList: { quorum: 3, signers: [{ account: signer, weight: 2 }] },
    });
    expect(await connection.getAccountAuthority(account)).toEqual({
      account,
      exists: true,
      masterDisabled: true,
      regularKey: regular,
      signerList: { quorum: 3, signers: [{ account: signer, weight: 2 }] },
    });
    expect(await connection.getAccountAuthority(signer)).toEqual({ account: signer, exists: false, masterDisabled: false });
    expect(await connection.getNetworkId()).toBe(0);
  });

  it("names API version 2 on every request it sends: account_info, server_info and a caller's command, whatever version the command named", async () => {
    const { WebSocketServer } = await import("ws");
    const server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
    await new Promise((resolveListening) => server.once("listening", resolveListening));
    const received: Record<string, unknown>[] = [];
    server.on("connection", (socket) => {
      socket.on("message", (data) => {
        const request = JSON.parse((data as Buffer).toString("utf8")) as Record<string, unknown>;
        received.push(request);
        const answer =
          request["command"] === "account_info"
            ? { id: request["id"], status: "error", type: "response", error: "actNotFound", error_message: "Account not found.", request }
            : { id: request["id"], status: "success", type: "response", result: { info: { network_id: 0 }, node: {} } };
        socket.send(JSON.stringify(answer));
      });
    });
    const { port } = server.address() as { port: number };
    const connection = new LedgerConnection({
      nodeUrls: [`ws://127.0.0.1:${port}`],
      networkId: undefined,
      ...SHORT,
      logger: SILENT_LOGGER,
    });
    connections.push(connection);
    try {
      const account = walletFor("ed25519").classicAddress;
      expect((await connection.getAccountAuthority(account)).exists).toBe(false);
      // account_info's text is written by hand: it names these fields, and no others.
      expect(received[0]).toEqual({
        command: "account_info",
        account,
        ledger_index: "validated",
        signer_lists: true,
        api_version: 2,
        id: expect.any(Number) as number,
      });
      expect(await connection.getNetworkId()).toBe(0);
      await connection.request({ command: "ledger_entry", index: "0".repeat(64), api_version: 1 });
      expect(received.map((request) => [request["command"], request["api_version"]])).toEqual([
        ["account_info", 2],
        ["server_info", 2],
        ["ledger_entry", 2],
      ]);
    } finally {
      await connection.close();
      server.close();
    }
  });

  it("reads a node's other error answers as the ledger unavailable, naming the error, and keeps the connection", async () => {
    node = await startMockRippled();
    const connection = new LedgerConnection({ nodeUrls: [node.url], networkId: undefined, ...SHORT, logger: SILENT_LOGGER });
    connections.push(connection);
    // An account the node cannot read answers actMalformed: an answer, but not one about authority.
    const refused = connection.getAccountAuthority("not-an-address");
    await expect(refused).rejects.toBeInstanceOf(LedgerUnavailableError);
    await expect(refused).rejects.toThrow(/account_info.*Account malformed/u);
    expect(connection.isConnected()).toBe(true);
    const account = walletFor("ed25519").classicAddress;
    expect(await connection.getAccountAuthority(account)).toEqual({ account, exists: false, masterDisabled: false });
    expect(node.requestCount("account_info")).toBe(2);
  });

  it("pings an idle connection, and drops it when a ping goes unanswered so the next look-up reconnects", async () => {
    node = await startMockRippled();
    const connection = new LedgerConnection({
      nodeUrls: [node.url],
      networkId: undefined,
      ...SHORT,
      logger: SILENT_LOGGER,
      heartbeatIntervalMs: 50,
    });
    connections.push(connection);
    const account = walletFor("ed25519").classicAddress;
    await connection.getAccountAuthority(account);
    await waitFor(() => node!.requestCount("ping") >= 2);
    expect(connection.isConnected()).toBe(true);
    node.setBehaviour("silent");
    await waitFor(() => !connection.isConnected());
    node.setBehaviour("normal");
    expect((await connection.getAccountAuthority(account)).exists).toBe(false);
    expect(node.connectionCount()).toBe(2);
  });

  it("after close(), look-ups reject with LedgerUnavailableError, master key included; ledger: never still verifies it", async () => {
    node = await startMockRippled();
    const verifier = createVerifier({ nodeUrl: node.url, ...SHORT, strategies: [compactSignature(), signedTransaction()] });
    const offline = createVerifier({ nodeUrl: node.url, ...SHORT, strategies: [compactSignature({ ledger: "never" })] });
    const proof = regularKeyProof(node);
    expect(await verifier.verify(proof)).toBe(true);
    await verifier.close();
    await verifier.close();
    await offline.close();
    await expect(verifier.verify(proof)).rejects.toBeInstanceOf(LedgerUnavailableError);
    const wallet = walletFor("ed25519");
    const masterProof = compactProof(wallet, signInMessage(wallet.classicAddress));
    await expect(verifier.verify(masterProof)).rejects.toBeInstanceOf(LedgerUnavailableError);
    expect(await offline.verify(masterProof)).toBe(true);
  });

  it("close() during a connection attempt to a silent address returns promptly, and the look-up fails at once", async () => {
    // A listening socket that never completes the WebSocket handshake.
    const { createServer } = await import("node:net");
    const sockets: Socket[] = [];
    const server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolveListen) => server.listen(0, "127.0.0.1", resolveListen));
    const port = (server.address() as { port: number }).port;
    try {
      const verifier = createVerifier({ nodeUrl: `ws://127.0.0.1:${port}`, connectTimeoutMs: 5000, requestTimeoutMs: 5000 });
      const master = walletFor("ed25519");
      const lookup = verifier.verify(compactProof(regularKeyWallet(master.classicAddress), signInMessage(master.classicAddress)));
      const outcome = lookup.then(String, (error: unknown) => error);
      await waitFor(() => sockets.length > 0);
      await verifier.close();
      // Closing ended the pending look-up: it says so, instead of running out the 5-second connect timeout.
      const error = await outcome;
      expect(error).toBeInstanceOf(LedgerUnavailableError);
      expect((error as Error).message).not.toMatch(/within \d+ ms/);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolveClose) => server.close(resolveClose));
    }
  });

  it("close() leaves nothing running: a process that used the verifier exits by itself", async () => {
    node = await startMockRippled();
    const silentNode = await startMockRippled();
    silentNode.setBehaviour("silent");
    const master = walletFor("ed25519");
    const regular = regularKeyWallet(master.classicAddress);
    node.setAccount(master.classicAddress, { regularKey: keyAddressOf(regular) });
    const proof = compactProof(regular, signInMessage(master.classicAddress));
    try {
      const { exitCode, stdout, stderr } = await runBundledScript(
        `import { createVerifier } from "SRC/verify/index.ts";
process.on("unhandledRejection", (reason) => { console.error("UNHANDLED", reason); process.exitCode = 3; });
const [url, silentUrl, proofJson] = process.argv.slice(2);
const proof = JSON.parse(proofJson);
const verifier = createVerifier({ nodeUrl: url, connectTimeoutMs: 400, requestTimeoutMs: 400 });
const first = await verifier.verify(proof);
const second = await verifier.verify({ ...proof, message: proof.message + "x" });
await verifier.close();
const hung = createVerifier({ nodeUrl: silentUrl, connectTimeoutMs: 400, requestTimeoutMs: 400 });
const third = await hung.verify(proof).then(String, (error) => error.code);
await new Promise((resolve) => setTimeout(resolve, 150));
await hung.close();
console.log(JSON.stringify({ first, second, third, resources: process.getActiveResourcesInfo() }));
`,
        { args: [node.url, silentNode.url, JSON.stringify(proof)] },
      );
      expect(stderr).toBe("");
      expect(exitCode).toBe(0);
      const report = JSON.parse(stdout) as { first: boolean; second: boolean; third: string; resources: string[] };
      expect(report.first).toBe(true);
      expect(report.second).toBe(false);
      expect(report.third).toBe("ledger_unavailable");
      expect(report.resources.filter((resource) => resource === "Timeout" || resource === "TCPSocketWrap")).toEqual([]);
    } finally {
      await silentNode.stop();
    }
  });
});
