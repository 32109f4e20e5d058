import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { Client } from "xrpl";
import { startMockRippled, type MockRippled } from "./mock-rippled.js";

const ALICE = "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe";
const BOB = "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh";

let node: MockRippled | undefined;
const openSockets: WebSocket[] = [];

afterEach(async () => {
  for (const socket of openSockets.splice(0)) socket.terminate();
  await node?.stop();
  node = undefined;
});

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    openSockets.push(socket);
    socket.once("open", () => resolve(socket));
    socket.once("error", reject);
  });
}

function call(socket: WebSocket, request: Record<string, unknown>, timeoutMs = 1000): Promise<Record<string, unknown> | "timeout"> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.off("message", onMessage);
      resolve("timeout");
    }, timeoutMs);
    function onMessage(raw: Buffer): void {
      const data = JSON.parse(raw.toString()) as Record<string, unknown>;
      if (data["id"] !== request["id"]) return;
      clearTimeout(timer);
      socket.off("message", onMessage);
      resolve(data);
    }
    socket.on("message", onMessage);
    socket.send(JSON.stringify(request));
  });
}

function closed(socket: WebSocket): Promise<void> {
  return new Promise((resolve) => {
    if (socket.readyState === socket.CLOSED) resolve();
    else socket.once("close", () => resolve());
  });
}

describe("mock rippled", () => {
  it("answers server_info with the network id, validated ledger and build version", async () => {
    node = await startMockRippled({ networkId: 1 });
    expect(node.url).toBe(`ws://127.0.0.1:${node.port}`);
    const socket = await open(node.url);
    const response = await call(socket, { id: 1, command: "server_info" });
    expect(response).toMatchObject({ id: 1, type: "response", status: "success", api_version: 2 });
    const info = (response as { result: { info: Record<string, unknown> } }).result.info;
    expect(info["network_id"]).toBe(1);
    expect(info["build_version"]).toEqual(expect.any(String));
    expect(info["complete_ledgers"]).toEqual(expect.any(String));
    expect(info["validated_ledger"]).toMatchObject({ seq: expect.any(Number) });
    node.setNetworkId(21338);
    const again = (await call(socket, { id: 2, command: "server_info" })) as { result: { info: Record<string, unknown> } };
    expect(again.result.info["network_id"]).toBe(21338);
  });

  it("answers ping and refuses unknown commands with unknownCmd", async () => {
    node = await startMockRippled();
    const socket = await open(node.url);
    expect(await call(socket, { id: "p", command: "ping" })).toMatchObject({ id: "p", status: "success", result: {} });
    expect(await call(socket, { id: 3, command: "no_such_command" })).toMatchObject({
      id: 3,
      type: "response",
      status: "error",
      error: "unknownCmd",
    });
  });

  it("answers account_info in API v2 shape with signer lists at the result level", async () => {
    node = await startMockRippled();
    node.setAccount(ALICE, {
      flags: 0x00100000,
      regularKey: BOB,
      balance: "25000000",
      sequence: 7,
      signerList: { quorum: 2, signers: [{ account: BOB, weight: 1 }] },
    });
    const socket = await open(node.url);
    const response = (await call(socket, {
      id: 4,
      command: "account_info",
      account: ALICE,
      signer_lists: true,
      ledger_index: "validated",
    })) as {
      result: Record<string, unknown>;
    };
    expect(response).toMatchObject({ status: "success", api_version: 2 });
    expect(response.result).toMatchObject({
      account_data: { Account: ALICE, Flags: 0x00100000, RegularKey: BOB, Balance: "25000000", Sequence: 7 },
      validated: true,
      ledger_index: expect.any(Number),
      signer_lists: [{ SignerQuorum: 2, SignerEntries: [{ SignerEntry: { Account: BOB, SignerWeight: 1 } }] }],
    });
    const withoutLists = (await call(socket, { id: 5, command: "account_info", account: ALICE })) as { result: Record<string, unknown> };
    expect(withoutLists.result["signer_lists"]).toBeUndefined();
  });

  it("answers actNotFound for a missing or removed account", async () => {
    node = await startMockRippled();
    node.setAccount(ALICE, {});
    node.removeAccount(ALICE);
    const socket = await open(node.url);
    const request = { id: 6, command: "account_info", account: ALICE };
    expect(await call(socket, request)).toEqual({
      id: 6,
      type: "response",
      status: "error",
      error: "actNotFound",
      error_code: 19,
      error_message: "Account not found.",
      request,
      api_version: 2,
    });
  });

  it("counts requests per command", async () => {
    node = await startMockRippled();
    const socket = await open(node.url);
    await call(socket, { id: 1, command: "ping" });
    await call(socket, { id: 2, command: "ping" });
    await call(socket, { id: 3, command: "server_info" });
    expect(node.requestCount("ping")).toBe(2);
    expect(node.requestCount("server_info")).toBe(1);
    expect(node.requestCount("account_info")).toBe(0);
    expect(node.requestCount()).toBe(3);
  });

  it("in silent mode accepts requests and never answers", async () => {
    node = await startMockRippled();
    node.setBehaviour("silent");
    const socket = await open(node.url);
    expect(await call(socket, { id: 1, command: "ping" }, 300)).toBe("timeout");
    expect(node.requestCount("ping")).toBe(1);
    node.setBehaviour("normal");
    expect(await call(socket, { id: 2, command: "ping" })).toMatchObject({ status: "success" });
  });

  it("in refuse mode fails new connections at once", async () => {
    node = await startMockRippled();
    node.setBehaviour("refuse");
    await expect(open(node.url)).rejects.toThrow();
    node.setBehaviour("normal");
    await expect(open(node.url)).resolves.toBeDefined();
  });

  it("drops every open socket on dropConnections", async () => {
    node = await startMockRippled();
    const first = await open(node.url);
    const second = await open(node.url);
    node.dropConnections();
    await Promise.all([closed(first), closed(second)]);
    expect(first.readyState).toBe(first.CLOSED);
    await expect(open(node.url)).resolves.toBeDefined();
  });

  it("stops listening on stop and listens on the same port after restart", async () => {
    node = await startMockRippled();
    const socket = await open(node.url);
    await node.stop();
    await closed(socket);
    await expect(open(node.url)).rejects.toThrow();
    await node.restart();
    const again = await open(node.url);
    expect(await call(again, { id: 9, command: "ping" })).toMatchObject({ status: "success" });
  });

  it("serves an xrpl.js Client", async () => {
    node = await startMockRippled({ networkId: 0 });
    node.setAccount(ALICE, { sequence: 42 });
    const client = new Client(node.url);
    await client.connect();
    try {
      const info = await client.request({ command: "account_info", account: ALICE, ledger_index: "validated", signer_lists: true });
      expect(info.result.account_data.Sequence).toBe(42);
      expect(info.result.signer_lists).toEqual([]);
      await expect(client.request({ command: "account_info", account: BOB, ledger_index: "validated" })).rejects.toMatchObject({
        data: { error: "actNotFound" },
      });
    } finally {
      await client.disconnect();
    }
  });
});
