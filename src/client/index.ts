/**
 * The browser entry: the sign-in controller, the HTTP adapter, `buildSignInTransaction`, the
 * wallets (GemWallet, Crossmark, Xaman, any wallet-kit adapter, `detectWallets`) and the dev
 * wallet. Browser-safe; each wallet's SDK is the application's to load (`() => import(...)`).
 *
 * @module sign-in-with-xrpl/client
 */
// Browser entry `sign-in-with-xrpl/client`. Browser-safe: never import `xrpl` or a `node:`
// module here, directly or through another file (test/client/bundle.test.ts checks it).
export { createAuthController } from "./controller.js";
export { createHttpAdapter } from "./http-adapter.js";
export { buildSignInTransaction } from "./transaction.js";
export { createDevWallet } from "./dev-wallet.js";
export { createGemWallet } from "./wallets/gemwallet.js";
export { createCrossmarkWallet } from "./wallets/crossmark.js";
export { fromWalletKitAdapter } from "./wallets/wallet-kit.js";
export { createXamanWallet } from "./wallets/xaman.js";
export { detectWallets } from "./wallets/detect.js";
export { createMessage } from "../message/create.js";
export { SignInError, InvalidOptionsError, MessageFormatError } from "../errors.js";
export { WalletError, ServerRejectedError, NetworkError, SignInCancelledError } from "./errors.js";
export type { SignInStep, WalletFailureReason } from "./errors.js";
export type { ClientErrorCode, SignInErrorCode } from "../errors.js";
export type { ErrorResponseCode, HandlerErrorCode } from "../server/error-responses.js";
export { DEFAULT_BASE_PATH } from "../shared/base-path.js";
export type {
  AuthStatus,
  AuthState,
  AuthStateListener,
  AuthController,
  AuthControllerOptions,
  AuthAdapter,
  AdapterCallOptions,
  VerifyCallOptions,
  ServerRejection,
  Wallet,
  WalletProof,
} from "./types.js";
export type { HttpAdapter, HttpAdapterOptions, FetchFunction } from "./http-adapter.js";
export type { SignInTransaction, SignInTransactionParams } from "./transaction.js";
export type { DevWallet, DevWalletOptions } from "./dev-wallet.js";
export type { SdkSource } from "./wallets/sdk-source.js";
export type { GemWalletOptions, GemWalletSdk, GemWalletWallet } from "./wallets/gemwallet.js";
export type { CrossmarkSdk, CrossmarkWallet, CrossmarkWalletOptions } from "./wallets/crossmark.js";
export type { WalletKitAdapter, WalletKitWallet, WalletKitWalletOptions } from "./wallets/wallet-kit.js";
export type { XamanSignRequest, XamanWallet, XamanWalletOptions } from "./wallets/xaman.js";
export type { DetectedWallet, DetectWalletsOptions } from "./wallets/detect.js";
export type { SignInMessageFields } from "../message/types.js";
export type { VerifyRequest } from "../verify/types.js";
