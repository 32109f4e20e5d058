/**
 * A wallet-kit adapter for Otsu, written in this project from wallet-kit's documented adapter
 * contract (XRPDomains/xrpl-wallet-kit, docs/adapters/adapter-contract.md, "Wallet Adapter Contract
 * v1") and the Otsu provider interface the Otsu adapter documents (`window.xrpl` with `isOtsu`,
 * `connect({ scopes })`, `signTransaction(tx)` answering `{ tx_blob, hash }`, `signMessage(message)`
 * answering `{ signature }`). The wallet-kit packages are not on the npm registry, so the real
 * `@xrpl-wallet-kit/adapter-otsu` cannot be installed; this has the same surface: metadata,
 * capabilities `{ connect, disconnect, signMessage, signTransaction, signAndSubmit }`, and
 * wallet-kit's error codes (`SIGN_REJECTED`, `CONNECTION_REJECTED`, `WALLET_NOT_AVAILABLE`).
 */
interface OtsuProvider {
  isOtsu: true;
  connect(params: { scopes: string[] }): Promise<{ address: string; publicKey?: string }>;
  signTransaction(tx: Record<string, unknown>): Promise<{ tx_blob: string; hash: string }>;
  signMessage(message: string): Promise<{ signature: string; publicKey?: string }>;
}

class WalletKitError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function provider(): OtsuProvider {
  const injected = (window as unknown as { xrpl?: Partial<OtsuProvider> }).xrpl;
  if (injected?.isOtsu !== true) throw new WalletKitError("WALLET_NOT_AVAILABLE", "Otsu Wallet provider is not available");
  return injected as OtsuProvider;
}

function rejected(error: unknown, code: string, fallback: string): WalletKitError {
  const text = error instanceof Error ? error.message : String(error);
  return /reject|denied|cancel/i.test(text) ? new WalletKitError(code, "Signing request was rejected") : new WalletKitError(fallback, text);
}

export function createOtsuAdapterStandIn() {
  let publicKey: string | undefined;
  return {
    adapterApiVersion: "1.1",
    metadata: { id: "otsu", name: "Otsu Wallet", type: "extension", group: "Extensions" },
    capabilities: { connect: true, disconnect: true, signMessage: true, signTransaction: true, signAndSubmit: true },
    isAvailable: () => (window as unknown as { xrpl?: { isOtsu?: unknown } }).xrpl?.isOtsu === true,
    async connect(_options: unknown) {
      try {
        const answer = await provider().connect({ scopes: ["read", "sign", "submit", "switchNetwork"] });
        publicKey = answer.publicKey;
        return { account: { address: answer.address, publicKey: answer.publicKey }, raw: answer };
      } catch (error) {
        throw error instanceof WalletKitError ? error : rejected(error, "CONNECTION_REJECTED", "CONNECTION_FAILED");
      }
    },
    async disconnect() {},
    async signMessage(request: { message: string; account?: { publicKey?: string } }) {
      try {
        const result = await provider().signMessage(request.message);
        return {
          signatureKind: "signature" as const,
          proof: result.signature,
          signature: result.signature,
          publicKey: result.publicKey ?? request.account?.publicKey ?? publicKey,
          raw: result,
        };
      } catch (error) {
        throw rejected(error, "SIGN_REJECTED", "SIGN_FAILED");
      }
    },
    async signTransaction(request: { txJson: Record<string, unknown> }) {
      try {
        const result = await provider().signTransaction(request.txJson);
        return { txBlob: result.tx_blob, raw: result };
      } catch (error) {
        throw rejected(error, "SIGN_REJECTED", "SIGN_FAILED");
      }
    },
    async signAndSubmit() {
      throw new WalletKitError("UNSUPPORTED_METHOD", "The stand-in never submits.");
    },
  };
}
