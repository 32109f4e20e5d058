import type { AccountAuthority, LedgerReader } from "../../src/verify/types.js";

/** What an in-memory ledger holds for one account (its address is the key). */
export type MemoryAccount = Omit<AccountAuthority, "account" | "exists">;

/**
 * A ledger held in memory, as a LedgerReader (what createVerifier's `ledgerReader` option takes):
 * accounts not in the table do not exist. `reads` lists every address asked for, in order.
 */
export function memoryLedger(accounts: Record<string, MemoryAccount>, networkId = 0): LedgerReader & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    getAccountAuthority(address) {
      reads.push(address);
      const entry = accounts[address];
      return Promise.resolve(
        entry === undefined ? { account: address, exists: false, masterDisabled: false } : { account: address, exists: true, ...entry },
      );
    },
    getNetworkId: () => Promise.resolve(networkId),
  };
}
