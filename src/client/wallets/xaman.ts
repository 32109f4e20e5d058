import { InvalidOptionsError } from "../../errors.js";
import { NetworkError, ServerRejectedError, WalletError } from "../errors.js";
import type { FetchFunction } from "../http-adapter.js";
import type { Wallet, WalletProof } from "../types.js";
import { nonEmptyString } from "./sdk-source.js";

/**
 * A Xaman sign request to show the user: the QR code to scan and the link that opens it in Xaman
 * on the same phone. `pushed` is true when Xaman sent it to the user's phone as a notification
 * (after a first sign-in), so the page can say "check your phone" instead.
 *
 * @example
 * ```ts
 * const show = (request: XamanSignRequest | null) => {
 *   qr.src = request?.qrPngUrl ?? "";
 *   link.href = request?.deepLink ?? "#";
 * };
 * ```
 */
export interface XamanSignRequest {
  /** `"identify"`: Xaman tells which account signs in; `"sign-in"`: it signs the message. */
  purpose: "identify" | "sign-in";
  uuid: string;
  /** The QR code image (PNG) of the request, on Xaman's servers. */
  qrPngUrl: string;
  /** Opens the request in Xaman (the link the QR code holds). */
  deepLink: string;
  pushed: boolean;
}

/**
 * Options of `createXamanWallet`.
 *
 * @example
 * ```ts
 * const options: XamanWalletOptions = { onRequest: (request) => render(request) };
 * ```
 */
export interface XamanWalletOptions {
  /** Called with each sign request to show (QR code, link), and with `null` once it is answered. */
  onRequest: (request: XamanSignRequest | null) => void;
  /** Origin (and path prefix) of your API. Default `""`: same origin. */
  baseUrl?: string;
  /** Where the Xaman routes of `sign-in-with-xrpl/xaman` are mounted. Default `"/api/auth/xaman"`. */
  basePath?: string;
  /** `fetch` to use. Default: the global `fetch`. */
  fetch?: FetchFunction;
  /** How long the page waits for the user to answer one request, in milliseconds. Default 300000 (5 minutes). */
  timeoutMs?: number;
}

/**
 * The Xaman wallet of a page.
 *
 * @example
 * ```ts
 * const wallet: XamanWallet = createXamanWallet({ onRequest: show });
 * ```
 */
export interface XamanWallet extends Wallet {
  readonly id: "xaman";
  getAddress(): Promise<string>;
  sign(message: string): Promise<WalletProof>;
}

interface PayloadAnswer {
  status: "pending" | "signed" | "refused" | "expired";
  account?: string;
  txBlob?: string;
  userToken?: string;
}

const DEFAULT_TIMEOUT_MS = 300_000;
const MIN_POLL_INTERVAL_MS = 1000;

/**
 * Xaman as the wallet of a page, through your server: Xaman signs no messages, so its users sign
 * in with a `SignIn` sign request that the server creates with Xaman's platform API
 * (`createXamanSignIn` of `sign-in-with-xrpl/xaman`, which holds the API secret).
 *
 * - `getAddress()` asks the server for an "identify" request (a `SignIn` without a message),
 *   hands it to `onRequest` (show the QR code and the link), and waits until the user signed it:
 *   Xaman then tells which account signs in.
 * - `sign(message)` asks for a `SignIn` request carrying the message (UTF-8, hex) in its first
 *   memo, for that account; Xaman sends it to the user's phone when it can (`pushed`), else it is
 *   shown like the first. The proof is `{ signatureKind: "signedTx", txBlob }`: the blob Xaman
 *   signed, checked by your verify route like any signed transaction.
 * - A declined or expired request rejects with `WalletError` (`reason: "refused"`).
 *
 * @example
 * ```ts
 * import { createAuthController, createHttpAdapter, createXamanWallet } from "sign-in-with-xrpl/client";
 * const wallet = createXamanWallet({
 *   onRequest: (request) => {
 *     qr.hidden = request === null;
 *     if (request !== null) (qr.src = request.qrPngUrl), (link.href = request.deepLink);
 *   },
 * });
 * const controller = createAuthController({ wallet, adapter: createHttpAdapter(), chainId: "xrpl:0" });
 * ```
 */
export function createXamanWallet(options: XamanWalletOptions): XamanWallet {
  if (options === null || typeof options !== "object" || typeof options.onRequest !== "function") {
    throw new InvalidOptionsError(
      "sign-in-with-xrpl: createXamanWallet needs `onRequest`, a function that shows the QR code and link of each sign request: { onRequest: (request) => show(request) }.",
    );
  }
  const basePath = (options.basePath ?? "/api/auth/xaman").replace(/\/+$/u, "");
  if (!basePath.startsWith("/")) {
    throw new InvalidOptionsError('sign-in-with-xrpl: createXamanWallet `basePath` must start with "/", such as "/api/auth/xaman".');
  }
  const root = `${(options.baseUrl ?? "").replace(/\/+$/u, "")}${basePath}`;
  const fetchImpl: FetchFunction = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let account: string | undefined;
  let userToken: string | undefined;

  async function call(step: "address" | "sign", method: "GET" | "POST", path: string, body?: unknown): Promise<Record<string, unknown>> {
    const init: RequestInit = { method, credentials: "include", headers: { Accept: "application/json" } };
    if (body !== undefined) {
      init.headers = { Accept: "application/json", "Content-Type": "application/json" };
      init.body = JSON.stringify(body);
    }
    let response: Response;
    try {
      response = await fetchImpl(`${root}${path}`, init);
    } catch (error) {
      throw new NetworkError(step, { cause: error });
    }
    let data: unknown;
    try {
      data = await response.json();
    } catch {
      data = undefined;
    }
    const record = data !== null && typeof data === "object" ? (data as Record<string, unknown>) : {};
    if (!response.ok) {
      throw new ServerRejectedError(step, { status: response.status, serverError: nonEmptyString(record["error"]) });
    }
    return record;
  }

  async function run(step: "address" | "sign", body: Record<string, unknown>): Promise<PayloadAnswer> {
    const created = await call(step, "POST", "/payloads", body);
    const uuid = nonEmptyString(created["uuid"]);
    if (uuid === undefined) throw new ServerRejectedError(step, { serverError: "The answer has no `uuid`." });
    options.onRequest({
      purpose: body["message"] === undefined ? "identify" : "sign-in",
      uuid,
      qrPngUrl: nonEmptyString(created["qrPngUrl"]) ?? "",
      deepLink: nonEmptyString(created["deepLink"]) ?? "",
      pushed: created["pushed"] === true,
    });
    const deadline = Date.now() + timeoutMs;
    try {
      for (;;) {
        const asked = Date.now();
        const answer = (await call(step, "GET", `/payloads/${encodeURIComponent(uuid)}`)) as Partial<PayloadAnswer>;
        if (answer.status === "signed") return answer as PayloadAnswer;
        if (answer.status === "refused") {
          throw new WalletError(step, "Xaman: the sign request was declined.", { reason: "refused" });
        }
        if (answer.status === "expired" || Date.now() > deadline) {
          throw new WalletError(step, "Xaman: the sign request expired before it was signed.", { reason: "refused" });
        }
        // "pending": the server held the request until its own wait ran out; ask again, but
        // never more than once a second (a server configured not to wait answers at once).
        const elapsed = Date.now() - asked;
        if (elapsed < MIN_POLL_INTERVAL_MS) await new Promise((resolve) => setTimeout(resolve, MIN_POLL_INTERVAL_MS - elapsed));
      }
    } finally {
      options.onRequest(null);
    }
  }

  async function identify(): Promise<string> {
    const answer = await run("address", userToken === undefined ? {} : { userToken });
    const signer = nonEmptyString(answer.account);
    if (signer === undefined) throw new WalletError("address", "Xaman signed but named no account.", { reason: "failed" });
    userToken = nonEmptyString(answer.userToken) ?? userToken;
    return (account = signer);
  }

  return {
    id: "xaman",
    getAddress: identify,
    async sign(message: string): Promise<WalletProof> {
      if (account === undefined) await identify();
      const answer = await run("sign", userToken === undefined ? { message } : { message, userToken });
      const txBlob = nonEmptyString(answer.txBlob);
      if (txBlob === undefined) throw new WalletError("sign", "Xaman signed but the server got no signed blob.", { reason: "failed" });
      return { signatureKind: "signedTx", txBlob };
    },
  };
}
