import { describe, expect, expectTypeOf, it } from "vitest";
import {
  InvalidOptionsError,
  LedgerUnavailableError,
  MessageFormatError,
  type SignInError,
  StoreUnavailableError,
  type MessageIssueCode,
  type SignInErrorCode,
} from "../src/index.js";
import {
  type NetworkError,
  type ServerRejectedError,
  SignInCancelledError,
  type WalletError,
  type ClientErrorCode,
} from "../src/client/index.js";

describe("error codes", () => {
  it("each error family carries its own literal code, so a switch on `code` narrows", () => {
    expectTypeOf<MessageFormatError["code"]>().toEqualTypeOf<"message_format">();
    expectTypeOf<InvalidOptionsError["code"]>().toEqualTypeOf<"invalid_options">();
    expectTypeOf<LedgerUnavailableError["code"]>().toEqualTypeOf<"ledger_unavailable">();
    expectTypeOf<StoreUnavailableError["code"]>().toEqualTypeOf<"store_unavailable">();
    expectTypeOf<WalletError["code"]>().toEqualTypeOf<"wallet_error">();
    expectTypeOf<ServerRejectedError["code"]>().toEqualTypeOf<"server_rejected">();
    expectTypeOf<NetworkError["code"]>().toEqualTypeOf<"network_error">();
    expectTypeOf<SignInCancelledError["code"]>().toEqualTypeOf<"sign_in_cancelled">();
    expectTypeOf<SignInError["code"]>().toEqualTypeOf<SignInErrorCode>();
    expectTypeOf<MessageFormatError["issues"][number]["code"]>().toEqualTypeOf<MessageIssueCode>();
    expectTypeOf<"nonce_failed">().toMatchTypeOf<ClientErrorCode>();
    // A code no family produces is not a SignInErrorCode.
    expectTypeOf<"made_up">().not.toMatchTypeOf<SignInErrorCode>();
  });

  it("the code at run time is the one the type names", () => {
    expect(new InvalidOptionsError("x").code).toBe("invalid_options");
    expect(new LedgerUnavailableError("x").code).toBe("ledger_unavailable");
    expect(new StoreUnavailableError("x").code).toBe("store_unavailable");
    expect(new MessageFormatError([{ code: "not_a_string", line: 0, message: "x" }]).code).toBe("message_format");
    expect(new SignInCancelledError("signOut").code).toBe("sign_in_cancelled");
  });
});
