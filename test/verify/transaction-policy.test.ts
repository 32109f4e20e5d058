import { describe, expect, it } from "vitest";
import { classifyHarmlessTransaction } from "../../src/verify/transaction-policy.js";

const ACCOUNT = "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe";
const OTHER = "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh";
const signed = { SigningPubKey: "ED00", TxnSignature: "00", Memos: [{ Memo: { MemoData: "00" } }] };

describe("classifyHarmlessTransaction", () => {
  it("recognises the Xaman SignIn pseudo-transaction", () => {
    expect(classifyHarmlessTransaction({ Account: ACCOUNT, ...signed })).toBe("SignIn");
    expect(classifyHarmlessTransaction({ Account: ACCOUNT, Fee: "12", Sequence: 5, ...signed })).toBe("SignIn");
  });
  it("recognises an AccountSet that sets nothing, with Sequence 0 or none", () => {
    expect(classifyHarmlessTransaction({ TransactionType: "AccountSet", Account: ACCOUNT, Fee: "0", Sequence: 0, ...signed })).toBe(
      "AccountSet",
    );
    expect(classifyHarmlessTransaction({ TransactionType: "AccountSet", Account: ACCOUNT, Fee: "0", ...signed })).toBe("AccountSet");
    expect(
      classifyHarmlessTransaction({
        TransactionType: "AccountSet",
        Account: ACCOUNT,
        Sequence: 0,
        Flags: 0x80000000,
        LastLedgerSequence: 9,
        NetworkID: 21338,
        SourceTag: 1,
        Signers: [],
        ...signed,
      }),
    ).toBe("AccountSet");
  });
  it("recognises an XRP Payment to the account itself", () => {
    expect(
      classifyHarmlessTransaction({
        TransactionType: "Payment",
        Account: ACCOUNT,
        Destination: ACCOUNT,
        Amount: "1000",
        Sequence: 9,
        ...signed,
      }),
    ).toBe("Payment");
  });
  it.each([
    ["AccountSet with a live Sequence", { TransactionType: "AccountSet", Account: ACCOUNT, Sequence: 1 }],
    ["AccountSet with SetFlag", { TransactionType: "AccountSet", Account: ACCOUNT, Sequence: 0, SetFlag: 8 }],
    ["AccountSet with ClearFlag", { TransactionType: "AccountSet", Account: ACCOUNT, Sequence: 0, ClearFlag: 8 }],
    ["AccountSet with Domain", { TransactionType: "AccountSet", Account: ACCOUNT, Sequence: 0, Domain: "00" }],
    ["AccountSet with WalletLocator", { TransactionType: "AccountSet", Account: ACCOUNT, Sequence: 0, WalletLocator: "00".repeat(32) }],
    ["AccountSet with MessageKey", { TransactionType: "AccountSet", Account: ACCOUNT, Sequence: 0, MessageKey: "02" }],
    ["AccountSet with a flag", { TransactionType: "AccountSet", Account: ACCOUNT, Sequence: 0, Flags: 0x00100000 }],
    ["AccountSet with TicketSequence", { TransactionType: "AccountSet", Account: ACCOUNT, Sequence: 0, TicketSequence: 1 }],
    ["AccountSet with Delegate", { TransactionType: "AccountSet", Account: ACCOUNT, Sequence: 0, Delegate: OTHER }],
    ["SignIn with TicketSequence", { Account: ACCOUNT, TicketSequence: 1 }],
    ["SignIn with Delegate", { Account: ACCOUNT, Delegate: OTHER }],
    ["SignIn with a flag", { Account: ACCOUNT, Flags: 1 }],
    ["SignIn with Amount", { Account: ACCOUNT, Amount: "1" }],
    ["Payment to another account", { TransactionType: "Payment", Account: ACCOUNT, Destination: OTHER, Amount: "1" }],
    [
      "Payment of a token to self",
      { TransactionType: "Payment", Account: ACCOUNT, Destination: ACCOUNT, Amount: { currency: "USD", issuer: OTHER, value: "1" } },
    ],
    [
      "Payment of an MPT to self",
      { TransactionType: "Payment", Account: ACCOUNT, Destination: ACCOUNT, Amount: { mpt_issuance_id: "00", value: "1" } },
    ],
    ["Payment with a malformed amount", { TransactionType: "Payment", Account: ACCOUNT, Destination: ACCOUNT, Amount: "-1" }],
    ["Payment to self with Paths", { TransactionType: "Payment", Account: ACCOUNT, Destination: ACCOUNT, Amount: "1", Paths: [] }],
    [
      "Payment to self with InvoiceID",
      { TransactionType: "Payment", Account: ACCOUNT, Destination: ACCOUNT, Amount: "1", InvoiceID: "00" },
    ],
    ["Payment to self with a flag", { TransactionType: "Payment", Account: ACCOUNT, Destination: ACCOUNT, Amount: "1", Flags: 0x00020000 }],
    ["Payment without Destination", { TransactionType: "Payment", Account: ACCOUNT, Amount: "1" }],
    ["SetRegularKey", { TransactionType: "SetRegularKey", Account: ACCOUNT, Sequence: 0 }],
    ["EscrowCreate", { TransactionType: "EscrowCreate", Account: ACCOUNT, Sequence: 0 }],
    ["Batch", { TransactionType: "Batch", Account: ACCOUNT, Sequence: 0 }],
    ["a type that is not a string", { TransactionType: 3, Account: ACCOUNT, Sequence: 0 }],
  ])("refuses %s", (_name, tx) => {
    expect(classifyHarmlessTransaction({ ...tx, ...signed })).toBeUndefined();
  });
});
