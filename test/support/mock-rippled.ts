/**
 * The tests' name for the shipped mock ledger (`createMockLedger` of `sign-in-with-xrpl/testing`,
 * src/testing/mock-ledger.ts): a rippled stand-in on 127.0.0.1 speaking rippled's documented
 * WebSocket API. Kept so the tests read as before; there is one implementation.
 *
 * @example
 * ```ts
 * const node = await startMockRippled({ networkId: 0 });
 * node.setAccount("rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY", { regularKey: "r..." });
 * await node.stop();
 * ```
 */
export { createMockLedger as startMockRippled } from "../../src/testing/mock-ledger.js";
export type {
  MockLedger as MockRippled,
  MockLedgerAccount as MockAccount,
  MockLedgerConnectionTracker as ConnectionTracker,
} from "../../src/testing/mock-ledger.js";
