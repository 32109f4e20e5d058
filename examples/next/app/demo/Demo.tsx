"use client";

// The demo page (same behaviour as the Express example's page), as a client component. It uses
// only the public browser entry of the library, as an application would.
import { useEffect, useRef, useState } from "react";
import {
  createAuthController,
  createDevWallet,
  createHttpAdapter,
  type AuthController,
  type AuthState,
  type DevWallet,
  type FetchFunction,
  type WalletProof,
} from "sign-in-with-xrpl/client";
import styles from "./demo.module.css";

const DEV_WALLET_SEED_KEY = "sign-in-with-xrpl-demo:dev-wallet-seed";
const ME_ROUTE = "/api/auth/me";
const MAX_ANSWERS = 20;

type Proof = "signature" | "signedTx";

interface ApiAnswer {
  id: number;
  method: string;
  path: string;
  status: number;
  body: unknown;
}

interface Session {
  controller: AuthController;
  chooseProof(proof: Proof): void;
  refreshMe(): Promise<unknown>;
}

/**
 * A fetch that shows the page every answer of the auth API: the adapter hands the controller
 * only what it needs (a nonce, a yes/no), while a demo wants the server's actual JSON on screen.
 */
function recordingFetch(record: (answer: Omit<ApiAnswer, "id">) => void): FetchFunction {
  return async (input, init) => {
    const response = await fetch(input, init);
    const path = new URL(input, window.location.href).pathname;
    if (path.startsWith("/api/")) {
      let body: unknown;
      try {
        body = await response.clone().json();
      } catch {
        body = "(no JSON body)";
      }
      record({ method: (init.method ?? "GET").toUpperCase(), path, status: response.status, body });
    }
    return response;
  };
}

/**
 * The dev wallet of this tab: one key pair, two proof kinds. Its seed stays in sessionStorage so
 * that a reload signs in to the same account (and a new tab gets a new one).
 */
function loadDevWallets(): Promise<DevWallets> {
  // One wallet per page load, even when React mounts the component twice (Strict Mode).
  devWallets ??= openDevWallets();
  return devWallets;
}

interface DevWallets {
  byMessage: DevWallet;
  byTransaction: DevWallet;
}

let devWallets: Promise<DevWallets> | undefined;

async function openDevWallets(): Promise<DevWallets> {
  const storedSeed = window.sessionStorage.getItem(DEV_WALLET_SEED_KEY);
  let byMessage: DevWallet;
  try {
    byMessage = createDevWallet(storedSeed ? { seed: storedSeed } : {});
    await byMessage.getAddress();
  } catch {
    // Not a seed we can use (edited by hand?): start over with a new wallet.
    byMessage = createDevWallet();
  }
  window.sessionStorage.setItem(DEV_WALLET_SEED_KEY, await byMessage.exportSeed());
  return { byMessage, byTransaction: byMessage.withProof("signedTx") };
}

function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === "string" ? error : String(error);
}

export function Demo() {
  const [state, setState] = useState<AuthState | null>(null);
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(true);
  const [startError, setStartError] = useState<string | null>(null);
  // Failures the controller's state does not carry (a sign-out the server did not confirm).
  const [problem, setProblem] = useState("");
  const [wallet, setWallet] = useState<{ address: string; algorithm: string } | null>(null);
  const [signed, setSigned] = useState<{ message: string; proof: Proof; result?: WalletProof } | null>(null);
  const [answers, setAnswers] = useState<ApiAnswer[]>([]);
  const [me, setMe] = useState<{ status: number; body: unknown } | null>(null);
  const session = useRef<Session | null>(null);

  useEffect(() => {
    let cancelled = false;
    let nextAnswerId = 0;
    let controller: AuthController | undefined;
    let unsubscribe: (() => void) | undefined;

    const record = (answer: Omit<ApiAnswer, "id">) => {
      if (cancelled) return;
      // A long session should not grow the page forever.
      setAnswers((previous) => [{ ...answer, id: nextAnswerId++ }, ...previous].slice(0, MAX_ANSWERS));
      if (answer.path === ME_ROUTE) setMe({ status: answer.status, body: answer.body });
    };

    (async () => {
      const wallets = await loadDevWallets();
      if (cancelled) return;
      setWallet({ address: await wallets.byMessage.getAddress(), algorithm: wallets.byMessage.algorithm });

      let proof: Proof = "signature";
      const demoWallet = {
        getAddress: () => wallets.byMessage.getAddress(),
        // Records the exact message the controller asks to sign, so the page can show it.
        sign: async (message: string) => {
          const kind = proof;
          setSigned({ message, proof: kind });
          const result = await (kind === "signedTx" ? wallets.byTransaction.sign(message) : wallets.byMessage.sign(message));
          if (!cancelled) setSigned({ message, proof: kind, result });
          return result;
        },
      };
      const adapter = createHttpAdapter({ baseUrl: "", basePath: "/api/auth", mePath: ME_ROUTE, fetch: recordingFetch(record) });
      controller = createAuthController({
        wallet: demoWallet,
        adapter,
        chainId: "xrpl:0",
        statement: "Sign in to the sign-in-with-xrpl demo.",
        expiresIn: 300,
      });
      unsubscribe = controller.on("change", (next: AuthState) => {
        if (!cancelled) setState(next);
      });
      session.current = {
        controller,
        chooseProof: (next) => {
          proof = next;
        },
        refreshMe: () => adapter.me(),
      };
      // Restore the session a reload left behind: the server's me route says who is signed in.
      try {
        await controller.restore();
      } catch (error) {
        if (!cancelled) setProblem(`Could not read the session: ${describeError(error)}`);
      }
      if (cancelled) return;
      setState(controller.getState());
      setBusy(false);
      setReady(true);
    })().catch((error: unknown) => {
      if (!cancelled) setStartError(`The demo could not start: ${describeError(error)}`);
    });

    return () => {
      cancelled = true;
      unsubscribe?.();
      controller?.destroy();
      session.current = null;
    };
  }, []);

  /** Runs one button's action, then asks the me route what the server really holds now. */
  async function run(action: (current: Session) => Promise<unknown>) {
    const current = session.current;
    if (current === null) return;
    setBusy(true);
    setProblem("");
    let failure = "";
    try {
      await action(current);
    } catch (error) {
      // A failed sign-in is in the controller's state already; a failed sign-out is not.
      failure = describeError(error);
    }
    try {
      await current.refreshMe();
    } catch (error) {
      failure ||= describeError(error);
    }
    setProblem(failure);
    setState(current.controller.getState());
    setBusy(false);
  }

  const status = startError ? "error" : (state?.status ?? "loading");
  const signedInAddress = state?.status === "authenticated" && state.address ? state.address : "";
  const error = startError ?? (state?.error ? state.error.message : problem);
  const signingIn = busy || state?.status === "authenticating";

  return (
    <main className={styles.demo} data-ready={ready ? "true" : "false"} aria-busy={busy}>
      <header>
        <h1>Sign in with XRPL</h1>
        <p className={styles.subtitle}>Next.js example: App Router, iron-session encrypted cookie</p>
      </header>

      <p className={styles.notice} role="note">
        <strong>Development tool.</strong> This page signs with a <em>dev wallet</em>: a key pair generated in this browser tab and kept in
        its session storage. It is for trying the flow out; never use it for an account that holds value.
      </p>

      <section className={styles.panel} aria-labelledby="session-heading">
        <h2 id="session-heading">Session</h2>
        <dl className={styles.state}>
          <dt>Status</dt>
          <dd>
            <span className={styles.status} data-status={status} data-testid="session-status">
              {status}
            </span>
          </dd>
          <dt>Signed in as</dt>
          <dd>
            <code data-testid="session-address">{signedInAddress}</code>
          </dd>
          <dt>Error</dt>
          <dd>
            <span className={styles.error} role="alert" data-testid="session-error">
              {error}
            </span>
          </dd>
        </dl>
        <div className={styles.actions}>
          <button
            type="button"
            disabled={signingIn}
            onClick={() =>
              run((current) => {
                current.chooseProof("signature");
                return current.controller.signIn();
              })
            }
          >
            Sign in with message signature
          </button>
          <button
            type="button"
            disabled={signingIn}
            onClick={() =>
              run((current) => {
                current.chooseProof("signedTx");
                return current.controller.signIn();
              })
            }
          >
            Sign in with signed transaction
          </button>
          <button type="button" className={styles.secondary} disabled={busy} onClick={() => run((current) => current.controller.signOut())}>
            Sign out
          </button>
        </div>
      </section>

      <section className={styles.panel} aria-labelledby="wallet-heading">
        <h2 id="wallet-heading">Dev wallet</h2>
        <dl className={styles.state}>
          <dt>Address</dt>
          <dd>
            <code data-testid="wallet-address">{wallet?.address ?? ""}</code>
          </dd>
          <dt>Key type</dt>
          <dd>
            <code>{wallet?.algorithm ?? ""}</code>
          </dd>
        </dl>
      </section>

      <section className={styles.panel} aria-labelledby="message-heading">
        <h2 id="message-heading">Signed message</h2>
        <p className={styles.hint}>
          {signed === null
            ? "Nothing signed yet."
            : signed.proof === "signedTx"
              ? "Signed as the first memo of an AccountSet transaction that can never be applied to the ledger (signatureKind: signedTx):"
              : "Signed as a message (signatureKind: signature):"}
        </p>
        <pre className={styles.pre} data-testid="signed-message">
          {signed?.message ?? ""}
        </pre>
        <details className={styles.proof}>
          <summary>Proof the wallet returned</summary>
          <pre className={styles.pre} data-testid="proof">
            {signed?.result === undefined ? "" : JSON.stringify(signed.result, null, 2)}
          </pre>
        </details>
      </section>

      <section className={styles.panel} aria-labelledby="me-heading">
        <h2 id="me-heading">
          Server session (<code>GET {ME_ROUTE}</code>)
        </h2>
        <pre className={styles.pre} data-testid="me-result">
          {me === null ? "" : `${me.status} ${JSON.stringify(me.body, null, 2)}`}
        </pre>
      </section>

      <section className={styles.panel} aria-labelledby="answers-heading">
        <h2 id="answers-heading">Server answers</h2>
        <p className={styles.hint}>Every answer of the auth API, newest first.</p>
        <ol className={styles.answers} data-testid="server-answers" reversed>
          {answers.map((answer) => (
            <li key={answer.id}>
              <div className={styles.call}>
                {answer.method} {answer.path} →{" "}
                <span className={answer.status >= 200 && answer.status < 300 ? styles.ok : styles.bad}>{answer.status}</span>
              </div>
              <pre className={styles.pre}>{JSON.stringify(answer.body, null, 2)}</pre>
            </li>
          ))}
        </ol>
      </section>
    </main>
  );
}
