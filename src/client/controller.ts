import { InvalidOptionsError, SignInError } from "../errors.js";
import { isCaip2ChainId } from "../message/chain-id.js";
import type { SignInMessageFields } from "../message/types.js";
import type { VerifyRequest } from "../verify/types.js";
import { describeStep, NetworkError, ServerRejectedError, SignInCancelledError, WalletError, type SignInStep } from "./errors.js";
import type { AuthController, AuthControllerOptions, AuthState, AuthStateListener, ServerRejection, WalletProof } from "./types.js";

interface Attempt {
  promise: Promise<AuthState>;
  cancelled: SignInCancelledError | undefined;
  cancel(error: SignInCancelledError): void;
  cancellation: Promise<never>;
  abort: AbortController | undefined;
  /** The verify request, once sent: a sign-out waits for it so the server sees verify before sign-out. */
  verifying: Promise<unknown> | undefined;
}

/**
 * Creates the authentication controller of a page: it runs the sign-in flow between a `wallet`
 * and your server (through an `adapter`), keeps the state and tells listeners about each change.
 *
 * Flow of `signIn()`: `wallet.getAddress()` → `adapter.getNonce()` →
 * `adapter.createMessage({ domain, address, statement, uri, version: "1", chainId, nonce, issuedAt, expirationTime })`
 * → `wallet.sign(message)` → `adapter.verify({ message, address, ...proof })` → `"authenticated"`.
 *
 * States: `unauthenticated` → (signIn) → `authenticating` → `authenticated` | `error`;
 * any → (signOut) → `unauthenticated`. A sign-out or `destroy()` during a pending sign-in cancels
 * it (it rejects with `SignInCancelledError` and never ends `authenticated`). A second `signIn()`
 * while one is pending joins it. `domain` and `uri` default to `location.host` and
 * `location.origin` in a browser.
 *
 * @example
 * ```ts
 * import { createAuthController, createHttpAdapter } from "sign-in-with-xrpl/client";
 *
 * const controller = createAuthController({
 *   wallet,                               // { getAddress(), sign(message) }
 *   adapter: createHttpAdapter(),
 *   chainId: "xrpl:0",
 *   statement: "Sign in to Example.",
 *   expiresIn: 300,                       // seconds
 * });
 * controller.on("change", (state) => render(state));
 * await controller.restore();             // signed in already? (after a reload)
 * button.onclick = () => controller.signIn().catch((error) => showError(error.message));
 * ```
 */
export function createAuthController(options: AuthControllerOptions): AuthController {
  const settings = readOptions(options);
  const { wallet, adapter } = options;

  let state: AuthState = freezeState({ status: "unauthenticated", address: null, error: null });
  const listeners = new Set<{ listener: AuthStateListener }>();
  const queue: AuthState[] = [];
  let emitting = false;
  let destroyed = false;
  let pending: Attempt | undefined;
  let signingOut: Promise<unknown> | undefined;
  // Bumped by every signIn/signOut/destroy: a `restore()` answer that arrives after one of them is stale.
  let generation = 0;

  /** Sets and announces a state; answers the state set (a listener may have moved on already). */
  function setState(next: AuthState): AuthState {
    // A destroyed controller is inert: its state stays what the listeners last saw.
    if (destroyed) return state;
    if (next.status === state.status && next.address === state.address && next.error === state.error) return state;
    const current = freezeState(next);
    state = current;
    queue.push(current);
    if (emitting) return current; // a listener changed the state: deliver in order, after this round
    emitting = true;
    try {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
        for (const entry of [...listeners]) {
          if (destroyed) return current;
          if (!listeners.has(entry)) continue;
          try {
            entry.listener(item);
          } catch (error) {
            settings.onListenerError(error);
          }
        }
      }
    } finally {
      emitting = false;
      queue.length = 0;
    }
    return current;
  }

  function cancelPending(reason: "signOut" | "destroy"): Attempt | undefined {
    const attempt = pending;
    if (attempt === undefined) return undefined;
    pending = undefined;
    attempt.cancel(new SignInCancelledError(reason));
    return attempt;
  }

  async function step<T>(attempt: Attempt, name: SignInStep, run: () => T | Promise<T>): Promise<T> {
    throwIfCancelled(attempt);
    // A synchronous throw from `run` and a rejection both become the step's error.
    const outcome = (async () => {
      try {
        return await run();
      } catch (error) {
        throw stepError(name, error);
      }
    })();
    outcome.catch(() => undefined); // the cancellation may win the race; never leave this unhandled
    const value = await Promise.race([outcome, attempt.cancellation]);
    // Read again: the attempt may have been cancelled while the step ran.
    throwIfCancelled(attempt);
    return value;
  }

  async function run(attempt: Attempt): Promise<AuthState> {
    setState({ status: "authenticating", address: null, error: null });
    try {
      const address = await step(attempt, "address", () => wallet.getAddress());
      if (typeof address !== "string" || address === "") {
        throw new WalletError("address", "Wallet gave no address: getAddress() must resolve a classic address (r...).");
      }
      setState({ status: "authenticating", address, error: null });

      const nonce = await step(attempt, "nonce", async () => {
        await signingOut; // a sign-out sent just before must reach the server before this nonce request
        const signal = attempt.abort?.signal;
        return adapter.getNonce(signal === undefined ? {} : { signal });
      });
      if (typeof nonce !== "string" || nonce === "") {
        throw new ServerRejectedError("nonce", { serverError: "The adapter returned no nonce." });
      }

      const issuedAt = settings.now();
      const fields: SignInMessageFields = {
        domain: settings.domain,
        address,
        uri: settings.uri,
        version: "1",
        chainId: settings.chainId,
        nonce,
        issuedAt: issuedAt.toISOString(),
      };
      if (settings.statement !== undefined) fields.statement = settings.statement;
      if (settings.expiresInSeconds !== undefined) {
        fields.expirationTime = new Date(issuedAt.getTime() + settings.expiresInSeconds * 1000).toISOString();
      }
      const message = await step(attempt, "message", () => adapter.createMessage(fields));
      if (typeof message !== "string" || message === "") {
        throw new SignInError("message_failed", `Sign-in failed while ${describeStep("message")}: the adapter returned no text.`);
      }

      const proof = await step(attempt, "sign", () => wallet.sign(message));
      const body = verifyBody(message, address, proof);

      let rejection: ServerRejection | undefined;
      const verifying = Promise.resolve().then(() =>
        adapter.verify(body, {
          onRejected: (answer) => {
            rejection = answer;
          },
        }),
      );
      attempt.verifying = verifying;
      const accepted = await step(attempt, "verify", () => verifying);
      if (accepted !== true) {
        throw new ServerRejectedError("verify", {
          status: rejection?.status,
          serverError: rejection?.error ?? (rejection === undefined ? "The server did not accept the proof." : undefined),
          serverCode: rejection?.code,
        });
      }
      return setState({ status: "authenticated", address, error: null });
    } catch (error) {
      throwIfCancelled(attempt);
      const failure = error instanceof Error ? error : stepError("sign", error);
      setState({ status: "error", address: null, error: failure });
      throw failure;
    }
  }

  function signIn(): Promise<AuthState> {
    if (destroyed) return Promise.reject(destroyedError("signIn"));
    if (pending !== undefined) return pending.promise;
    generation += 1;
    let cancel!: (error: SignInCancelledError) => void;
    const cancellation = new Promise<never>((_resolve, reject) => {
      cancel = reject;
    });
    cancellation.catch(() => undefined);
    const attempt: Attempt = {
      promise: Promise.resolve(state),
      cancelled: undefined,
      cancellation,
      abort: typeof AbortController === "function" ? new AbortController() : undefined,
      verifying: undefined,
      cancel(error) {
        if (this.cancelled !== undefined) return;
        this.cancelled = error;
        this.abort?.abort(error);
        cancel(error);
      },
    };
    pending = attempt;
    attempt.promise = run(attempt).finally(() => {
      if (pending === attempt) pending = undefined;
    });
    return attempt.promise;
  }

  async function signOut(): Promise<void> {
    generation += 1;
    const cancelled = cancelPending("signOut");
    setState({ status: "unauthenticated", address: null, error: null });
    const previous = signingOut;
    const done = (async () => {
      await previous;
      // A verify request already sent may still be running on the server: sign out after it.
      await cancelled?.verifying?.catch(() => undefined);
      try {
        await adapter.signOut();
      } catch (error) {
        throw stepError("signOut", error);
      }
    })();
    const settled = done.catch(() => undefined);
    signingOut = settled;
    try {
      await done;
    } finally {
      if (signingOut === settled) signingOut = undefined;
    }
  }

  async function restore(): Promise<AuthState> {
    if (destroyed) throw destroyedError("restore");
    if (typeof adapter.me !== "function") {
      throw new InvalidOptionsError("sign-in-with-xrpl: restore() needs an adapter with a me() method (createHttpAdapter has one).");
    }
    const asked = generation;
    let answer: { address: string } | null;
    try {
      answer = await adapter.me();
    } catch (error) {
      throw stepError("me", error);
    }
    // A sign-in or sign-out started meanwhile knows better than this answer.
    if (destroyed || asked !== generation || pending !== undefined) return state;
    if (answer !== null && typeof answer === "object" && typeof answer.address === "string" && answer.address !== "") {
      setState({ status: "authenticated", address: answer.address, error: null });
    } else if (state.status === "authenticated") {
      setState({ status: "unauthenticated", address: null, error: null });
    }
    return state;
  }

  function on(event: "change", listener: AuthStateListener): () => void {
    if (event !== "change") {
      throw new InvalidOptionsError(`sign-in-with-xrpl: the controller emits only "change" events, not ${JSON.stringify(event)}.`);
    }
    if (typeof listener !== "function") {
      throw new InvalidOptionsError('sign-in-with-xrpl: on("change", listener) needs a function.');
    }
    if (destroyed) return () => undefined;
    const entry = { listener };
    listeners.add(entry);
    return () => {
      listeners.delete(entry);
    };
  }

  function destroy(): void {
    if (destroyed) return;
    generation += 1;
    cancelPending("destroy");
    destroyed = true;
    listeners.clear();
    queue.length = 0;
  }

  return { signIn, signOut, restore, getState: () => state, on, destroy };
}

function destroyedError(method: string): SignInCancelledError {
  return new SignInCancelledError("destroy", `Cannot ${method}(): the controller was destroyed. Create a new one.`);
}

function throwIfCancelled(attempt: Attempt): void {
  if (attempt.cancelled !== undefined) throw attempt.cancelled;
}

function stepError(step: SignInStep, error: unknown): SignInError {
  const detail = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  if (step === "address" || step === "sign") {
    if (error instanceof WalletError) return error;
    const what = step === "address" ? "Wallet refused to give its address" : "Wallet refused to sign the message";
    return new WalletError(step, detail === "" ? `${what}.` : `${what}: ${detail}`, { cause: error });
  }
  if (error instanceof SignInError) {
    if (error instanceof ServerRejectedError || error instanceof NetworkError || error instanceof SignInCancelledError) {
      return error;
    }
  }
  return new SignInError(`${step}_failed`, `Sign-in failed while ${describeStep(step)}${detail === "" ? "." : `: ${detail}`}`, {
    cause: error,
  });
}

function verifyBody(message: string, address: string, proof: WalletProof): VerifyRequest {
  const candidate = proof as Partial<Record<string, unknown>> | null;
  if (candidate !== null && typeof candidate === "object") {
    if (candidate["signatureKind"] === "signature" && typeof candidate["signature"] === "string" && candidate["signature"] !== "") {
      const body: VerifyRequest = { message, signatureKind: "signature", signature: candidate["signature"], address };
      if (typeof candidate["publicKey"] === "string" && candidate["publicKey"] !== "") body.publicKey = candidate["publicKey"];
      return body;
    }
    if (candidate["signatureKind"] === "signedTx" && typeof candidate["txBlob"] === "string" && candidate["txBlob"] !== "") {
      return { message, signatureKind: "signedTx", txBlob: candidate["txBlob"], address };
    }
  }
  throw new WalletError(
    "sign",
    'Wallet returned no usable proof: sign() must resolve { signatureKind: "signature", signature, publicKey? } or { signatureKind: "signedTx", txBlob }.',
  );
}

function freezeState(state: AuthState): AuthState {
  return Object.freeze({ status: state.status, address: state.address, error: state.error });
}

interface Settings {
  chainId: string;
  statement: string | undefined;
  expiresInSeconds: number | undefined;
  domain: string;
  uri: string;
  now: () => Date;
  onListenerError: (error: unknown) => void;
}

function readOptions(options: AuthControllerOptions): Settings {
  if (options === null || typeof options !== "object") {
    throw new InvalidOptionsError("sign-in-with-xrpl: createAuthController needs an options object: { wallet, adapter, chainId }.");
  }
  const { wallet, adapter } = options;
  if (wallet === null || typeof wallet !== "object" || typeof wallet.getAddress !== "function" || typeof wallet.sign !== "function") {
    throw new InvalidOptionsError("sign-in-with-xrpl: createAuthController needs `wallet` with getAddress() and sign(message).");
  }
  if (adapter === null || typeof adapter !== "object") {
    throw new InvalidOptionsError("sign-in-with-xrpl: createAuthController needs `adapter` (use createHttpAdapter()).");
  }
  for (const method of ["getNonce", "createMessage", "verify", "signOut"] as const) {
    if (typeof adapter[method] !== "function") {
      throw new InvalidOptionsError(`sign-in-with-xrpl: the adapter has no ${method}() method (use createHttpAdapter()).`);
    }
  }
  if (typeof options.chainId !== "string" || !isCaip2ChainId(options.chainId) || Number(options.chainId.slice(5)) > 0xffffffff) {
    throw new InvalidOptionsError(
      `sign-in-with-xrpl: \`chainId\` must be a CAIP-2 XRPL chain id such as "xrpl:0" (mainnet), "xrpl:1" (testnet) or "xrpl:2" (devnet); got ${JSON.stringify(
        options.chainId,
      )}.`,
    );
  }
  if (options.statement !== undefined && typeof options.statement !== "string") {
    throw new InvalidOptionsError("sign-in-with-xrpl: `statement` must be a string (one line) when given.");
  }
  const expiresIn = options.expiresIn;
  if (expiresIn !== undefined && (typeof expiresIn !== "number" || !Number.isFinite(expiresIn) || expiresIn <= 0)) {
    throw new InvalidOptionsError(`sign-in-with-xrpl: \`expiresIn\` is a number of seconds greater than 0; got ${String(expiresIn)}.`);
  }
  const place = (globalThis as { location?: { host?: unknown; origin?: unknown } }).location;
  const domain = options.domain ?? (typeof place?.host === "string" && place.host !== "" ? place.host : undefined);
  if (typeof domain !== "string" || domain === "") {
    throw new InvalidOptionsError(
      'sign-in-with-xrpl: createAuthController needs `domain` (such as "example.com") when there is no `location` (outside a browser).',
    );
  }
  const uri =
    options.uri ?? (typeof place?.origin === "string" && place.origin !== "null" && place.origin !== "" ? place.origin : undefined);
  if (typeof uri !== "string" || uri === "") {
    throw new InvalidOptionsError(
      'sign-in-with-xrpl: createAuthController needs `uri` (such as "https://example.com") when there is no `location` (outside a browser).',
    );
  }
  if (options.now !== undefined && typeof options.now !== "function") {
    throw new InvalidOptionsError("sign-in-with-xrpl: `now` must be a function returning a Date.");
  }
  const clock = options.now;
  const now =
    clock === undefined
      ? () => new Date()
      : () => {
          const value = clock();
          if (!(value instanceof Date) || Number.isNaN(value.getTime())) {
            throw new InvalidOptionsError("sign-in-with-xrpl: `now()` must return a valid Date.");
          }
          return value;
        };
  const report = (globalThis as { reportError?: (error: unknown) => void }).reportError;
  const onListenerError =
    options.onListenerError ?? (typeof report === "function" ? (error: unknown) => report.call(globalThis, error) : () => undefined);
  return {
    chainId: options.chainId,
    statement: options.statement,
    expiresInSeconds: expiresIn,
    domain,
    uri,
    now,
    onListenerError,
  };
}
