import { WalletError } from "../errors.js";
import { utf8Hex } from "../transaction.js";
import type { Wallet, WalletProof } from "../types.js";
import { checkSdkSource, describeThrown, nonEmptyString, pick, sdkLoader, type SdkSource } from "./sdk-source.js";

/**
 * What `createCrossmarkWallet` calls in `@crossmarkio/sdk` (version 0.4): the part of the SDK it
 * uses, on its default export.
 *
 * @example
 * ```ts
 * import sdk from "@crossmarkio/sdk";
 * const crossmark: CrossmarkSdk = sdk;
 * ```
 */
export interface CrossmarkSdk {
  sync: {
    getAddress(): string | undefined;
  };
  async: {
    detect(timeoutMs?: number): Promise<boolean>;
    signInAndWait(hex?: string): Promise<unknown>;
    isLockedAndWait(): Promise<unknown>;
  };
}

/**
 * Options of `createCrossmarkWallet`.
 *
 * @example
 * ```ts
 * const options: CrossmarkWalletOptions = { sdk: () => import("@crossmarkio/sdk"), detectTimeoutMs: 3000 };
 * ```
 */
export interface CrossmarkWalletOptions {
  /** `@crossmarkio/sdk`: the module, or `() => import("@crossmarkio/sdk")` to load it on first use. */
  sdk: SdkSource<CrossmarkSdk>;
  /** How long to wait for the extension to announce itself before saying it is not installed. Default 3000. */
  detectTimeoutMs?: number;
}

/**
 * A Crossmark wallet that remembers the account it gave.
 *
 * @example
 * ```ts
 * const wallet: CrossmarkWallet = createCrossmarkWallet({ sdk: () => import("@crossmarkio/sdk") });
 * ```
 */
export interface CrossmarkWallet extends Wallet {
  readonly id: "crossmark";
  getAddress(): Promise<string>;
  sign(message: string): Promise<WalletProof>;
}

const NAME = "Crossmark";
const DEFAULT_DETECT_TIMEOUT_MS = 3000;
const LOCK_CHECK_TIMEOUT_MS = 2000;

/**
 * Crossmark, the browser extension, as a sign-in wallet, over its own SDK `@crossmarkio/sdk`.
 *
 * - `getAddress()` waits for the extension (`async.detect`), then takes the account the SDK's
 *   session knows; when there is none yet it asks Crossmark to sign in (`signInAndWait()`), which
 *   answers the address.
 * - `sign(message)` calls `signInAndWait(hex)` with the upper-case hex of the message's UTF-8
 *   bytes: Crossmark signs the bytes that hex encodes (ed25519 as is, secp256k1 over
 *   SHA-512Half), so the signature is over the exact message text, and answers the signature and
 *   the public key. Handing it the text itself would sign something else. The proof is
 *   `{ signatureKind: "signature", signature, publicKey }`.
 * - Refusals reject with `WalletError`: `reason: "unavailable"` when the extension does not
 *   announce itself in time (or on a phone, where Crossmark does not run), `"locked"` when a
 *   declined request finds the wallet locked, `"refused"` when the user declined.
 *
 * @example
 * ```ts
 * import { createAuthController, createCrossmarkWallet, createHttpAdapter } from "sign-in-with-xrpl/client";
 * const wallet = createCrossmarkWallet({ sdk: () => import("@crossmarkio/sdk") });
 * const controller = createAuthController({ wallet, adapter: createHttpAdapter(), chainId: "xrpl:0" });
 * ```
 */
export function createCrossmarkWallet(options: CrossmarkWalletOptions): CrossmarkWallet {
  checkSdkSource("createCrossmarkWallet", options?.sdk, '{ sdk: () => import("@crossmarkio/sdk") }');
  const detectTimeoutMs = options.detectTimeoutMs ?? DEFAULT_DETECT_TIMEOUT_MS;
  const load = sdkLoader<CrossmarkSdk>(options.sdk, "async", NAME);
  let address: string | undefined;

  async function ready(step: "address" | "sign"): Promise<CrossmarkSdk> {
    const sdk = await load();
    let detected: boolean;
    try {
      // The SDK's proxy throws on a phone ("Crossmark only available from desktop").
      detected = await sdk.async.detect(detectTimeoutMs);
    } catch (error) {
      throw new WalletError(step, `${NAME} is not available here: ${describeThrown(error)}`, { cause: error, reason: "unavailable" });
    }
    if (!detected) throw new WalletError(step, `${NAME} is not installed in this browser.`, { reason: "unavailable" });
    return sdk;
  }

  /** A declined answer: locked when Crossmark says so, else refused. */
  async function refusal(sdk: CrossmarkSdk, step: "address" | "sign", what: string): Promise<WalletError> {
    let locked = false;
    try {
      const answer = await Promise.race([
        sdk.async.isLockedAndWait(),
        new Promise((resolve) => setTimeout(resolve, LOCK_CHECK_TIMEOUT_MS, undefined)),
      ]);
      locked = pick(answer, ["response", "data", "isLocked"]) === true;
    } catch {
      // No answer about the lock: report the refusal itself.
    }
    return locked
      ? new WalletError(step, `${NAME} is locked: unlock it and try again.`, { reason: "locked" })
      : new WalletError(step, `${NAME} did not ${what}: the request was declined.`, { reason: "refused" });
  }

  async function signIn(sdk: CrossmarkSdk, step: "address" | "sign", hex?: string): Promise<Record<string, unknown>> {
    let answer: unknown;
    try {
      answer = hex === undefined ? await sdk.async.signInAndWait() : await sdk.async.signInAndWait(hex);
    } catch (error) {
      throw new WalletError(step, `${NAME} could not sign in: ${describeThrown(error)}`, { cause: error, reason: "failed" });
    }
    const data = pick(answer, ["response", "data"]);
    const meta = pick(data, ["meta"]);
    const declined = pick(meta, ["isRejected"]) === true || pick(meta, ["isError"]) === true || pick(meta, ["isExpired"]) === true;
    if (data === null || typeof data !== "object" || declined) {
      throw await refusal(sdk, step, step === "address" ? "share the account" : "sign");
    }
    return data as Record<string, unknown>;
  }

  return {
    id: "crossmark",
    async getAddress(): Promise<string> {
      const sdk = await ready("address");
      const known = nonEmptyString(sdk.sync.getAddress());
      if (known !== undefined) return (address = known);
      const given = nonEmptyString((await signIn(sdk, "address"))["address"]);
      if (given === undefined) throw await refusal(sdk, "address", "share the account");
      return (address = given);
    },
    async sign(message: string): Promise<WalletProof> {
      const sdk = await ready("sign");
      const data = await signIn(sdk, "sign", utf8Hex(message));
      const signature = nonEmptyString(data["signature"]);
      const publicKey = nonEmptyString(data["publicKey"]);
      if (signature === undefined) throw await refusal(sdk, "sign", "sign");
      if (publicKey === undefined) {
        throw new WalletError("sign", `${NAME} signed but gave no public key, so the signature cannot be checked.`, { reason: "failed" });
      }
      const signer = nonEmptyString(data["address"]);
      if (address !== undefined && signer !== undefined && signer !== address) {
        throw new WalletError("sign", `${NAME} signed with ${signer}, not with ${address}, the account it gave: sign in again.`, {
          reason: "failed",
        });
      }
      return { signatureKind: "signature", signature, publicKey };
    },
  };
}
