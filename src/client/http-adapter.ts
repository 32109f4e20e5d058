import { InvalidOptionsError } from "../errors.js";
import { createMessage } from "../message/create.js";
import type { SignInMessageFields } from "../message/types.js";
import type { VerifyRequest } from "../verify/types.js";
import { basePathProblem, DEFAULT_BASE_PATH, normalizeBasePath } from "../shared/base-path.js";
import { NetworkError, ServerRejectedError, type SignInStep } from "./errors.js";
import type { AdapterCallOptions, AuthAdapter, ServerRejection, VerifyCallOptions } from "./types.js";

/**
 * The `fetch` signature the adapter uses (the browser's, or any compatible one).
 *
 * @example
 * ```ts
 * const logged: FetchFunction = (input, init) => (console.log(init.method, input), fetch(input, init));
 * const adapter = createHttpAdapter({ fetch: logged });
 * ```
 */
export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>;

/**
 * Options of `createHttpAdapter`.
 *
 * @example
 * ```ts
 * const options: HttpAdapterOptions = { baseUrl: "https://api.example.com", basePath: "/auth", mePath: "/api/me" };
 * ```
 */
export interface HttpAdapterOptions {
  /** Origin (and path prefix) of the API. Default `""`: same origin, relative URLs. */
  baseUrl?: string;
  /**
   * The path the server's sign-in routes live under, the same value as the server's `basePath`:
   * the adapter calls `GET {basePath}/nonce`, `POST {basePath}/verify` and
   * `POST {basePath}/signout`. Default `"/api/auth"`. A plain path, not a route pattern.
   */
  basePath?: string;
  /**
   * The route that says who is signed in, under `baseUrl`: `"/api/auth/me"` (the Next example,
   * the fetch handler) or `"/api/me"` (the Express example). Absent: `me()` tries
   * `{basePath}/me`, then `/api/me` when that is 404, and remembers the one that answered.
   */
  mePath?: string;
  /**
   * @deprecated Use `mePath`: `"cookie"` is `mePath: "/api/auth/me"`, `"store"` is `mePath: "/api/me"`.
   */
  variant?: "cookie" | "store";
  /** `fetch` to use. Default: the global `fetch`. */
  fetch?: FetchFunction;
}

/**
 * The adapter `createHttpAdapter` returns: `AuthAdapter` with `me` always present, plus the last
 * refusal of `verify` for callers that use it directly.
 *
 * @example
 * ```ts
 * const adapter: HttpAdapter = createHttpAdapter();
 * if (!(await adapter.verify(body))) console.log(adapter.lastError?.error);
 * ```
 */
export interface HttpAdapter extends AuthAdapter {
  me(options?: AdapterCallOptions): Promise<{ address: string } | null>;
  /** Status and error text of the last `verify` that resolved `false`; `null` after one that resolved `true`. */
  readonly lastError: ServerRejection | null;
}

/**
 * The browser's side of the sign-in routes, over `fetch`: `GET {baseUrl}{basePath}/nonce`, `POST
 * {baseUrl}{basePath}/verify`, `POST {baseUrl}{basePath}/signout` and `GET {baseUrl}{mePath}`,
 * with `basePath` `"/api/auth"` unless you give the one your server uses. Every request sends
 * cookies (`credentials: "include"`) and JSON headers.
 *
 * - `getNonce()` resolves the `nonce` field; throws `ServerRejectedError` (status and the
 *   server's `error` text) on a non-2xx answer, `NetworkError` when `fetch` fails.
 * - `createMessage(fields)` formats with this library's `createMessage`.
 * - `verify(body)` resolves `true` exactly on a 2xx answer; on a non-2xx answer it resolves
 *   `false`, calls `options.onRejected({ status, error, code })` and keeps it in `lastError`, so the
 *   controller's error says why (with the server's `code` when it sends one). It throws `NetworkError` when there is no answer at all.
 * - `signOut()` throws on a non-2xx answer; `me()` resolves `{ address }` or `null` on 401.
 *
 * @example
 * ```ts
 * import { createAuthController, createHttpAdapter } from "sign-in-with-xrpl/client";
 * const adapter = createHttpAdapter({ mePath: "/api/me" }); // Express example
 * const controller = createAuthController({ wallet, adapter, chainId: "xrpl:0" });
 * ```
 *
 * @example
 * ```ts
 * // A server whose routes live under /auth: createFetchHandler({ basePath: "/auth", ... })
 * const adapter = createHttpAdapter({ basePath: "/auth" }); // /auth/nonce, /auth/verify, /auth/signout, /auth/me
 * ```
 */
export function createHttpAdapter(options: HttpAdapterOptions = {}): HttpAdapter {
  if (options === null || typeof options !== "object") {
    throw new InvalidOptionsError(
      "sign-in-with-xrpl: createHttpAdapter takes an options object ({ baseUrl?, basePath?, mePath?, fetch? }) or nothing.",
    );
  }
  const { variant, mePath: configuredMePath } = options;
  if (variant !== undefined && variant !== "cookie" && variant !== "store") {
    throw new InvalidOptionsError(
      `sign-in-with-xrpl: createHttpAdapter \`variant\` (deprecated) is "cookie" or "store"; got ${JSON.stringify(variant)}. Use \`mePath\` instead, e.g. mePath: "/api/auth/me".`,
    );
  }
  if (configuredMePath !== undefined && (typeof configuredMePath !== "string" || !configuredMePath.startsWith("/"))) {
    throw new InvalidOptionsError(
      'sign-in-with-xrpl: createHttpAdapter `mePath` must be a path starting with "/", such as "/api/auth/me" or "/api/me".',
    );
  }
  if (options.basePath !== undefined) {
    const problem = basePathProblem(options.basePath);
    if (problem !== undefined) throw new InvalidOptionsError(`sign-in-with-xrpl: createHttpAdapter \`basePath\` ${problem}.`);
  }
  const basePath = options.basePath === undefined ? DEFAULT_BASE_PATH : normalizeBasePath(options.basePath);
  if (options.baseUrl !== undefined && typeof options.baseUrl !== "string") {
    throw new InvalidOptionsError('sign-in-with-xrpl: createHttpAdapter `baseUrl` must be a string such as "https://example.com".');
  }
  if (options.fetch !== undefined && typeof options.fetch !== "function") {
    throw new InvalidOptionsError("sign-in-with-xrpl: createHttpAdapter `fetch` must be a function.");
  }
  const baseUrl = (options.baseUrl ?? "").replace(/\/+$/, "");
  const custom = options.fetch;
  // Call the global through globalThis: a detached `fetch` throws "Illegal invocation" in browsers.
  const fetchImpl: FetchFunction = custom ?? ((input, init) => globalThis.fetch(input, init));
  let mePath: string | undefined =
    configuredMePath ?? (variant === "cookie" ? "/api/auth/me" : variant === "store" ? "/api/me" : undefined);
  let lastError: ServerRejection | null = null;

  async function request(step: SignInStep, method: "GET" | "POST", path: string, body: unknown, signal: AbortSignal | undefined) {
    const headers: Record<string, string> = { Accept: "application/json" };
    const init: RequestInit = { method, credentials: "include", headers };
    if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    if (signal !== undefined) init.signal = signal;
    try {
      return await fetchImpl(`${baseUrl}${path}`, init);
    } catch (error) {
      if (signal?.aborted === true) throw error;
      throw new NetworkError(step, { cause: error });
    }
  }

  async function rejection(step: SignInStep, response: Response): Promise<ServerRejectedError> {
    const { error, code } = await errorOf(response);
    return new ServerRejectedError(step, { status: response.status, serverError: error, serverCode: code });
  }

  async function readJson(step: SignInStep, response: Response): Promise<unknown> {
    try {
      return await response.json();
    } catch (error) {
      throw new ServerRejectedError(step, { status: response.status, serverError: "The answer is not JSON." }, { cause: error });
    }
  }

  return {
    get lastError() {
      return lastError;
    },

    async getNonce(call?: AdapterCallOptions): Promise<string> {
      const response = await request("nonce", "GET", `${basePath}/nonce`, undefined, call?.signal);
      if (!response.ok) throw await rejection("nonce", response);
      const data = await readJson("nonce", response);
      const nonce = data !== null && typeof data === "object" ? (data as Record<string, unknown>)["nonce"] : undefined;
      if (typeof nonce !== "string" || nonce === "") {
        throw new ServerRejectedError("nonce", { status: response.status, serverError: "The answer has no `nonce`." });
      }
      return nonce;
    },

    createMessage(fields: SignInMessageFields): string {
      return createMessage(fields);
    },

    async verify(body: VerifyRequest, call?: VerifyCallOptions): Promise<boolean> {
      const response = await request("verify", "POST", `${basePath}/verify`, body, call?.signal);
      if (response.ok) {
        lastError = null;
        await response.body?.cancel().catch(() => undefined);
        return true;
      }
      const refused: ServerRejection = { status: response.status };
      const { error, code } = await errorOf(response);
      if (error !== undefined) refused.error = error;
      if (code !== undefined) refused.code = code;
      lastError = refused;
      call?.onRejected?.(refused);
      return false;
    },

    async signOut(call?: AdapterCallOptions): Promise<void> {
      const response = await request("signOut", "POST", `${basePath}/signout`, undefined, call?.signal);
      if (!response.ok) throw await rejection("signOut", response);
      await response.body?.cancel().catch(() => undefined);
    },

    async me(call?: AdapterCallOptions): Promise<{ address: string } | null> {
      let path = mePath ?? `${basePath}/me`;
      let response = await request("me", "GET", path, undefined, call?.signal);
      if (mePath === undefined && response.status === 404 && path !== "/api/me") {
        await response.body?.cancel().catch(() => undefined);
        path = "/api/me";
        response = await request("me", "GET", path, undefined, call?.signal);
      }
      if (response.status === 401) {
        if (mePath === undefined) mePath = path;
        await response.body?.cancel().catch(() => undefined);
        return null;
      }
      if (!response.ok) throw await rejection("me", response);
      if (mePath === undefined) mePath = path;
      const data = await readJson("me", response);
      const address = data !== null && typeof data === "object" ? (data as Record<string, unknown>)["address"] : undefined;
      if (typeof address !== "string" || address === "") {
        throw new ServerRejectedError("me", { status: response.status, serverError: "The answer has no `address`." });
      }
      return { address };
    },
  };
}

/** The longest `code` read from an answer: codes are short words, never text to show. */
const MAX_CODE_LENGTH = 64;

/**
 * The server's `{ error }` text, else its body text (first 200 characters), else nothing; and
 * its `code` when the body carries one (a short word of letters, digits and `_`).
 */
async function errorOf(response: Response): Promise<{ error?: string; code?: string }> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return {};
  }
  if (text === "") return {};
  try {
    const data: unknown = JSON.parse(text);
    if (data !== null && typeof data === "object") {
      const { error, code } = data as Record<string, unknown>;
      const coded = typeof code === "string" && code.length <= MAX_CODE_LENGTH && /^[A-Za-z0-9_]+$/u.test(code) ? { code } : {};
      if (typeof error === "string" && error !== "") return { error, ...coded };
      if (coded.code !== undefined) return coded;
    }
  } catch {
    // not JSON: fall through to the raw text
  }
  const flat = text.replace(/\s+/g, " ").trim();
  return flat === "" ? {} : { error: flat.slice(0, 200) };
}
