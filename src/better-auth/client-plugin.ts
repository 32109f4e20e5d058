// The client half of the plugin. Browser-safe: no runtime import of better-auth or of the server
// half (types only).
import type { BetterAuthClientPlugin } from "better-auth";
import { createMessage } from "../message/create.js";
import type { AdapterCallOptions, AuthAdapter, ServerRejection, VerifyCallOptions } from "../client/types.js";
import { NetworkError, ServerRejectedError, type SignInStep } from "../client/errors.js";
import type { VerifyRequest } from "../verify/types.js";
import type { xrpl } from "./plugin.js";
import { ADDRESSES_PATH, NONCE_PATH, PLUGIN_ID, SESSION_ADDRESS_FIELD, UNLINK_PATH, VERIFY_PATH } from "./routes.js";

type BetterFetch = Parameters<NonNullable<BetterAuthClientPlugin["getActions"]>>[0];
type ClientStore = Parameters<NonNullable<BetterAuthClientPlugin["getActions"]>>[1];

/** better-fetch's answer: data, or an error with status and better-auth's `{ message, code }`. */
interface FetchAnswer {
  data: unknown;
  error: { status: number; message?: string | undefined; code?: string | undefined } | null;
}

/**
 * The better-auth client plugin of sign-in with XRPL. Add it to `createAuthClient`'s plugins
 * to get:
 *
 * - `authClient.xrpl.nonce()` and `authClient.xrpl.verify(body)`: the sign-in endpoints, typed
 *   from the server plugin (a successful `verify` refreshes `useSession`);
 * - `authClient.xrpl.listAddresses()` and `authClient.xrpl.unlink({ address })`: the signed-in
 *   user's linked addresses;
 * - `authClient.xrpl.authAdapter()`: an `AuthAdapter` for this library's browser controller
 *   (`createAuthController` from `sign-in-with-xrpl/client`), which then runs the whole
 *   sign-in with any `Wallet` (GemWallet, Crossmark, Xaman... or `createDevWallet` in development).
 *
 * @example
 * ```ts
 * import { createAuthClient } from "better-auth/client";
 * import { createAuthController } from "sign-in-with-xrpl/client";
 * import { xrplClient } from "sign-in-with-xrpl/better-auth/client";
 *
 * const authClient = createAuthClient({ plugins: [xrplClient()] });
 * const controller = createAuthController({ wallet, adapter: authClient.xrpl.authAdapter(), chainId: "xrpl:0" });
 * await controller.signIn();
 * const { data } = await authClient.getSession(); // data.session.xrplAddress is the address
 * ```
 */
export function xrplClient() {
  return {
    id: PLUGIN_ID,
    $InferServerPlugin: {} as ReturnType<typeof xrpl>,
    pathMethods: { [NONCE_PATH]: "POST", [VERIFY_PATH]: "POST", [UNLINK_PATH]: "POST", [ADDRESSES_PATH]: "GET" },
    // Unlinking the address a session signed in with ends that session.
    atomListeners: [{ matcher: (path: string) => path === VERIFY_PATH || path === UNLINK_PATH, signal: "$sessionSignal" }],
    getActions: ($fetch: BetterFetch, $store: ClientStore) => ({
      xrpl: {
        /**
         * An `AuthAdapter` over this better-auth client, for `createAuthController`: nonce and
         * verify call the plugin's endpoints, `signOut` better-auth's sign-out, `me` its
         * session (the address that signed it in).
         */
        authAdapter: (): AuthAdapter => createBetterAuthAdapter($fetch, $store),
      },
    }),
  } satisfies BetterAuthClientPlugin;
}

function createBetterAuthAdapter($fetch: BetterFetch, $store: ClientStore): AuthAdapter {
  const call = async (
    step: SignInStep,
    path: string,
    init: { method: "GET" | "POST"; body?: unknown },
    signal: AbortSignal | undefined,
  ) => {
    try {
      const answer: FetchAnswer = await $fetch<unknown>(path, { ...init, ...(signal === undefined ? {} : { signal }) });
      return answer;
    } catch (cause) {
      if (signal?.aborted === true) throw cause;
      throw new NetworkError(step, { cause });
    }
  };
  const rejected = (step: SignInStep, error: NonNullable<FetchAnswer["error"]>): ServerRejectedError =>
    new ServerRejectedError(step, { status: error.status, ...(error.message === undefined ? {} : { serverError: error.message }) });
  // Other parts of the page (useSession) learn of the sign-in or sign-out as after their own calls.
  const sessionChanged = (): void => $store.notify("$sessionSignal");

  return {
    async getNonce(options?: AdapterCallOptions): Promise<string> {
      const { data, error } = await call("nonce", NONCE_PATH, { method: "POST", body: {} }, options?.signal);
      if (error !== null) throw rejected("nonce", error);
      const nonce = typeof data === "object" && data !== null ? (data as Record<string, unknown>)["nonce"] : undefined;
      if (typeof nonce !== "string" || nonce === "") {
        throw new ServerRejectedError("nonce", { serverError: "The answer has no `nonce`." });
      }
      return nonce;
    },

    createMessage,

    async verify(body: VerifyRequest, options?: VerifyCallOptions): Promise<boolean> {
      const { error } = await call("verify", VERIFY_PATH, { method: "POST", body }, options?.signal);
      if (error === null) {
        sessionChanged();
        return true;
      }
      const rejection: ServerRejection = { status: error.status };
      if (error.message !== undefined) rejection.error = error.code === undefined ? error.message : `${error.message} (${error.code})`;
      options?.onRejected?.(rejection);
      return false;
    },

    async signOut(options?: AdapterCallOptions): Promise<void> {
      const { error } = await call("signOut", "/sign-out", { method: "POST", body: {} }, options?.signal);
      if (error !== null) throw rejected("signOut", error);
      sessionChanged();
    },

    async me(options?: AdapterCallOptions): Promise<{ address: string } | null> {
      const { data, error } = await call("me", "/get-session", { method: "GET" }, options?.signal);
      if (error !== null) throw rejected("me", error);
      const session = typeof data === "object" && data !== null ? (data as Record<string, unknown>)["session"] : undefined;
      const address =
        typeof session === "object" && session !== null ? (session as Record<string, unknown>)[SESSION_ADDRESS_FIELD] : undefined;
      // Signed in another way (email, a social provider): not an XRPL session.
      return typeof address === "string" && address !== "" ? { address } : null;
    },
  };
}
