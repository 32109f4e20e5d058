// The demo page script (bundled into public/client.js by build-client.mjs). It uses only the
// public browser entry of the library, by package name, as an application would. It offers every
// wallet this browser has (GemWallet, Crossmark, the wallet-kit adapters the page registered),
// Xaman when the server has it, and the dev wallet in development only. Each wallet's SDK is its
// own chunk, downloaded when that wallet is looked for or used.
import { createAuthController, createHttpAdapter, createXamanWallet, detectWallets } from "sign-in-with-xrpl/client";
import { loadDevWallets } from "./dev-wallets.mjs";
import { basePath, mePath } from "../routes.mjs";
import { prependAnswer } from "./answer-list.mjs";

const ME_ROUTE = mePath;

const elements = {
  main: document.querySelector("main"),
  devNotice: document.getElementById("dev-notice"),
  devSection: document.getElementById("dev-wallet-section"),
  actions: document.getElementById("wallet-actions"),
  walletsFound: document.getElementById("wallets-found"),
  xamanPanel: document.getElementById("xaman-panel"),
  xamanHint: document.getElementById("xaman-hint"),
  xamanQr: document.getElementById("xaman-qr"),
  xamanLink: document.getElementById("xaman-link"),
  status: document.getElementById("status"),
  address: document.getElementById("session-address"),
  error: document.getElementById("error"),
  walletAddress: document.getElementById("wallet-address"),
  walletAlgorithm: document.getElementById("wallet-algorithm"),
  proofKind: document.getElementById("proof-kind"),
  proof: document.getElementById("proof"),
  signedMessage: document.getElementById("signed-message"),
  meResult: document.getElementById("me-result"),
  claims: document.getElementById("session-claims"),
  claimsLabel: document.getElementById("session-claims-label"),
  claimsRow: document.getElementById("session-claims-row"),
  answers: document.getElementById("answers"),
  signInSignature: document.getElementById("sign-in-signature"),
  signInTransaction: document.getElementById("sign-in-transaction"),
  signOut: document.getElementById("sign-out"),
};

/**
 * A fetch that shows the page every answer of the auth API (and passes everything else
 * through untouched): the adapter hands the controller only what it needs (a nonce, a yes/no),
 * while a demo wants the server's actual JSON on screen.
 */
function recordingFetch(record) {
  return async (input, init) => {
    const response = await fetch(input, init);
    const path = new URL(input, location.href).pathname;
    if (path.startsWith("/api/")) {
      let body;
      try {
        body = await response.clone().json();
      } catch {
        body = "(no JSON body)";
      }
      record({ method: (init?.method ?? "GET").toUpperCase(), path, status: response.status, body });
    }
    return response;
  };
}

/**
 * The wallet the controller talks to: it forwards to the wallet the clicked button chose and
 * records the exact message it was asked to sign, so the page can show it.
 */
function createDemoWallet(onSign, onProof) {
  let active;
  return {
    choose(wallet) {
      active = wallet;
    },
    getAddress: () => active.getAddress(),
    async sign(message) {
      onSign(message);
      const signed = await active.sign(message);
      onProof(signed);
      return signed;
    },
  };
}

/** Shows a Xaman sign request (QR code and link), or hides the panel once it is answered. */
function showXamanRequest(request) {
  elements.xamanPanel.hidden = request === null;
  if (request === null) return;
  elements.xamanQr.src = request.qrPngUrl;
  elements.xamanLink.href = request.deepLink;
  elements.xamanHint.textContent = request.pushed
    ? "Xaman sent this request to your phone: open it there (or scan the code)."
    : request.purpose === "identify"
      ? "Scan with Xaman to choose the account that signs in (or open the link on your phone)."
      : "Scan again to sign the sign-in message with that account.";
}

/** The wallets this page offers: the ones this browser has, Xaman when the server has it. */
async function findWallets(config) {
  const found = await detectWallets({
    gemWallet: () => import("@gemwallet/api"),
    crossmark: () => import("@crossmarkio/sdk"),
    // A page that uses wallet-kit builds its adapters (createOtsuAdapter(), ...) and registers them here.
    walletKit: window.walletKitAdapters ?? [],
  });
  if (config.xaman)
    found.push({
      id: "xaman",
      name: "Xaman",
      via: "server",
      wallet: createXamanWallet({ basePath: `${basePath}/xaman`, onRequest: showXamanRequest }),
    });
  return found;
}

function showAnswer({ method, path, status, body }) {
  prependAnswer(elements.answers, { method, path, status, body });
  if (path === ME_ROUTE) {
    elements.meResult.textContent = `${status} ${JSON.stringify(body, null, 2)}`;
    showClaims(status === 200 ? body?.claims : undefined);
  }
}

/**
 * The ledger claims the server read for the signed-in account (SIGN_IN_CLAIMS), as its me route
 * answers them: "kyc: holds, member: does not hold". Hidden when the server reads none.
 */
function showClaims(claims) {
  const shown = typeof claims === "object" && claims !== null;
  elements.claimsLabel.hidden = !shown;
  elements.claimsRow.hidden = !shown;
  elements.claims.textContent = shown
    ? Object.entries(claims)
        .map(([name, holds]) => `${name}: ${holds === true ? "holds" : "does not hold"}`)
        .join(", ") || "none"
    : "";
}

/** What the page shows: the controller's state, plus failures the state does not carry. */
const view = { busy: true, problem: "" };

function render(state) {
  elements.status.textContent = state.status;
  elements.status.dataset.status = state.status;
  elements.address.textContent = state.status === "authenticated" && state.address ? state.address : "";
  elements.error.textContent = state.error ? state.error.message : view.problem;
  for (const button of elements.actions.querySelectorAll("button[data-sign-in]")) {
    button.disabled = view.busy || state.status === "authenticating";
  }
  elements.signOut.disabled = view.busy;
  elements.main.setAttribute("aria-busy", String(view.busy));
}

function describeError(error) {
  return error instanceof Error ? error.message : String(error);
}

async function main() {
  const config = await (await fetch("/api/demo/config", { headers: { accept: "application/json" } })).json();

  const wallet = createDemoWallet(
    (message) => {
      elements.signedMessage.textContent = message;
      elements.proofKind.textContent = "Signing…";
      elements.proof.textContent = "";
    },
    (signed) => {
      elements.proofKind.textContent =
        signed.signatureKind === "signedTx"
          ? "Signed as the first memo of a transaction that can never be applied to the ledger (signatureKind: signedTx):"
          : "Signed as a message (signatureKind: signature):";
      elements.proof.textContent = JSON.stringify(signed, null, 2);
    },
  );
  // The same paths as the server (routes.mjs): nonce, verify and signout under basePath, me at mePath.
  const adapter = createHttpAdapter({ baseUrl: "", basePath, mePath, fetch: recordingFetch(showAnswer) });
  const controller = createAuthController({
    wallet,
    adapter,
    chainId: "xrpl:0",
    statement: "Sign in to the sign-in-with-xrpl demo.",
    expiresIn: 300,
  });
  controller.on("change", render);

  /** Runs one button's action, then asks /api/me what the server really holds now. */
  async function run(action) {
    view.busy = true;
    view.problem = "";
    render(controller.getState());
    try {
      await action();
    } catch (error) {
      // A failed sign-in is in the controller's state already; a failed sign-out is not.
      view.problem = describeError(error);
    }
    try {
      await adapter.me();
    } catch (error) {
      view.problem ||= describeError(error);
    }
    view.busy = false;
    render(controller.getState());
  }

  /** A "Sign in with ..." button for `chosen`. */
  function offer(button, chosen) {
    button.dataset.signIn = "true";
    button.hidden = false;
    button.addEventListener("click", () =>
      run(() => {
        wallet.choose(chosen);
        return controller.signIn();
      }),
    );
  }

  // The dev wallet, in development only: one key pair, two proof kinds.
  if (config.devWallet) {
    const wallets = await loadDevWallets();
    elements.devNotice.hidden = false;
    elements.devSection.hidden = false;
    elements.walletAddress.textContent = await wallets.byMessage.getAddress();
    elements.walletAlgorithm.textContent = wallets.byMessage.algorithm;
    offer(elements.signInSignature, wallets.byMessage);
    offer(elements.signInTransaction, wallets.byTransaction);
  }

  const found = await findWallets(config);
  for (const { id, name, wallet: chosen } of found) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = `Sign in with ${name}`;
    button.dataset.wallet = id;
    elements.actions.insertBefore(button, elements.signOut);
    offer(button, chosen);
  }
  elements.walletsFound.textContent =
    found.length === 0
      ? "No wallet found in this browser (GemWallet and Crossmark are browser extensions)."
      : `Wallets found: ${found.map(({ name }) => name).join(", ")}.`;

  elements.signOut.addEventListener("click", () => run(() => controller.signOut()));

  // Restore the session a reload left behind: the server's me route says who is signed in.
  try {
    await controller.restore();
  } catch (error) {
    view.problem = `Could not read the session: ${describeError(error)}`;
  }
  view.busy = false;
  render(controller.getState());
  elements.main.dataset.ready = "true";
}

main().catch((error) => {
  elements.status.textContent = "error";
  elements.status.dataset.status = "error";
  elements.error.textContent = `The demo could not start: ${describeError(error)}`;
});
