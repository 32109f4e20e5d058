import { afterEach, describe, expect, it } from "vitest";
import { createAuthController } from "../../src/client/controller.js";
import { NetworkError, ServerRejectedError, SignInCancelledError, WalletError } from "../../src/client/errors.js";
import type { AuthControllerOptions, AuthState } from "../../src/client/types.js";
import { InvalidOptionsError, MessageFormatError, SignInError } from "../../src/errors.js";
import type { SignInMessageFields } from "../../src/message/types.js";
import { ADDRESS, flush, NONCE, scriptedAdapter, scriptedWallet, SIGNATURE_PROOF } from "./scripted.js";

const ISSUED_AT = new Date("2026-11-21T09:00:00.000Z");

function setup(overrides: Partial<AuthControllerOptions> = {}, adapterOptions: { withMe?: boolean } = {}) {
  const w = scriptedWallet();
  const a = scriptedAdapter(adapterOptions);
  const controller = createAuthController({
    wallet: w.wallet,
    adapter: a.adapter,
    chainId: "xrpl:1",
    statement: "Sign in to Example.",
    expiresIn: 120,
    domain: "example.com",
    uri: "https://example.com",
    now: () => ISSUED_AT,
    ...overrides,
  });
  const states: AuthState[] = [];
  controller.on("change", (state) => states.push(state));
  return { controller, states, ...w, ...a, wallet: w.wallet, adapter: a.adapter };
}

const statuses = (states: AuthState[]) => states.map((state) => `${state.status}:${state.address ?? "-"}`);

describe("createAuthController: a sign-in that succeeds", () => {
  it("goes authenticating (no address, then the wallet's), then authenticated, and resolves that state", async () => {
    const t = setup();
    expect(t.controller.getState()).toEqual({ status: "unauthenticated", address: null, error: null });
    const result = await t.controller.signIn();
    expect(statuses(t.states)).toEqual(["authenticating:-", `authenticating:${ADDRESS}`, `authenticated:${ADDRESS}`]);
    expect(result).toEqual({ status: "authenticated", address: ADDRESS, error: null });
    expect(result).toBe(t.controller.getState());
    expect(Object.isFrozen(result)).toBe(true);
  });

  it("asks the adapter for the message with every field, expirationTime = issuedAt + expiresIn seconds", async () => {
    const t = setup();
    await t.controller.signIn();
    const fields = t.createMessage.last.args[0] as SignInMessageFields;
    expect(fields).toEqual({
      domain: "example.com",
      address: ADDRESS,
      statement: "Sign in to Example.",
      uri: "https://example.com",
      version: "1",
      chainId: "xrpl:1",
      nonce: NONCE,
      issuedAt: "2026-11-21T09:00:00.000Z",
      expirationTime: "2026-11-21T09:02:00.000Z",
    });
    expect(t.events).toEqual(["getNonce", "createMessage", "verify", "verify settled"]);
  });

  it("leaves statement and expirationTime out when they are not given", async () => {
    const t = setup({ statement: undefined, expiresIn: undefined } as unknown as Partial<AuthControllerOptions>);
    await t.controller.signIn();
    const fields = t.createMessage.last.args[0] as SignInMessageFields;
    expect("statement" in fields).toBe(false);
    expect("expirationTime" in fields).toBe(false);
  });

  it("signs the adapter's exact message and sends it with the address and the signature proof", async () => {
    const t = setup();
    await t.controller.signIn();
    expect(t.sign.last.args).toEqual(["THE MESSAGE"]);
    expect(t.verify.last.args[0]).toEqual({ message: "THE MESSAGE", address: ADDRESS, ...SIGNATURE_PROOF });
  });

  it("sends a signedTx proof as { message, signatureKind, txBlob, address } only", async () => {
    const t = setup();
    t.sign.always({ signatureKind: "signedTx", txBlob: "1200" });
    await t.controller.signIn();
    expect(t.verify.last.args[0]).toEqual({
      message: "THE MESSAGE",
      signatureKind: "signedTx",
      txBlob: "1200",
      address: ADDRESS,
    });
  });

  it("leaves publicKey out of the body when the wallet gives none", async () => {
    const t = setup();
    t.sign.always({ signatureKind: "signature", signature: "3045" });
    await t.controller.signIn();
    expect(t.verify.last.args[0]).toEqual({
      message: "THE MESSAGE",
      signatureKind: "signature",
      signature: "3045",
      address: ADDRESS,
    });
  });

  it("can sign in again after a failure", async () => {
    const t = setup();
    t.verify.then(false);
    await expect(t.controller.signIn()).rejects.toThrow(ServerRejectedError);
    await t.controller.signIn();
    expect(statuses(t.states)).toEqual([
      "authenticating:-",
      `authenticating:${ADDRESS}`,
      "error:-",
      "authenticating:-",
      `authenticating:${ADDRESS}`,
      `authenticated:${ADDRESS}`,
    ]);
    expect(t.controller.getState().error).toBeNull();
  });
});

describe("createAuthController: a sign-in that fails says which step failed", () => {
  async function failing(t: ReturnType<typeof setup>) {
    const error = await t.controller.signIn().then(
      () => {
        throw new Error("signIn resolved");
      },
      (reason: unknown) => reason as Error,
    );
    const state = t.controller.getState();
    expect(state.status).toBe("error");
    expect(state.address).toBeNull();
    expect(state.error).toBe(error);
    return error;
  }

  it("rejects with WalletError when the wallet refuses its address", async () => {
    const t = setup();
    t.getAddress.then(new Error("User rejected the request."));
    const error = await failing(t);
    expect(error).toBeInstanceOf(WalletError);
    expect((error as WalletError).step).toBe("address");
    expect(error.message).toBe("Wallet refused to give its address: User rejected the request.");
    expect(t.events).toEqual([]);
  });

  it("rejects with WalletError when the wallet refuses to sign", async () => {
    const t = setup();
    t.sign.then(new Error("User declined."));
    const error = await failing(t);
    expect(error).toBeInstanceOf(WalletError);
    expect((error as WalletError).step).toBe("sign");
    expect(error.message).toBe("Wallet refused to sign the message: User declined.");
    expect(t.events).toEqual(["getNonce", "createMessage"]);
  });

  it("rejects with WalletError when the wallet answers no address or no usable proof", async () => {
    const t = setup();
    t.getAddress.then("");
    expect((await failing(t)).message).toMatch(/^Wallet gave no address/);
    t.sign.then({ signatureKind: "signature" } as never);
    const error = await failing(t);
    expect(error).toBeInstanceOf(WalletError);
    expect(error.message).toMatch(/^Wallet returned no usable proof/);
  });

  it("passes the adapter's ServerRejectedError through when the nonce request is refused", async () => {
    const t = setup();
    const refused = new ServerRejectedError("nonce", { status: 429, serverError: "Too many requests." });
    t.getNonce.then(refused);
    const error = await failing(t);
    expect(error).toBe(refused);
    expect(error.message).toBe("Server said no while requesting a nonce (HTTP 429): Too many requests.");
  });

  it("passes a NetworkError through when the nonce request gets no answer", async () => {
    const t = setup();
    t.getNonce.then(new NetworkError("nonce", { cause: new TypeError("fetch failed") }));
    const error = await failing(t);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toBe("Network error while requesting a nonce: fetch failed");
  });

  it("wraps any other adapter error in a SignInError naming the step", async () => {
    const t = setup();
    t.getNonce.then(new Error("boom"));
    const error = await failing(t);
    expect(error).toBeInstanceOf(SignInError);
    expect((error as SignInError).code).toBe("nonce_failed");
    expect(error.message).toBe("Sign-in failed while requesting a nonce: boom");
  });

  it("wraps a message that cannot be created, keeping the MessageFormatError as cause", async () => {
    const t = setup();
    const formatError = new MessageFormatError([{ code: "invalid_domain", line: 1, message: "Bad domain." }]);
    t.createMessage.then(formatError);
    const error = await failing(t);
    expect((error as SignInError).code).toBe("message_failed");
    expect(error.message).toMatch(/^Sign-in failed while creating the sign-in message: /);
    expect(error.cause).toBe(formatError);
  });

  it("rejects with ServerRejectedError carrying the server's status and text when verify says no", async () => {
    const t = setup();
    t.verify.then(false);
    t.rejectWith({ status: 401, error: "Signature verification failed." });
    const error = await failing(t);
    expect(error).toBeInstanceOf(ServerRejectedError);
    expect((error as ServerRejectedError).status).toBe(401);
    expect((error as ServerRejectedError).serverError).toBe("Signature verification failed.");
    expect(error.message).toBe("Server said no while verifying the signature (HTTP 401): Signature verification failed.");
  });

  it("still says the server refused when a custom adapter's verify gives no reason", async () => {
    const t = setup();
    t.verify.then(false);
    const error = await failing(t);
    expect(error).toBeInstanceOf(ServerRejectedError);
    expect(error.message).toBe("Server said no while verifying the signature: The server did not accept the proof.");
  });

  it("passes a NetworkError from verify through", async () => {
    const t = setup();
    t.verify.then(new NetworkError("verify", { cause: new TypeError("Failed to fetch") }));
    const error = await failing(t);
    expect(error.message).toBe("Network error while verifying the signature: Failed to fetch");
  });

  it("rejects a wallet that throws synchronously like one that rejects", async () => {
    const t = setup();
    const controller = createAuthController({
      wallet: {
        getAddress: () => {
          throw new Error("no wallet installed");
        },
        sign: () => SIGNATURE_PROOF,
      },
      adapter: t.adapter,
      chainId: "xrpl:0",
      domain: "example.com",
      uri: "https://example.com",
    });
    await expect(controller.signIn()).rejects.toThrow("Wallet refused to give its address: no wallet installed");
  });
});

type Step = "address" | "nonce" | "message" | "sign" | "verify";
const STEPS: Step[] = ["address", "nonce", "message", "sign", "verify"];

function holdAt(t: ReturnType<typeof setup>, step: Step) {
  const script = { address: t.getAddress, nonce: t.getNonce, message: t.createMessage, sign: t.sign, verify: t.verify }[step];
  (script as { then(answer: "hold"): unknown }).then("hold");
  const answer: Record<Step, unknown> = {
    address: ADDRESS,
    nonce: NONCE,
    message: "THE MESSAGE",
    sign: SIGNATURE_PROOF,
    verify: true,
  };
  return { script, release: () => (script.last as { resolve(value: unknown): void }).resolve(answer[step]) };
}

describe("createAuthController: cancellation", () => {
  for (const step of STEPS) {
    it(`signOut() while the ${step} step is pending cancels: never authenticated, signIn rejects SignInCancelledError`, async () => {
      const t = setup();
      const held = holdAt(t, step);
      const signIn = t.controller.signIn();
      await flush();
      expect(held.script.calls).toHaveLength(1);
      const signOut = t.controller.signOut();
      await expect(signIn).rejects.toBeInstanceOf(SignInCancelledError);
      await expect(signIn).rejects.toMatchObject({ reason: "signOut", message: "Sign-in cancelled by signOut()." });
      expect(t.controller.getState()).toEqual({ status: "unauthenticated", address: null, error: null });
      held.release(); // the late answer changes nothing
      await signOut;
      await flush();
      expect(t.controller.getState().status).toBe("unauthenticated");
      expect(t.states.map((state) => state.status)).not.toContain("authenticated");
      expect(t.states.at(-1)?.status).toBe("unauthenticated");
      expect(t.signOut.calls).toHaveLength(1);
      // nothing after the cancelled step ran
      const later = STEPS.slice(STEPS.indexOf(step) + 1);
      if (later.includes("verify")) expect(t.verify.calls).toHaveLength(0);
      if (later.includes("sign")) expect(t.sign.calls).toHaveLength(0);
    });

    it(`destroy() while the ${step} step is pending cancels: rejects, no event after destroy, no server sign-out`, async () => {
      const t = setup();
      const held = holdAt(t, step);
      const signIn = t.controller.signIn();
      await flush();
      const seen = t.states.length;
      t.controller.destroy();
      await expect(signIn).rejects.toMatchObject({ reason: "destroy", code: "sign_in_cancelled" });
      held.release();
      await flush();
      expect(t.states).toHaveLength(seen);
      expect(t.controller.getState().status).not.toBe("authenticated");
      expect(t.signOut.calls).toHaveLength(0);
    });
  }

  it("aborts the nonce request's signal on cancel", async () => {
    const t = setup();
    t.getNonce.then("hold");
    const signIn = t.controller.signIn().catch(() => undefined);
    await flush();
    const call = t.getNonce.last.args[0] as { signal?: AbortSignal };
    expect(call.signal?.aborted).toBe(false);
    void t.controller.signOut();
    expect(call.signal?.aborted).toBe(true);
    await signIn;
  });

  it("sends the sign-out only after a verify request already sent has settled", async () => {
    const t = setup();
    t.verify.then("hold");
    const signIn = t.controller.signIn().catch(() => undefined);
    await flush();
    const signOut = t.controller.signOut();
    await flush();
    expect(t.events).toEqual(["getNonce", "createMessage", "verify"]);
    t.verify.last.resolve(true);
    await signOut;
    expect(t.events).toEqual(["getNonce", "createMessage", "verify", "verify settled", "signOut"]);
    expect(t.controller.getState().status).toBe("unauthenticated");
    await signIn;
  });

  it("starts a fresh sign-in after a cancelled one", async () => {
    const t = setup();
    t.sign.then("hold");
    const first = t.controller.signIn().catch((error: unknown) => error);
    await flush();
    await t.controller.signOut();
    const second = await t.controller.signIn();
    expect(second.status).toBe("authenticated");
    expect(await first).toBeInstanceOf(SignInCancelledError);
    expect(t.getAddress.calls).toHaveLength(2);
  });

  it("joins a second signIn() while one is pending: same promise, one wallet prompt", async () => {
    const t = setup();
    t.sign.then("hold");
    const first = t.controller.signIn();
    await flush();
    const second = t.controller.signIn();
    expect(second).toBe(first);
    t.sign.last.resolve(SIGNATURE_PROOF);
    await expect(second).resolves.toMatchObject({ status: "authenticated" });
    expect(t.getAddress.calls).toHaveLength(1);
    expect(t.sign.calls).toHaveLength(1);
  });
});

describe("createAuthController: signOut", () => {
  it("goes unauthenticated and tells the server", async () => {
    const t = setup();
    await t.controller.signIn();
    await t.controller.signOut();
    expect(t.controller.getState()).toEqual({ status: "unauthenticated", address: null, error: null });
    expect(t.signOut.calls).toHaveLength(1);
  });

  it("rejects, naming the step, when the server cannot be told; the page stays signed out", async () => {
    const t = setup();
    await t.controller.signIn();
    t.signOut.then(new NetworkError("signOut", { cause: new TypeError("fetch failed") }));
    await expect(t.controller.signOut()).rejects.toThrow("Network error while signing out: fetch failed");
    expect(t.controller.getState().status).toBe("unauthenticated");
  });

  it("sends no event when already signed out, but still tells the server", async () => {
    const t = setup();
    await t.controller.signOut();
    expect(t.states).toEqual([]);
    expect(t.signOut.calls).toHaveLength(1);
  });

  it("lets a new sign-in ask its nonce only after the sign-out request finished", async () => {
    const t = setup();
    t.signOut.then("hold");
    const signOut = t.controller.signOut();
    const signIn = t.controller.signIn();
    await flush();
    expect(t.events).toEqual(["signOut"]);
    t.signOut.last.resolve();
    await signOut;
    await signIn;
    expect(t.events).toEqual(["signOut", "getNonce", "createMessage", "verify", "verify settled"]);
  });
});

describe("createAuthController: listeners", () => {
  it("stops calling a listener after its unsubscribe function ran", async () => {
    const t = setup();
    const seen: AuthState[] = [];
    const unsubscribe = t.controller.on("change", (state) => seen.push(state));
    t.sign.then("hold");
    const signIn = t.controller.signIn();
    await flush();
    expect(seen.length).toBe(2);
    unsubscribe();
    unsubscribe(); // twice is harmless
    t.sign.last.resolve(SIGNATURE_PROOF);
    await signIn;
    expect(seen.length).toBe(2);
    expect(t.states.length).toBe(3);
  });

  it("gives each listener the new state, the one getState() returns", async () => {
    const t = setup();
    const pairs: [AuthState, AuthState][] = [];
    t.controller.on("change", (state) => pairs.push([state, t.controller.getState()]));
    await t.controller.signIn();
    expect(pairs).toHaveLength(3);
    for (const [given, current] of pairs) expect(given).toBe(current);
  });

  it("keeps calling the other listeners when one throws, and reports the error", async () => {
    const reported: unknown[] = [];
    const t = setup({ onListenerError: (error) => reported.push(error) });
    const boom = new Error("listener bug");
    t.controller.on("change", () => {
      throw boom;
    });
    const after: string[] = [];
    t.controller.on("change", (state) => after.push(state.status));
    await t.controller.signIn();
    expect(t.states).toHaveLength(3);
    expect(after).toEqual(["authenticating", "authenticating", "authenticated"]);
    expect(reported).toEqual([boom, boom, boom]);
  });

  it("calls a function subscribed twice twice, and each unsubscribe removes one", async () => {
    const t = setup();
    let count = 0;
    const listener = () => {
      count += 1;
    };
    const off = t.controller.on("change", listener);
    t.controller.on("change", listener);
    off();
    await t.controller.signIn();
    expect(count).toBe(3);
  });

  it("delivers changes made inside a listener after the current one, in order, to everyone", async () => {
    const t = setup();
    const second: string[] = [];
    t.controller.on("change", (state) => {
      if (state.status === "authenticated") void t.controller.signOut();
    });
    t.controller.on("change", (state) => second.push(state.status));
    const result = await t.controller.signIn();
    expect(result.status).toBe("authenticated"); // what this sign-in reached, though a listener moved on
    await flush();
    expect(second).toEqual(["authenticating", "authenticating", "authenticated", "unauthenticated"]);
  });

  it("sends no event after destroy and refuses new sign-ins", async () => {
    const t = setup();
    await t.controller.signIn();
    t.controller.destroy();
    t.controller.destroy();
    const late: AuthState[] = [];
    t.controller.on("change", (state) => late.push(state));
    await expect(t.controller.signIn()).rejects.toThrow("Cannot signIn(): the controller was destroyed.");
    await expect(t.controller.restore()).rejects.toBeInstanceOf(SignInCancelledError);
    await t.controller.signOut(); // still tells the server
    expect(t.signOut.calls).toHaveLength(1);
    expect(t.states).toHaveLength(3);
    expect(late).toEqual([]);
  });

  it("refuses an event other than change", () => {
    const t = setup();
    expect(() => t.controller.on("changed" as "change", () => undefined)).toThrow(InvalidOptionsError);
  });
});

describe("createAuthController: restore", () => {
  it("adopts the server's session after a reload", async () => {
    const t = setup();
    t.me.then({ address: ADDRESS });
    const state = await t.controller.restore();
    expect(state).toEqual({ status: "authenticated", address: ADDRESS, error: null });
    expect(statuses(t.states)).toEqual([`authenticated:${ADDRESS}`]);
  });

  it("goes unauthenticated when the server no longer knows the session", async () => {
    const t = setup();
    await t.controller.signIn();
    t.me.then(null);
    expect((await t.controller.restore()).status).toBe("unauthenticated");
  });

  it("sends no event when signed out and the server agrees", async () => {
    const t = setup();
    t.me.then(null);
    await t.controller.restore();
    expect(t.states).toEqual([]);
  });

  it("rejects, naming the step, and changes nothing when the server cannot answer", async () => {
    const t = setup();
    t.me.then(new NetworkError("me", { cause: new TypeError("fetch failed") }));
    await expect(t.controller.restore()).rejects.toThrow("Network error while reading the current session: fetch failed");
    expect(t.states).toEqual([]);
  });

  it("ignores an answer that arrives after a sign-in or sign-out started", async () => {
    const t = setup();
    t.me.then("hold");
    const restore = t.controller.restore();
    await t.controller.signOut();
    t.me.last.resolve({ address: ADDRESS });
    expect((await restore).status).toBe("unauthenticated");

    t.me.then("hold");
    t.sign.then("hold");
    const restore2 = t.controller.restore();
    const signIn = t.controller.signIn();
    await flush();
    t.me.last.resolve(null);
    expect((await restore2).status).toBe("authenticating");
    t.sign.last.resolve(SIGNATURE_PROOF);
    expect((await signIn).status).toBe("authenticated");
  });

  it("throws InvalidOptionsError when the adapter has no me()", async () => {
    const t = setup({}, { withMe: false });
    await expect(t.controller.restore()).rejects.toThrow(/restore\(\) needs an adapter with a me\(\) method/);
  });
});

describe("createAuthController: options", () => {
  const place = globalThis as { location?: unknown };
  afterEach(() => {
    delete place.location;
  });

  function base() {
    const w = scriptedWallet();
    const a = scriptedAdapter();
    return { wallet: w.wallet, adapter: a.adapter, chainId: "xrpl:0", a };
  }

  it("throws InvalidOptionsError outside a browser when domain or uri is missing", () => {
    const { a: _a, ...options } = base();
    expect(() => createAuthController({ ...options, uri: "https://example.com" })).toThrow(
      /^sign-in-with-xrpl: createAuthController needs `domain`/,
    );
    expect(() => createAuthController({ ...options, domain: "example.com" })).toThrow(
      /^sign-in-with-xrpl: createAuthController needs `uri`/,
    );
  });

  it("takes domain and uri from location in a browser", async () => {
    place.location = { host: "app.example.com:8443", origin: "https://app.example.com:8443" };
    const { a, ...options } = base();
    const controller = createAuthController(options);
    await controller.signIn();
    const fields = a.createMessage.last.args[0] as SignInMessageFields;
    expect(fields.domain).toBe("app.example.com:8443");
    expect(fields.uri).toBe("https://app.example.com:8443");
  });

  it("prefers the given domain and uri over location", async () => {
    place.location = { host: "app.example.com", origin: "https://app.example.com" };
    const { a, ...options } = base();
    await createAuthController({ ...options, domain: "example.org", uri: "https://example.org/login" }).signIn();
    expect(a.createMessage.last.args[0]).toMatchObject({ domain: "example.org", uri: "https://example.org/login" });
  });

  it("rejects a chain id that is not CAIP-2 xrpl:N, and a bad expiresIn, wallet or adapter", () => {
    const { a: _a, ...options } = base();
    const full = { ...options, domain: "example.com", uri: "https://example.com" };
    for (const chainId of ["0", "xrpl:", "eip155:1", "xrpl:01", "xrpl:4294967296"]) {
      expect(() => createAuthController({ ...full, chainId })).toThrow(InvalidOptionsError);
    }
    for (const expiresIn of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => createAuthController({ ...full, expiresIn })).toThrow(/`expiresIn` is a number of seconds/);
    }
    expect(() => createAuthController({ ...full, wallet: {} as never })).toThrow(/needs `wallet`/);
    expect(() => createAuthController({ ...full, adapter: { getNonce() {} } as never })).toThrow(/no createMessage\(\) method/);
    expect(() => createAuthController(undefined as never)).toThrow(InvalidOptionsError);
  });
});
