import type { SignInMessageFields } from "../message/types.js";
import type { ErrorResponseCode } from "../server/error-responses.js";
import type { VerifyRequest } from "../verify/types.js";

/**
 * Where a controller is: `"unauthenticated"` (start, after sign-out or cancel),
 * `"authenticating"` (a sign-in is under way), `"authenticated"` (done) or `"error"` (the last
 * sign-in failed; `error` says why).
 *
 * @example
 * ```ts
 * const busy = (status: AuthStatus) => status === "authenticating";
 * ```
 */
export type AuthStatus = "unauthenticated" | "authenticating" | "authenticated" | "error";

/**
 * The controller's state. `address` is `null` unless a sign-in is under way (once the wallet
 * gave its address) or done; `error` is set only in status `"error"`. Each change is a new
 * frozen object.
 *
 * @example
 * ```ts
 * const state: AuthState = controller.getState();
 * if (state.status === "authenticated") console.log(state.address);
 * ```
 */
export interface AuthState {
  readonly status: AuthStatus;
  readonly address: string | null;
  readonly error: Error | null;
}

/**
 * A wallet's proof of control over the address: a compact signature over the message (with the
 * public key when the wallet gives it) or a signed transaction carrying the message in its
 * first memo.
 *
 * @example
 * ```ts
 * const proof: WalletProof = { signatureKind: "signature", signature: "3045...", publicKey: "02..." };
 * ```
 */
export type WalletProof =
  { signatureKind: "signature"; signature: string; publicKey?: string } | { signatureKind: "signedTx"; txBlob: string };

/**
 * What the controller needs from a wallet. Wrap your wallet's SDK (GemWallet, Crossmark, Xaman,
 * ...) in these two functions; throw (or reject) when the user refuses.
 *
 * @example
 * ```ts
 * const wallet: Wallet = {
 *   getAddress: async () => (await gemWallet.getAddress()).result.address,
 *   sign: async (message) => {
 *     const { result } = await gemWallet.signMessage(message);
 *     return { signatureKind: "signature", signature: result.signedMessage };
 *   },
 * };
 * ```
 */
export interface Wallet {
  /** The classic address (`r...`) of the account that will sign in. */
  getAddress(): string | Promise<string>;
  /** Signs the exact sign-in message text. */
  sign(message: string): WalletProof | Promise<WalletProof>;
}

/**
 * A server refusal, as an adapter reports it to the controller: HTTP status, error text, and the
 * error's `code` when the server sends one (handlers created with `errorCodes: true`).
 *
 * @example
 * ```ts
 * const rejection: ServerRejection = { status: 401, error: "Signature verification failed.", code: "key_not_authorized" };
 * ```
 */
export interface ServerRejection {
  status?: number;
  error?: string;
  /** The body's `code`: an `ErrorResponseCode` from this library's handlers, or your server's own. */
  code?: ErrorResponseCode | (string & {});
}

/**
 * Per-call options the controller gives an adapter.
 *
 * @example
 * ```ts
 * const adapter: Partial<AuthAdapter> = {
 *   getNonce: async ({ signal } = {}) => (await (await fetch("/nonce", signal ? { signal } : {})).json()).nonce,
 * };
 * ```
 */
export interface AdapterCallOptions {
  /** Aborted when the sign-in is cancelled; an adapter may pass it to `fetch`. */
  signal?: AbortSignal;
}

/**
 * Per-call options of `AuthAdapter.verify`.
 *
 * @example
 * ```ts
 * async function verify(body: VerifyRequest, { onRejected }: VerifyCallOptions = {}) {
 *   const response = await fetch("/verify", { method: "POST", body: JSON.stringify(body) });
 *   if (!response.ok) onRejected?.({ status: response.status, error: (await response.json()).error });
 *   return response.ok;
 * }
 * ```
 */
export interface VerifyCallOptions extends AdapterCallOptions {
  /**
   * Called (before `verify` resolves `false`) with the server's reason, so the controller's
   * error can say why. Adapters that do not know the reason may ignore it.
   */
  onRejected?: (rejection: ServerRejection) => void;
}

/**
 * How the controller talks to your server: the four operations plus an optional
 * `me` to restore a session after a reload. `createHttpAdapter` implements it over the routes
 * of this library's handlers; write your own for other transports.
 *
 * @example
 * ```ts
 * const adapter: AuthAdapter = {
 *   getNonce: async () => (await (await fetch("/nonce")).json()).nonce,
 *   createMessage: (fields) => createMessage(fields),
 *   verify: async (body) => (await fetch("/verify", { method: "POST", body: JSON.stringify(body) })).ok,
 *   signOut: async () => { await fetch("/signout", { method: "POST" }); },
 * };
 * ```
 */
export interface AuthAdapter {
  /** A fresh nonce from the server. Throws when the server refuses. */
  getNonce(options?: AdapterCallOptions): Promise<string>;
  /** The sign-in message text for these fields. */
  createMessage(fields: SignInMessageFields): string | Promise<string>;
  /** Sends the proof; resolves `true` exactly when the server accepted it. */
  verify(body: VerifyRequest, options?: VerifyCallOptions): Promise<boolean>;
  /** Ends the server session. */
  signOut(options?: AdapterCallOptions): Promise<void>;
  /** The session's address, or `null` when not signed in. Used by `controller.restore()`. */
  me?(options?: AdapterCallOptions): Promise<{ address: string } | null>;
}

/**
 * Options of `createAuthController`.
 *
 * @example
 * ```ts
 * const options: AuthControllerOptions = {
 *   wallet, adapter: createHttpAdapter(), chainId: "xrpl:0", statement: "Sign in to Example.", expiresIn: 300,
 * };
 * ```
 */
export interface AuthControllerOptions {
  wallet: Wallet;
  adapter: AuthAdapter;
  /** CAIP-2 chain id: `"xrpl:0"` mainnet, `"xrpl:1"` testnet, `"xrpl:2"` devnet. */
  chainId: string;
  /** The line the user reads in the wallet ("Sign in to Example."). Omitted from the message when absent. */
  statement?: string;
  /** Message lifetime in seconds: `Expiration Time` = `Issued At` + `expiresIn`. No expiration line when absent. */
  expiresIn?: number;
  /** Message domain. Default: `location.host` in a browser; required elsewhere. */
  domain?: string;
  /** Message URI. Default: `location.origin` in a browser; required elsewhere. */
  uri?: string;
  /** Clock used for `Issued At` (tests). Default: `() => new Date()`. */
  now?: () => Date;
  /**
   * Receives errors thrown by `change` listeners (they never stop the other listeners).
   * Default: the browser's `reportError` when there is one, otherwise they are dropped.
   */
  onListenerError?: (error: unknown) => void;
}

/**
 * A `change` listener: receives the new state.
 *
 * @example
 * ```ts
 * const render: AuthStateListener = (state) => (label.textContent = state.address ?? "");
 * controller.on("change", render);
 * ```
 */
export type AuthStateListener = (state: AuthState) => void;

/**
 * The authentication controller of a page. See `createAuthController`.
 *
 * @example
 * ```ts
 * const controller: AuthController = createAuthController({ wallet, adapter, chainId: "xrpl:0" });
 * controller.on("change", (state) => render(state));
 * await controller.signIn();
 * ```
 */
export interface AuthController {
  /**
   * Runs a sign-in: wallet address, nonce, message, wallet signature, server verification.
   * Resolves the `"authenticated"` state; rejects with `WalletError`, `ServerRejectedError`,
   * `NetworkError`, `SignInCancelledError` or another `SignInError` naming the failed step. A call
   * while a sign-in is pending joins it (same promise).
   */
  signIn(): Promise<AuthState>;
  /**
   * Cancels a pending sign-in, goes `"unauthenticated"` at once, then tells the server. Rejects
   * when the server could not be told (the local state stays signed out).
   */
  signOut(): Promise<void>;
  /** Asks the server (`adapter.me`) who is signed in, and adopts its answer. Resolves the new state. */
  restore(): Promise<AuthState>;
  /** The current state. */
  getState(): AuthState;
  /** Subscribes to state changes; returns the unsubscribe function. */
  on(event: "change", listener: AuthStateListener): () => void;
  /**
   * Cancels a pending sign-in, drops every listener; no event and no state change after this
   * (`getState()` keeps answering the last state). Does not call the server.
   */
  destroy(): void;
}
