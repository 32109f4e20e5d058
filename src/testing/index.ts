export type { ContractCheck } from "./contract-check.js";
export { nonceStoreContract } from "./nonce-store-contract.js";
export type { NonceStoreContractOptions } from "./nonce-store-contract.js";
export { revocationStoreContract } from "./revocation-store-contract.js";
export type { RevocationStoreContractOptions } from "./revocation-store-contract.js";
export { sessionStoreContract } from "./session-store-contract.js";
export { createMemorySessionStore } from "./memory-session-store.js";
export type { MemorySessionStore } from "./memory-session-store.js";
