import { InvalidOptionsError } from "../errors.js";
import { CLASSIC_ADDRESS_SHAPE } from "../shared/classic-address-shape.js";
import { bytesToHex } from "../shared/hex.js";

/**
 * Parameters of `buildSignInTransaction`.
 *
 * @example
 * ```ts
 * const params: SignInTransactionParams = { account: "r...", message, networkId: 0 };
 * ```
 */
export interface SignInTransactionParams {
  /** Classic address of the account signing in. */
  account: string;
  /** The exact sign-in message text; it goes into the first memo. */
  message: string;
  /** XRPL network id. Written as `NetworkID` only when above 1024, as the ledger requires. */
  networkId?: number;
}

/**
 * The sign-in transaction, in the JSON form wallets and ripple-binary-codec take. Wallets add
 * `SigningPubKey` and `TxnSignature` when they sign.
 *
 * @example
 * ```ts
 * const tx: SignInTransaction = buildSignInTransaction({ account, message });
 * tx.Memos[0].Memo.MemoData; // upper-case hex of the message
 * ```
 */
export interface SignInTransaction {
  TransactionType: "AccountSet";
  Account: string;
  Sequence: 0;
  Fee: "0";
  Memos: [{ Memo: { MemoData: string } }];
  NetworkID?: number;
  SigningPubKey?: string;
  TxnSignature?: string;
}

/**
 * The transaction that wallets which only sign transactions (Xaman, Ledger, WalletConnect
 * wallets, the XRPL Snap) are asked to sign: an `AccountSet` that sets nothing, with `Sequence`
 * 0 and `Fee` "0", carrying the message (UTF-8, upper-case hex) as the first memo's `MemoData`.
 * No ledger can ever apply it (sequence 0 is never current, a zero fee is below the minimum), and
 * it changes nothing even in theory. `NetworkID` is written only for network ids above 1024 (the
 * ledger rejects it at or below 1024 and requires it above), and the verifier checks it against
 * its network.
 *
 * @example
 * ```ts
 * import { buildSignInTransaction } from "sign-in-with-xrpl/client";
 * const tx = buildSignInTransaction({ account: address, message });
 * const { response } = await sdk.payload.create({ txjson: tx }); // Xaman, for example
 * ```
 */
export function buildSignInTransaction(params: SignInTransactionParams): SignInTransaction {
  if (params === null || typeof params !== "object") {
    throw new InvalidOptionsError("sign-in-with-xrpl: buildSignInTransaction needs { account, message, networkId? }.");
  }
  const { account, message, networkId } = params;
  if (typeof account !== "string" || !CLASSIC_ADDRESS_SHAPE.test(account)) {
    throw new InvalidOptionsError(
      `sign-in-with-xrpl: buildSignInTransaction \`account\` must be a classic address (r...); got ${JSON.stringify(account)}.`,
    );
  }
  if (typeof message !== "string" || message === "") {
    throw new InvalidOptionsError("sign-in-with-xrpl: buildSignInTransaction `message` must be the sign-in message text.");
  }
  if (networkId !== undefined && (!Number.isInteger(networkId) || networkId < 0 || networkId > 0xffffffff)) {
    throw new InvalidOptionsError(
      `sign-in-with-xrpl: buildSignInTransaction \`networkId\` must be an integer from 0 to 4294967295; got ${String(networkId)}.`,
    );
  }
  const tx: SignInTransaction = {
    TransactionType: "AccountSet",
    Account: account,
    Sequence: 0,
    Fee: "0",
    Memos: [{ Memo: { MemoData: utf8Hex(message) } }],
  };
  if (networkId !== undefined && networkId > 1024) tx.NetworkID = networkId;
  return tx;
}

/** Upper-case hex of the UTF-8 bytes of `text`. @internal */
export function utf8Hex(text: string): string {
  return bytesToHex(new TextEncoder().encode(text));
}
