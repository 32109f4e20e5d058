/**
 * For your tests: a client that signs in for real, the dev wallet, a mock ledger node, and contract suites for your own stores.
 *
 * @module sign-in-with-xrpl/testing
 */
export type { ContractCheck } from "./contract-check.js";
export { nonceStoreContract } from "./nonce-store-contract.js";
export type { NonceStoreContractOptions } from "./nonce-store-contract.js";
export { revocationStoreContract } from "./revocation-store-contract.js";
export type { RevocationStoreContractOptions } from "./revocation-store-contract.js";
export { sessionStoreContract } from "./session-store-contract.js";
export type { SessionStoreClient, SessionStoreHarness } from "./session-store-contract.js";
export { createTestClient } from "./test-client.js";
export type { TestClient, TestRoutes, TestServer, TestSignInOptions, TestSignInResult } from "./test-client.js";
export { createDevWallet } from "../client/dev-wallet.js";
export type { DevWallet, DevWalletOptions } from "../client/dev-wallet.js";
export { createMemorySessionStore } from "./memory-session-store.js";
export type { MemorySessionStore } from "./memory-session-store.js";
export { createMockLedger, LSF_DISABLE_MASTER } from "./mock-ledger.js";
export type {
  MockLedger,
  MockLedgerAccount,
  MockLedgerBehaviour,
  MockLedgerConnectionTracker,
  MockLedgerCredential,
  MockLedgerDid,
  MockLedgerMpToken,
  MockLedgerNft,
  MockLedgerOptions,
  MockLedgerPermissionedDomain,
  MockLedgerTrustLine,
} from "./mock-ledger.js";
