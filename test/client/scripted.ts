// Scripted wallet and adapter: real objects whose every answer the test decides, either at once
// (`answer`) or later (`hold`, then resolve/reject the returned call).
import type { AdapterCallOptions, AuthAdapter, VerifyCallOptions, Wallet, WalletProof } from "../../src/client/index.js";
import type { SignInMessageFields } from "../../src/message/types.js";
import type { VerifyRequest } from "../../src/verify/types.js";

export interface Call<T> {
  args: unknown[];
  resolve(value: T): void;
  reject(error: Error): void;
  settled: boolean;
}

/** One scripted method: answers from a queue (value, Error to throw, or "hold" to answer later). */
export class Script<T> {
  readonly calls: Call<T>[] = [];
  private readonly answers: (T | Error | "hold")[] = [];
  private fallback: T | Error | "hold";

  constructor(fallback: T | Error | "hold") {
    this.fallback = fallback;
  }

  /** The next calls answer these, in order; after them, `always`'s value (or the constructor's). */
  then(...answers: (T | Error | "hold")[]): this {
    this.answers.push(...answers);
    return this;
  }

  always(answer: T | Error | "hold"): this {
    this.fallback = answer;
    return this;
  }

  run(args: unknown[]): Promise<T> {
    const answer = this.answers.length > 0 ? this.answers.shift()! : this.fallback;
    return new Promise<T>((resolve, reject) => {
      const call: Call<T> = {
        args,
        settled: false,
        resolve: (value) => {
          call.settled = true;
          resolve(value);
        },
        reject: (error) => {
          call.settled = true;
          reject(error);
        },
      };
      this.calls.push(call);
      if (answer === "hold") return;
      if (answer instanceof Error) call.reject(answer);
      else call.resolve(answer);
    });
  }

  get last(): Call<T> {
    const call = this.calls.at(-1);
    if (call === undefined) throw new Error("no call yet");
    return call;
  }
}

export const ADDRESS = "rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY";
export const NONCE = "a1b2c3d4e5f60718293a4b5c6d7e8f90";
export const SIGNATURE_PROOF: WalletProof = {
  signatureKind: "signature",
  signature: "AB".repeat(64),
  publicKey: "ED" + "CD".repeat(32),
};

export function scriptedWallet() {
  const getAddress = new Script<string>(ADDRESS);
  const sign = new Script<WalletProof>(SIGNATURE_PROOF);
  const wallet: Wallet = {
    getAddress: () => getAddress.run([]),
    sign: (message: string) => sign.run([message]),
  };
  return { wallet, getAddress, sign };
}

export function scriptedAdapter(options: { withMe?: boolean } = {}) {
  const getNonce = new Script<string>(NONCE);
  const createMessage = new Script<string>("THE MESSAGE");
  const verify = new Script<boolean>(true);
  const signOut = new Script<void>(undefined);
  const me = new Script<{ address: string } | null>(null);
  const events: string[] = [];
  /** When set, verify calls `onRejected` with this before answering false. */
  let rejection: { status?: number; error?: string } | undefined;
  const adapter: AuthAdapter = {
    getNonce: (call?: AdapterCallOptions) => {
      events.push("getNonce");
      return getNonce.run([call]);
    },
    createMessage: (fields: SignInMessageFields) => {
      events.push("createMessage");
      return createMessage.run([fields]);
    },
    verify: async (body: VerifyRequest, call?: VerifyCallOptions) => {
      events.push("verify");
      const ok = await verify.run([body, call]);
      events.push("verify settled");
      if (!ok && rejection !== undefined) call?.onRejected?.(rejection);
      return ok;
    },
    signOut: (call?: AdapterCallOptions) => {
      events.push("signOut");
      return signOut.run([call]);
    },
  };
  if (options.withMe !== false) {
    adapter.me = () => {
      events.push("me");
      return me.run([]);
    };
  }
  return {
    adapter,
    getNonce,
    createMessage,
    verify,
    signOut,
    me,
    events,
    rejectWith(answer: { status?: number; error?: string } | undefined) {
      rejection = answer;
    },
  };
}

/** Lets every queued microtask and pending timer callback run. */
export function flush(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
