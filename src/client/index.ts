/**
 * The browser entry: the sign-in controller, the HTTP adapter, `buildSignInTransaction` and the dev wallet. Browser-safe.
 *
 * @module sign-in-with-xrpl/client
 */
// Browser entry `sign-in-with-xrpl/client`. Browser-safe: never import `xrpl` or a `node:`
// module here, directly or through another file (test/client/bundle.test.ts checks it).
export { createAuthController } from "./controller.js";
export { createHttpAdapter } from "./http-adapter.js";
export { buildSignInTransaction } from "./transaction.js";
export { createDevWallet } from "./dev-wallet.js";
export { createMessage } from "../message/create.js";
export { SignInError, InvalidOptionsError, MessageFormatError } from "../errors.js";
export { WalletError, ServerRejectedError, NetworkError, SignInCancelledError } from "./errors.js";
export type { SignInStep } from "./errors.js";
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
export type { SignInMessageFields } from "../message/types.js";
export type { VerifyRequest } from "../verify/types.js";
