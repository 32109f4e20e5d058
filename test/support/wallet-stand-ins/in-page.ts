/**
 * Stand-ins of the wallet extensions, installed in a chromium page before its scripts run
 * (bundled by `wallet-stand-ins.ts`, injected with `page.addInitScript`). A real extension cannot
 * be loaded here, so each stand-in is the extension side of that wallet's page protocol, answering
 * the wallet's own, unmodified SDK as the real extension answers it, and signing with a real key.
 *
 * - GemWallet (extension 3.8, repository GemWallet/gemwallet-extension, commit fe27ea90): the
 *   content script's `window.postMessage` protocol. Requests arrive as
 *   `{ source: "GEM_WALLET_MSG_REQUEST", messageId, app: "gem-wallet", type, payload }`; answers go
 *   back as `{ source: "GEM_WALLET_MSG_RESPONSE", messagedId, result, error }` (the field really
 *   is `messagedId`: packages/extension/src/chromeServices/content/index.ts).
 *   `REQUEST_IS_INSTALLED/V3` answers `isInstalled: true`; `REQUEST_GET_PUBLIC_KEY/V3` answers
 *   `{ address, publicKey }` (SharePublicKey.tsx) or `result: undefined` when declined;
 *   `REQUEST_SIGN_MESSAGE/V3` signs like LedgerContext.tsx `signMessage`:
 *   `sign(isHex ? message : Buffer.from(message, "utf8").toString("hex"), privateKey)` with
 *   ripple-keypairs, and answers `{ signedMessage }`, or `result: undefined` when declined. A
 *   locked GemWallet asks for its password in the same popup, so closing it is the same refusal
 *   (background/utils/rejectOnClose.ts answers `result: null`).
 * - Crossmark (SDK @crossmarkio/sdk 0.4.0; the extension's source is not public): the extension
 *   injects `window.xrpl = { isCrossmark: true }` (what the SDK's mount polls for) and answers the
 *   SDK's `window.postMessage` requests `{ app: "crossmark", type: "request", id, command, data }`
 *   with `{ request, response: { app, type: "response", id, data }, createdAt, resolvedAt }`
 *   (the shapes of @crossmarkio/typings 0.0.6). `sign` with `tx.TransactionType: "SignIn"` and
 *   `hex` answers `{ address, publicKey, signature, network, user, meta }`, the signature being
 *   ripple-keypairs `sign(hex, privateKey)` over the bytes the hex encodes; declined answers
 *   `meta.isRejected: true` and no signature. `isLocked`, `address`, `network` and `user` answer
 *   their typed data.
 * - Otsu (repository RomThpt/otsu-wallet, commit 3b3ddd5): the provider its extension injects at
 *   `window.xrpl` with `isOtsu: true`. `signTransaction(tx)` sets `Account` to the active account,
 *   fills what xrpl.js `autofill` fills when missing (`LastLedgerSequence`) and answers
 *   `{ tx_blob, hash }` from xrpl's `Wallet.sign` (here: ripple-binary-codec and ripple-keypairs,
 *   which that method uses); `signMessage(message)` calls @noble/curves 2 `secp256k1.sign` on
 *   SHA-256 of the UTF-8 text (noble hashes it with SHA-256 once more by default) and answers
 *   `{ signature }`, compact r and s in hex (packages/core/src/keyring/keyring.ts).
 */
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { encode, encodeForSigning } from "ripple-binary-codec";
import { deriveAddress, deriveKeypair, sign } from "ripple-keypairs";
import { createOtsuAdapterStandIn } from "./wallet-kit-otsu.js";

type Behavior = "approve" | "refuse" | "locked";

interface Keys {
  address: string;
  publicKey: string;
  privateKey: string;
}

function keysOf(seed: string): Keys {
  const { publicKey, privateKey } = deriveKeypair(seed);
  return { address: deriveAddress(publicKey), publicKey, privateKey };
}

function hexOf(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** What each stand-in was asked, for the test to read back. */
const log: { wallet: string; type: string; detail: unknown }[] = [];

function installGemWallet(config: { seed: string; behavior: Behavior }): void {
  const state = { keys: keysOf(config.seed), behavior: config.behavior };
  window.addEventListener("message", (event: MessageEvent) => {
    const data = event.data as Record<string, unknown> | null;
    if (event.source !== window || data === null || typeof data !== "object" || data["source"] !== "GEM_WALLET_MSG_REQUEST") return;
    const messagedId = data["messageId"];
    const type = data["type"];
    const payload = (data["payload"] ?? {}) as Record<string, unknown>;
    log.push({ wallet: "gemwallet", type: String(type), detail: payload["message"] });
    const answer = (fields: Record<string, unknown>) =>
      window.postMessage({ source: "GEM_WALLET_MSG_RESPONSE", messagedId, ...fields }, window.location.origin);
    // The extension answers after the user acted in its popup: later than the request.
    setTimeout(() => {
      if (type === "REQUEST_IS_INSTALLED/V3") return answer({ isInstalled: true });
      const approved = state.behavior === "approve";
      if (type === "REQUEST_GET_PUBLIC_KEY/V3") {
        return answer({ result: approved ? { address: state.keys.address, publicKey: state.keys.publicKey } : null, error: undefined });
      }
      if (type === "REQUEST_SIGN_MESSAGE/V3") {
        if (!approved) return answer({ result: null, error: undefined });
        const message = String(payload["message"]);
        const messageHex = payload["isHex"] === true ? message : hexOf(new TextEncoder().encode(message));
        return answer({ result: { signedMessage: sign(messageHex, state.keys.privateKey) }, error: undefined });
      }
      return undefined;
    }, 20);
  });
  (window as unknown as { __gemWallet: unknown }).__gemWallet = {
    setBehavior: (behavior: Behavior) => (state.behavior = behavior),
    address: () => state.keys.address,
  };
}

function installCrossmark(config: { seed: string; behavior: Behavior }): void {
  const state = { keys: keysOf(config.seed), behavior: config.behavior };
  (window as unknown as { xrpl: unknown }).xrpl = { isCrossmark: true };
  const network = { protocol: "xrpl", type: "main", label: "Mainnet", wss: "wss://xrplcluster.com", rpc: "https://xrplcluster.com" };
  const user = { id: "stand-in", username: "stand-in", type: "user", developer: false };
  const meta = (signed: boolean) => ({
    isError: false,
    isRejected: !signed,
    isExpired: false,
    isSigned: signed,
    isPending: false,
    isSuccess: signed,
    isFail: !signed,
    isVerified: false,
  });
  window.addEventListener("message", (event: MessageEvent) => {
    const request = event.data as Record<string, unknown> | null;
    if (event.source !== window || request === null || typeof request !== "object") return;
    if (request["type"] !== "request" || request["app"] !== "crossmark") return;
    const command = request["command"];
    const requestData = (request["data"] ?? {}) as Record<string, unknown>;
    log.push({ wallet: "crossmark", type: String(command), detail: requestData["hex"] });
    const createdAt = Date.now();
    const answer = (data: Record<string, unknown>) =>
      window.postMessage(
        { request, response: { app: "crossmark", type: "response", id: request["id"], data }, createdAt, resolvedAt: Date.now() },
        window.location.origin,
      );
    setTimeout(() => {
      const unlocked = state.behavior !== "locked";
      if (command === "isLocked") return answer({ isLocked: !unlocked });
      if (command === "network") return answer({ network });
      if (command === "user") return answer({ user });
      if (command === "address") return answer({ address: unlocked ? state.keys.address : undefined });
      const tx = requestData["tx"] as Record<string, unknown> | undefined;
      if (command === "sign" && tx?.["TransactionType"] === "SignIn") {
        if (state.behavior !== "approve") return answer({ meta: meta(false) });
        const hex = requestData["hex"];
        const data: Record<string, unknown> = {
          address: state.keys.address,
          publicKey: state.keys.publicKey,
          network,
          user,
          meta: meta(true),
        };
        if (typeof hex === "string") data["signature"] = sign(hex, state.keys.privateKey);
        return answer(data);
      }
      return undefined;
    }, 20);
  });
  (window as unknown as { __crossmark: unknown }).__crossmark = {
    setBehavior: (behavior: Behavior) => (state.behavior = behavior),
    address: () => state.keys.address,
  };
}

function installOtsu(config: { seed: string; behavior: Behavior }): void {
  const state = { keys: keysOf(config.seed), behavior: config.behavior, connected: false };
  const refuse = () => Promise.reject(new Error("User rejected the request"));
  (window as unknown as { xrpl: unknown }).xrpl = {
    isOtsu: true,
    isConnected: () => state.connected,
    connect: () => {
      log.push({ wallet: "otsu", type: "connect", detail: undefined });
      if (state.behavior !== "approve") return refuse();
      state.connected = true;
      return Promise.resolve({ address: state.keys.address, publicKey: state.keys.publicKey });
    },
    disconnect: () => Promise.resolve((state.connected = false)),
    getAddress: () => Promise.resolve({ address: state.keys.address, publicKey: state.keys.publicKey }),
    getNetwork: () => Promise.resolve({ network: "mainnet" }),
    signTransaction: (tx: Record<string, unknown>) => {
      log.push({ wallet: "otsu", type: "signTransaction", detail: tx });
      if (state.behavior !== "approve") return refuse();
      const prepared: Record<string, unknown> = { ...tx, Account: state.keys.address };
      prepared["LastLedgerSequence"] ??= 1_000_020;
      const unsigned = { ...prepared, SigningPubKey: state.keys.publicKey };
      const signed = { ...unsigned, TxnSignature: sign(encodeForSigning(unsigned), state.keys.privateKey) };
      const txBlob = encode(signed);
      return Promise.resolve({ tx_blob: txBlob, hash: "" });
    },
    signAndSubmit: () => Promise.reject(new Error("The stand-in never submits.")),
    signMessage: (message: string) => {
      log.push({ wallet: "otsu", type: "signMessage", detail: message });
      if (state.behavior !== "approve") return refuse();
      const privateKey = state.keys.privateKey.startsWith("00") ? state.keys.privateKey.slice(2) : state.keys.privateKey;
      // As Otsu's keyring does: noble's sign (which hashes with SHA-256 again by default) of SHA-256 of the text.
      const key = Uint8Array.from(privateKey.match(/../g)!.map((byte) => parseInt(byte, 16)));
      const signature = secp256k1.sign(sha256(new TextEncoder().encode(message)), key);
      return Promise.resolve({ signature: hexOf(signature) });
    },
    on: () => undefined,
    off: () => undefined,
  };
  (window as unknown as { __otsu: unknown }).__otsu = {
    setBehavior: (behavior: Behavior) => (state.behavior = behavior),
    address: () => state.keys.address,
  };
}

/** What a page that uses wallet-kit does: it builds its adapters (here, the Otsu one) and offers them. */
function registerWalletKitOtsuAdapter(): void {
  const host = window as unknown as { walletKitAdapters?: unknown[] };
  (host.walletKitAdapters ??= []).push(createOtsuAdapterStandIn());
}

(window as unknown as { __standIns: unknown }).__standIns = {
  installGemWallet,
  installCrossmark,
  installOtsu,
  registerWalletKitOtsuAdapter,
  log,
};
