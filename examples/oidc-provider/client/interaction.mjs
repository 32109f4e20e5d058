// The interaction page script (bundled into public/client.js by build-client.mjs): it signs the
// user in for the authorization this page belongs to, through the interaction's JSON routes,
// then sends the browser on to `redirectTo`, which continues the authorization. It uses only
// the public browser entry of the library, as an application would.
import { createAuthController, createMessage } from "sign-in-with-xrpl/client";
import { loadDevWallets } from "../../express/client/dev-wallets.mjs";
import { prependAnswer } from "../../express/client/answer-list.mjs";

/** `<issuer path>/interaction/<uid>`: the routes live under this page's own path. */
const base = location.pathname.replace(/\/$/, "");

const $ = (id) => document.getElementById(id);
const elements = {
  main: document.querySelector("main"),
  clientName: $("client-name"),
  clientId: $("client-id"),
  redirectUri: $("redirect-uri"),
  scopes: $("scopes"),
  status: $("status"),
  address: $("session-address"),
  error: $("error"),
  walletSection: $("wallet-section"),
  walletAddress: $("wallet-address"),
  walletAlgorithm: $("wallet-algorithm"),
  proofKind: $("proof-kind"),
  signedMessage: $("signed-message"),
  answers: $("answers"),
  signInSignature: $("sign-in-signature"),
  signInTransaction: $("sign-in-transaction"),
  cancel: $("cancel"),
};

/** One call of an interaction route: its status and JSON body, shown in the answers list. */
async function call(route, init = {}) {
  const path = `${base}/${route}`;
  const response = await fetch(path, { credentials: "same-origin", ...init });
  let body;
  try {
    body = await response.json();
  } catch {
    body = { error: `Unexpected answer (HTTP ${response.status}).` };
  }
  prependAnswer(elements.answers, { method: init.method ?? "GET", path, status: response.status, body });
  return { status: response.status, body };
}

/**
 * How long the nonce `start` answered is used for the first sign-in: the provider keeps a pending
 * nonce 300 seconds (the library's default `nonceTtlSeconds`, which the example keeps), and the
 * wallet needs some of that to sign. A page left open longer asks for a fresh one.
 */
const START_NONCE_USE_MS = 120_000;

/**
 * The controller's adapter for this interaction: the nonce and verify routes under this page,
 * and the message with the relying party's redirect_uri as its resource, so the wallet shows
 * where the sign-in leads. The first sign-in signs the nonce `start` answered with the details
 * (no request of its own); a new attempt, after a refusal, asks `nonce` for a fresh one.
 */
function interactionAdapter(details, startNonce, onSignedIn) {
  let unused = startNonce;
  return {
    async getNonce() {
      const first = unused;
      unused = undefined;
      if (first !== undefined && Date.now() - first.at < START_NONCE_USE_MS) return first.nonce;
      const { status, body } = await call("nonce");
      if (status !== 200) throw new Error(body.error ?? `nonce: HTTP ${status}`);
      return body.nonce;
    },
    createMessage: (fields) => createMessage({ ...fields, resources: details.resources }),
    async verify(proof, options) {
      const { status, body } = await call("verify", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(proof),
      });
      if (status === 200 && body.ok === true) {
        onSignedIn(body.redirectTo);
        return true;
      }
      options?.onRejected?.({ status, error: body.error });
      return false;
    },
    // Nothing to end: the provider's session starts only once the authorization continues.
    async signOut() {},
  };
}

const view = { busy: true, problem: "", hasWallet: false };

function render(state) {
  elements.status.textContent = state.status;
  elements.status.dataset.status = state.status;
  elements.address.textContent = state.status === "authenticated" && state.address ? state.address : "";
  elements.error.textContent = state.error ? (state.error.serverError ?? state.error.message) : view.problem;
  const locked = view.busy || state.status === "authenticating" || state.status === "authenticated";
  elements.signInSignature.disabled = locked || !view.hasWallet;
  elements.signInTransaction.disabled = locked || !view.hasWallet;
  elements.cancel.disabled = locked;
  elements.main.setAttribute("aria-busy", String(view.busy));
}

async function main() {
  // One call before the user signs: the sign-in's details and a nonce.
  const { status, body: started } = await call("start");
  if (status !== 200) throw new Error(started.error ?? `start: HTTP ${status}`);
  const { nonce, ...details } = started;
  const startNonce = { nonce, at: Date.now() };
  elements.clientName.textContent = details.clientName;
  elements.clientId.textContent = details.clientId;
  elements.redirectUri.textContent = details.redirectUri;
  elements.scopes.textContent = details.scopes.join(" ");

  const devWallet = document.querySelector('meta[name="siwx-dev-wallet"]')?.content === "on";
  $(devWallet ? "dev-wallet-notice" : "no-wallet-notice").hidden = false;
  let chooseProof = () => {};
  let wallet = {
    getAddress: () => Promise.reject(new Error("No wallet on this page.")),
    sign: () => Promise.reject(new Error("No wallet on this page.")),
  };
  if (devWallet) {
    const wallets = await loadDevWallets();
    elements.walletSection.hidden = false;
    elements.walletAddress.textContent = await wallets.byMessage.getAddress();
    elements.walletAlgorithm.textContent = wallets.byMessage.algorithm;
    let proof = "signature";
    chooseProof = (kind) => (proof = kind);
    wallet = {
      getAddress: () => wallets.byMessage.getAddress(),
      async sign(message) {
        elements.signedMessage.textContent = message;
        elements.proofKind.textContent =
          proof === "signedTx" ? "Signed as the first memo of an AccountSet transaction (signedTx):" : "Signed as a message (signature):";
        return proof === "signedTx" ? wallets.byTransaction.sign(message) : wallets.byMessage.sign(message);
      },
    };
    view.hasWallet = true;
  }

  let redirectTo;
  const controller = createAuthController({
    wallet,
    adapter: interactionAdapter(details, startNonce, (target) => (redirectTo = target)),
    chainId: details.chainId ?? "xrpl:0",
    statement: `Sign in to ${details.clientName}.`,
    domain: details.domain,
    uri: details.uri,
    expiresIn: 300,
  });
  controller.on("change", render);

  async function run(action) {
    view.busy = true;
    view.problem = "";
    render(controller.getState());
    try {
      await action();
    } catch (error) {
      // A refused sign-in is in the controller's state; a failed cancel is not.
      if (controller.getState().status !== "error") view.problem = error instanceof Error ? error.message : String(error);
    }
    if (redirectTo !== undefined) {
      // Signed in (or cancelled): the authorization continues at the provider.
      location.assign(redirectTo);
      return;
    }
    view.busy = false;
    render(controller.getState());
  }

  const signIn = (kind) => () =>
    run(() => {
      chooseProof(kind);
      return controller.signIn();
    });
  elements.signInSignature.addEventListener("click", signIn("signature"));
  elements.signInTransaction.addEventListener("click", signIn("signedTx"));
  elements.cancel.addEventListener("click", () =>
    run(async () => {
      const { status, body } = await call("abort", { method: "POST" });
      if (status !== 200) throw new Error(body.error ?? `abort: HTTP ${status}`);
      redirectTo = body.redirectTo;
    }),
  );

  view.busy = false;
  render(controller.getState());
  elements.main.dataset.ready = "true";
}

main().catch((error) => {
  elements.status.textContent = "error";
  elements.status.dataset.status = "error";
  elements.error.textContent = `The sign-in page could not start: ${error instanceof Error ? error.message : String(error)}`;
  elements.main.setAttribute("aria-busy", "false");
});
