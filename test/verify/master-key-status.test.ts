import { afterEach, describe, expect, it, vi } from "vitest";
import { InvalidOptionsError, LedgerUnavailableError } from "../../src/errors.js";
import { compactSignature, createVerifier } from "../../src/verify/index.js";
import { MASTER_KEY_STATUS_TTL_MS, MasterKeyStatusCache } from "../../src/verify/master-key-status.js";
import type { AccountAuthority, LedgerReader } from "../../src/verify/types.js";
import { memoryLedger, type MemoryAccount } from "./memory-ledger.js";
import { compactProof, keyAddressOf, regularKeyWallet, signInMessage, walletFor } from "./proofs.js";

/** A ledger whose answers wait until the test releases them, counting every look-up. */
function heldLedger(accounts: Record<string, MemoryAccount>): LedgerReader & { reads: string[]; release: () => void } {
  const inner = memoryLedger(accounts);
  const reads: string[] = [];
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  return {
    reads,
    release: () => open(),
    async getAccountAuthority(address: string): Promise<AccountAuthority> {
      reads.push(address);
      await gate;
      return inner.getAccountAuthority(address);
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the default compact strategy remembers whether a master key is disabled, per address", () => {
  it("the window is 30 seconds", () => {
    expect(MASTER_KEY_STATUS_TTL_MS).toBe(30_000);
  });

  it("a second sign-in within the window makes no second look-up; after the window it does", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const wallet = walletFor("ed25519");
    const ledger = memoryLedger({ [wallet.classicAddress]: { masterDisabled: false } });
    const verifier = createVerifier({ ledgerReader: ledger });
    const proof = compactProof(wallet, signInMessage(wallet.classicAddress));
    expect(await verifier.verify(proof)).toBe(true);
    expect(ledger.reads).toEqual([wallet.classicAddress]);
    vi.advanceTimersByTime(MASTER_KEY_STATUS_TTL_MS - 1);
    expect(await verifier.verify(proof)).toBe(true);
    expect(ledger.reads).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(await verifier.verify(proof)).toBe(true);
    expect(ledger.reads).toEqual([wallet.classicAddress, wallet.classicAddress]);
  });

  it("a master key disabled on the ledger keeps signing in until the window ends, then is refused", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const wallet = walletFor("secp256k1");
    const account: MemoryAccount = { masterDisabled: false };
    const ledger = memoryLedger({ [wallet.classicAddress]: account });
    const verifier = createVerifier({ ledgerReader: ledger });
    const proof = compactProof(wallet, signInMessage(wallet.classicAddress));
    expect(await verifier.verify(proof)).toBe(true);
    account.masterDisabled = true;
    vi.advanceTimersByTime(MASTER_KEY_STATUS_TTL_MS - 1000);
    expect(await verifier.verify(proof)).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(await verifier.check(proof)).toMatchObject({ ok: false, code: "master_disabled" });
    // The refusal is remembered too, for the same window.
    expect(await verifier.check(proof)).toMatchObject({ ok: false, code: "master_disabled" });
    expect(ledger.reads).toHaveLength(2);
  });

  it("ledger: always reads every time, so a disabled master key is refused at the next sign-in", async () => {
    const wallet = walletFor("ed25519");
    const account: MemoryAccount = { masterDisabled: false };
    const ledger = memoryLedger({ [wallet.classicAddress]: account });
    const verifier = createVerifier({ ledgerReader: ledger, strategies: [compactSignature({ ledger: "always" })] });
    const proof = compactProof(wallet, signInMessage(wallet.classicAddress));
    expect(await verifier.verify(proof)).toBe(true);
    expect(await verifier.verify(proof)).toBe(true);
    account.masterDisabled = true;
    expect(await verifier.check(proof)).toMatchObject({ ok: false, code: "master_disabled" });
    expect(ledger.reads).toHaveLength(3);
  });

  it("concurrent sign-ins of one address share one look-up; another address gets its own", async () => {
    const wallet = walletFor("ed25519");
    const other = walletFor("secp256k1");
    const ledger = heldLedger({ [wallet.classicAddress]: { masterDisabled: false } });
    const verifier = createVerifier({ ledgerReader: ledger });
    const proof = compactProof(wallet, signInMessage(wallet.classicAddress));
    const answers = Promise.all([
      ...Array.from({ length: 20 }, () => verifier.verify(proof)),
      verifier.verify(compactProof(other, signInMessage(other.classicAddress))),
    ]);
    await vi.waitFor(() => expect(ledger.reads).toHaveLength(2));
    // Every sign-in has reached the ledger question by now; none asked again.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ledger.reads.filter((address) => address === wallet.classicAddress)).toHaveLength(1);
    ledger.release();
    expect(await answers).toEqual(Array.from({ length: 21 }, () => true));
    expect(ledger.reads).toHaveLength(2);
  });

  it("concurrent sign-ins of a disabled master key are all refused by the one answer", async () => {
    const wallet = walletFor("ed25519");
    const ledger = heldLedger({ [wallet.classicAddress]: { masterDisabled: true } });
    const verifier = createVerifier({ ledgerReader: ledger });
    const proof = compactProof(wallet, signInMessage(wallet.classicAddress));
    const answers = Promise.all(Array.from({ length: 10 }, () => verifier.check(proof)));
    await vi.waitFor(() => expect(ledger.reads).toHaveLength(1));
    ledger.release();
    for (const answer of await answers) expect(answer).toMatchObject({ ok: false, code: "master_disabled" });
    expect(ledger.reads).toHaveLength(1);
  });

  it("a failed look-up is not remembered: every waiter gets LedgerUnavailableError, the next sign-in asks again", async () => {
    const wallet = walletFor("ed25519");
    let down = true;
    const reads: string[] = [];
    const ledger: LedgerReader = {
      getAccountAuthority(address) {
        reads.push(address);
        if (down) return Promise.reject(new LedgerUnavailableError("The ledger node did not answer account_info within 10 ms."));
        return Promise.resolve({ account: address, exists: false, masterDisabled: false });
      },
    };
    const verifier = createVerifier({ ledgerReader: ledger });
    const proof = compactProof(wallet, signInMessage(wallet.classicAddress));
    const outcomes = await Promise.allSettled([verifier.verify(proof), verifier.verify(proof)]);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe("rejected");
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(LedgerUnavailableError);
    }
    down = false;
    expect(await verifier.verify(proof)).toBe(true);
    expect(reads.length).toBeGreaterThanOrEqual(2);
  });

  it("a reader that throws instead of rejecting is answered the same way", async () => {
    const wallet = walletFor("ed25519");
    const verifier = createVerifier({
      ledgerReader: {
        getAccountAuthority() {
          throw new LedgerUnavailableError("down");
        },
      },
    });
    await expect(verifier.verify(compactProof(wallet, signInMessage(wallet.classicAddress)))).rejects.toBeInstanceOf(
      LedgerUnavailableError,
    );
  });

  it("a regular key is read afresh every time, and its removal takes effect at once", async () => {
    const master = walletFor("ed25519");
    const regular = regularKeyWallet(master.classicAddress);
    const account: MemoryAccount = { masterDisabled: true, regularKey: keyAddressOf(regular) };
    const ledger = memoryLedger({ [master.classicAddress]: account });
    const verifier = createVerifier({ ledgerReader: ledger });
    const proof = compactProof(regular, signInMessage(master.classicAddress));
    expect(await verifier.verify(proof)).toBe(true);
    expect(await verifier.verify(proof)).toBe(true);
    delete account.regularKey;
    expect(await verifier.check(proof)).toMatchObject({ ok: false, code: "key_not_authorized" });
    expect(ledger.reads).toHaveLength(3);
  });

  it("one strategy shared by verifiers over two ledgers keeps their answers apart", async () => {
    const wallet = walletFor("ed25519");
    const strategy = compactSignature();
    const mainnet = memoryLedger({ [wallet.classicAddress]: { masterDisabled: true } });
    const testnet = memoryLedger({ [wallet.classicAddress]: { masterDisabled: false } }, 1);
    const onMainnet = createVerifier({ ledgerReader: mainnet, strategies: [strategy] });
    const onTestnet = createVerifier({ ledgerReader: testnet, strategies: [strategy] });
    const proof = compactProof(wallet, signInMessage(wallet.classicAddress));
    expect(await onMainnet.verify(proof)).toBe(false);
    expect(await onTestnet.verify(proof)).toBe(true);
    expect(await onMainnet.verify(proof)).toBe(false);
  });

  it("refuses an unknown ledger mode, naming the accepted ones", () => {
    expect(() => compactSignature({ ledger: "sometimes" as never })).toThrow(InvalidOptionsError);
    expect(() => compactSignature({ ledger: "sometimes" as never })).toThrow(
      'compactSignature({ ledger }): ledger must be "cached", "always" or "never", got "sometimes".',
    );
  });
});

describe("MasterKeyStatusCache", () => {
  const reader = (masterDisabled: boolean): LedgerReader & { reads: string[] } => {
    const reads: string[] = [];
    return {
      reads,
      getAccountAuthority: (address) => {
        reads.push(address);
        return Promise.resolve({ account: address, exists: true, masterDisabled });
      },
    };
  };

  it("answers a fresh known address at once, without a promise", async () => {
    const cache = new MasterKeyStatusCache(1000, 10, () => 0);
    const ledger = reader(true);
    await expect(cache.masterDisabled("rA", ledger)).resolves.toBe(true);
    expect(cache.masterDisabled("rA", ledger)).toBe(true);
    expect(ledger.reads).toEqual(["rA"]);
  });

  it("counts the window from when the look-up was sent", async () => {
    let nowMs = 0;
    const cache = new MasterKeyStatusCache(1000, 10, () => nowMs);
    const ledger = reader(false);
    const pending = cache.masterDisabled("rA", ledger);
    nowMs = 999;
    await pending;
    expect(cache.masterDisabled("rA", ledger)).toBe(false);
    nowMs = 1000;
    await expect(cache.masterDisabled("rA", ledger)).resolves.toBe(false);
    expect(ledger.reads).toEqual(["rA", "rA"]);
  });

  it("treats an account not on the ledger as not disabled (it has only its master key)", async () => {
    const cache = new MasterKeyStatusCache();
    await expect(
      cache.masterDisabled("rA", { getAccountAuthority: (account) => Promise.resolve({ account, exists: false, masterDisabled: true }) }),
    ).resolves.toBe(false);
  });

  it("holds at most its bound of addresses, forgetting the least recently used", async () => {
    const cache = new MasterKeyStatusCache(60_000, 100, () => 0);
    const ledger = reader(false);
    for (let index = 0; index < 1000; index += 1) await cache.masterDisabled(`r${index}`, ledger);
    expect(cache.size).toBe(100);
    // The last 100 are known; the first was forgotten and is asked again.
    expect(cache.masterDisabled("r999", ledger)).toBe(false);
    await cache.masterDisabled("r0", ledger);
    expect(ledger.reads.filter((address) => address === "r0")).toHaveLength(2);
  });
});
