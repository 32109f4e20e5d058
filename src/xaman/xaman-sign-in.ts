import { createHmac, timingSafeEqual } from "node:crypto";
import { InvalidOptionsError, MessageFormatError } from "../errors.js";
import { parseMessage } from "../message/parse.js";
import { validateMessage } from "../message/validate.js";
import { resolveExpectedDomain, type DomainOption, type ExpectedDomain } from "../server/expected-domain.js";
import { TEXT } from "../server/handlers.js";
import type { HandlerResult } from "../server/types.js";
import { isProductionEnvironment } from "../shared/environment.js";
import { bytesToHex } from "../shared/hex.js";
import { SILENT_LOGGER, type Logger } from "../shared/logger.js";
import type { XamanPayloadAnswer, XamanPayloadCreated, XamanSdk } from "./types.js";

/**
 * Options of `createXamanSignIn`.
 *
 * @example
 * ```ts
 * const options: XamanSignInOptions = {
 *   apiKey: process.env.XAMAN_API_KEY, apiSecret: process.env.XAMAN_API_SECRET, domain: "example.com",
 * };
 * ```
 */
export interface XamanSignInOptions {
  /** Your Xaman app's API key (Xaman Developer Console). Required unless `sdk` is given. */
  apiKey?: string | undefined;
  /** Your Xaman app's API secret. Required unless `sdk` is given; the webhook route checks signatures with it. */
  apiSecret?: string | undefined;
  /** An `XummSdk` you made yourself (`new XummSdk(key, secret)` of `xumm-sdk`), instead of `apiKey`/`apiSecret`. */
  sdk?: XamanSdk | undefined;
  /**
   * The Xaman platform's address, for a proxy or a test double of it. Default: the SDK's own
   * (`https://xumm.app`). Set through the SDK's `setEndpoint`.
   */
  endpoint?: string | undefined;
  /**
   * The host(s) your users sign in on, as for `createAuthHandlers`: a sign request is made only
   * for a message of this site, so nobody can use your Xaman app to ask for signatures of other
   * texts. Never taken from the request. Without it, loopback hosts only (refused in production).
   */
  domain?: DomainOption | undefined;
  /** Production mode: `domain` becomes required. Default: `NODE_ENV === "production"`. */
  production?: boolean | undefined;
  /** Where the routes live for `handle(request)`. Default `"/api/auth/xaman"`. */
  basePath?: string | undefined;
  /** How long a sign request can be opened, in minutes (Xaman's `expire`). Default 5. */
  expiresInMinutes?: number | undefined;
  /** How long a status request waits for the user before answering `pending`, in seconds. Default 20. */
  waitSeconds?: number | undefined;
  /** What Xaman shows above the request. Default: "Sign in to <domain of the message>". */
  instruction?: ((domain: string | undefined) => string) | undefined;
  logger?: Logger | undefined;
}

/**
 * The Xaman sign-in routes, framework-agnostic: each answers `{ status, body }` to send as JSON
 * (like `createAuthHandlers`), and `handle` serves them all to a fetch-style server.
 *
 * @example
 * ```ts
 * declare const xaman: XamanSignIn;
 * const { status, body } = await xaman.createRequest({ message });
 * ```
 */
export interface XamanSignIn {
  /**
   * `POST {basePath}/payloads` with `{ message?, userToken? }`: a `SignIn` sign request, without
   * a message (Xaman then tells the account) or carrying `message` in its first memo for the
   * message's account. 201 `{ uuid, qrPngUrl, deepLink, pushed }`; 400 for a body or message this
   * site does not sign; 502 when Xaman refused or did not answer.
   */
  createRequest(body: unknown): Promise<HandlerResult>;
  /**
   * `GET {basePath}/payloads/{uuid}`: waits up to `waitSeconds` for the user, then answers 200
   * `{ status: "pending" | "signed" | "refused" | "expired", account?, txBlob?, userToken? }`
   * (the signed blob goes to your verify route like any signed transaction); 404 for an unknown
   * request or one that is not a sign-in.
   */
  requestStatus(uuid: unknown, options?: { signal?: AbortSignal }): Promise<HandlerResult>;
  /**
   * `POST {basePath}/webhook`: Xaman's webhook, its signature checked as Xaman documents it (HMAC
   * SHA-1 of the `x-xumm-request-timestamp` header and the JSON body, keyed with the API secret).
   * A status request waiting on that sign request answers at once. 200, or 401 for a bad signature.
   */
  webhook(input: { body: string; headers: Record<string, string | string[] | undefined> }): Promise<HandlerResult>;
  /** The three routes for a fetch-style server (`Request` → `Response`); `null` for any other path. */
  handle(request: Request): Promise<Response | null>;
  /** Ends the open subscriptions (on shutdown). */
  close(): void;
}

const UUID = /^[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}$/u;
const MAX_BODY_BYTES = 16_384;

/**
 * The error texts the Xaman routes answer with (besides the handlers' `Invalid request body.` and
 * `Invalid message format.`), written once.
 *
 * @example
 * ```ts
 * if (body.error === XAMAN_TEXT.xamanUnavailable) showHint("Xaman is not answering; try again.");
 * ```
 */
export const XAMAN_TEXT = {
  unknownRequest: "Unknown sign request.",
  xamanUnavailable: "Xaman did not answer.",
  badWebhookSignature: "Invalid webhook signature.",
  noWebhookSecret: "Webhook not configured.",
  notForThisSite: "This message cannot be signed here:",
} as const;

/**
 * Sign-in with Xaman, the XRPL wallet app, which signs no messages: its users sign a `SignIn`
 * sign request created on Xaman's platform (over `xumm-sdk`). The page shows the request's QR
 * code or opens its link (`createXamanWallet` of `sign-in-with-xrpl/client` does it), the user
 * signs in Xaman, and the signed blob goes to your usual verify route, so the session, nonce and
 * message rules are the same as for every other proof.
 *
 * Two requests per sign-in: the first, without a message, tells which account signs in (the
 * message names it); the second carries the message in its first memo (UTF-8, hex) for that
 * account. With a user token from the first, Xaman pushes the second to the phone.
 *
 * @example
 * ```ts
 * import { createXamanSignIn } from "sign-in-with-xrpl/xaman";
 * const xaman = createXamanSignIn({
 *   apiKey: process.env.XAMAN_API_KEY,
 *   apiSecret: process.env.XAMAN_API_SECRET,
 *   domain: "example.com",
 * });
 * // A fetch-style server (Hono, Next route handlers, Bun): the three routes under /api/auth/xaman.
 * export async function handle(request: Request): Promise<Response> {
 *   return (await xaman.handle(request)) ?? new Response("Not found", { status: 404 });
 * }
 * ```
 */
export function createXamanSignIn(options: XamanSignInOptions): XamanSignIn {
  const settings = readOptions(options);
  const { logger } = settings;
  let sdk: Promise<XamanSdk> | undefined;
  const loadSdk = (): Promise<XamanSdk> =>
    (sdk ??= (async () => {
      if (settings.sdk !== undefined) return settings.sdk;
      const module = (await import("xumm-sdk")) as unknown as { XummSdk?: XummSdkClass; default?: { XummSdk?: XummSdkClass } };
      const XummSdk = module.XummSdk ?? module.default?.XummSdk;
      if (XummSdk === undefined) throw new Error("xumm-sdk has no XummSdk export.");
      const made = new XummSdk(settings.apiKey!, settings.apiSecret!);
      if (settings.endpoint !== undefined) made.setEndpoint(settings.endpoint);
      return made;
    })().catch((error: unknown) => {
      sdk = undefined;
      throw error;
    }));
  if (settings.sdk !== undefined && settings.endpoint !== undefined) settings.sdk.setEndpoint?.(settings.endpoint);

  /** Sign requests being waited on: settled when Xaman says the user answered (websocket or webhook). */
  const waiters = new Map<string, { settled: Promise<void>; settle(): void; timer: ReturnType<typeof setTimeout> }>();
  let closed = false;

  function waiterFor(uuid: string, client: XamanSdk): Promise<void> {
    const existing = waiters.get(uuid);
    if (existing !== undefined) return existing.settled;
    let settle!: () => void;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    const timer = setTimeout(() => entry.settle(), (settings.expiresInMinutes * 60 + settings.waitSeconds) * 1000);
    timer.unref?.();
    const entry = {
      settled,
      timer,
      settle() {
        clearTimeout(timer);
        waiters.delete(uuid);
        settle();
      },
    };
    waiters.set(uuid, entry);
    if (!closed) {
      client.payload
        .subscribe(uuid, (event) => {
          const data = event?.data ?? {};
          // `signed` (true or false) resolves the request; `expired` ends it.
          if (typeof data["signed"] === "boolean" || data["expired"] === true) return true;
          return undefined;
        })
        .then((subscription) => {
          void subscription.resolved.then(() => entry.settle());
          void settled.then(() => subscription.resolve());
        })
        .catch((error: unknown) => {
          logger.warn("sign-in-with-xrpl: Xaman: could not follow a sign request; its status is asked again instead.", error);
        });
    }
    return settled;
  }

  async function createRequest(body: unknown): Promise<HandlerResult> {
    if (body === null || typeof body !== "object" || Array.isArray(body)) return error(400, TEXT.invalidBody);
    const { message, userToken } = body as Record<string, unknown>;
    if (
      (message !== undefined && typeof message !== "string") ||
      (userToken !== undefined && (typeof userToken !== "string" || !UUID.test(userToken)))
    ) {
      return error(400, TEXT.invalidBody);
    }
    const txjson: Record<string, unknown> = { TransactionType: "SignIn" };
    let domain: string | undefined;
    if (message !== undefined) {
      let parsed;
      try {
        parsed = parseMessage(message);
      } catch (problem) {
        if (problem instanceof MessageFormatError) return error(400, TEXT.invalidFormat);
        throw problem;
      }
      const verdict = validateMessage(parsed, { domain: settings.expectedDomain });
      if (!verdict.valid) return error(400, `${XAMAN_TEXT.notForThisSite} ${verdict.reason}`);
      domain = parsed.domain;
      // The account the message names is the one that must sign: Xaman asks for it.
      txjson["Account"] = parsed.address;
      txjson["Memos"] = [{ Memo: { MemoData: bytesToHex(new TextEncoder().encode(message)) } }];
    }
    const payload: Record<string, unknown> = {
      txjson,
      options: { submit: false, expire: settings.expiresInMinutes },
      custom_meta: { instruction: settings.instruction(domain) },
    };
    if (userToken !== undefined) payload["user_token"] = userToken;
    let created;
    try {
      const client = await loadSdk();
      created = await client.payload.create(payload, true);
      if (created === null || typeof created.uuid !== "string") throw new Error("Xaman created no sign request.");
      void waiterFor(created.uuid, client);
    } catch (problem) {
      logger.error("sign-in-with-xrpl: Xaman: a sign request could not be created.", problem);
      return error(502, XAMAN_TEXT.xamanUnavailable);
    }
    const answer: XamanPayloadCreated = {
      uuid: created.uuid,
      qrPngUrl: created.refs.qr_png,
      deepLink: created.next.always,
      pushed: created.pushed === true,
    };
    return { status: 201, body: { ...answer } };
  }

  async function requestStatus(uuid: unknown, call: { signal?: AbortSignal } = {}): Promise<HandlerResult> {
    if (typeof uuid !== "string" || !UUID.test(uuid)) return error(404, XAMAN_TEXT.unknownRequest);
    let client: XamanSdk;
    try {
      client = await loadSdk();
    } catch (problem) {
      logger.error("sign-in-with-xrpl: Xaman: the SDK could not be loaded.", problem);
      return error(502, XAMAN_TEXT.xamanUnavailable);
    }
    let details = await readPayload(client, uuid);
    if (details === "unavailable") return error(502, XAMAN_TEXT.xamanUnavailable);
    if (details === undefined) return error(404, XAMAN_TEXT.unknownRequest);
    if (statusOf(details).status === "pending") {
      await waitFor(waiterFor(uuid, client), settings.waitSeconds * 1000, call.signal);
      details = await readPayload(client, uuid);
      if (details === "unavailable") return error(502, XAMAN_TEXT.xamanUnavailable);
      if (details === undefined) return error(404, XAMAN_TEXT.unknownRequest);
    }
    return { status: 200, body: { ...statusOf(details) } };
  }

  async function webhook(input: { body: string; headers: Record<string, string | string[] | undefined> }): Promise<HandlerResult> {
    if (settings.apiSecret === undefined) return error(501, XAMAN_TEXT.noWebhookSecret);
    const header = (name: string): string => {
      const value = input?.headers?.[name];
      return typeof value === "string" ? value : Array.isArray(value) ? (value[0] ?? "") : "";
    };
    if (typeof input?.body !== "string" || input.body.length > MAX_BODY_BYTES) return error(400, TEXT.invalidBody);
    let json: unknown;
    try {
      json = JSON.parse(input.body);
    } catch {
      return error(400, TEXT.invalidBody);
    }
    if (!webhookSignatureHolds(settings.apiSecret, header("x-xumm-request-timestamp"), json, header("x-xumm-request-signature"))) {
      return error(401, XAMAN_TEXT.badWebhookSignature);
    }
    const uuid = (json as { payloadResponse?: { payload_uuidv4?: unknown } } | null)?.payloadResponse?.payload_uuidv4;
    if (typeof uuid === "string") waiters.get(uuid)?.settle();
    return { status: 200, body: { received: true } };
  }

  async function handle(request: Request): Promise<Response | null> {
    const path = new URL(request.url).pathname;
    if (!path.startsWith(`${settings.basePath}/`)) return null;
    const rest = path.slice(settings.basePath.length);
    const send = ({ status, body }: HandlerResult): Response =>
      new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", "cache-control": "no-store" } });
    if (rest === "/payloads" && request.method === "POST") {
      let body: unknown;
      try {
        const text = await request.text();
        body = text.length > MAX_BODY_BYTES ? undefined : JSON.parse(text);
      } catch {
        body = undefined;
      }
      return send(await createRequest(body));
    }
    const match = /^\/payloads\/([^/]+)$/u.exec(rest);
    if (match !== null && request.method === "GET")
      return send(await requestStatus(decodeURIComponent(match[1]!), { signal: request.signal }));
    if (rest === "/webhook" && request.method === "POST") {
      const headers: Record<string, string> = {};
      request.headers.forEach((value, key) => (headers[key] = value));
      return send(await webhook({ body: await request.text(), headers }));
    }
    return null;
  }

  function close(): void {
    closed = true;
    for (const entry of [...waiters.values()]) entry.settle();
  }

  async function readPayload(client: XamanSdk, uuid: string): Promise<XamanPayloadDetails | undefined | "unavailable"> {
    try {
      const details = await client.payload.get(uuid);
      // Only sign-in requests are this route's to answer: other payloads of the app stay private.
      if (details === null || details?.payload?.tx_type !== "SignIn") return undefined;
      return details;
    } catch (problem) {
      // The SDK throws for an unknown payload id too (Xaman answers an error code).
      if (problem instanceof Error && /Error code \d+/u.test(problem.message)) return undefined;
      logger.error("sign-in-with-xrpl: Xaman: a sign request could not be read.", problem);
      return "unavailable";
    }
  }

  return { createRequest, requestStatus, webhook, handle, close };
}

type XamanPayloadDetails = NonNullable<Awaited<ReturnType<XamanSdk["payload"]["get"]>>>;

interface XummSdkClass {
  new (apiKey: string, apiSecret: string): XamanSdk & { setEndpoint(endpoint: string): unknown };
}

function statusOf(details: XamanPayloadDetails): XamanPayloadAnswer {
  const { meta, response, application } = details;
  if (meta.signed === true) {
    const answer: XamanPayloadAnswer = { status: "signed" };
    if (typeof response?.account === "string") answer.account = response.account;
    if (typeof response?.hex === "string") answer.txBlob = response.hex;
    if (typeof application?.issued_user_token === "string") answer.userToken = application.issued_user_token;
    return answer;
  }
  if (meta.cancelled === true || meta.resolved === true) return { status: "refused" };
  if (meta.expired === true) return { status: "expired" };
  return { status: "pending" };
}

/**
 * Xaman's webhook signature, exactly as its documentation computes it: HMAC-SHA1, keyed with the
 * API secret passed through `secret.replace('-', '')` (which drops the first dash only), over the
 * timestamp header followed by `JSON.stringify` of the parsed body; hex. The webhook route uses
 * it; export it for a route of your own.
 *
 * @example
 * ```ts
 * const holds = webhookSignatureHolds(process.env.XAMAN_API_SECRET!, timestampHeader, JSON.parse(rawBody), signatureHeader);
 * ```
 */
export function webhookSignatureHolds(apiSecret: string, timestamp: string, body: unknown, signature: string): boolean {
  const expected = createHmac("sha1", apiSecret.replace("-", ""))
    .update(timestamp + JSON.stringify(body))
    .digest("hex");
  const given = Buffer.from(signature.toLowerCase(), "utf8");
  const wanted = Buffer.from(expected, "utf8");
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

function error(status: number, text: string): HandlerResult {
  return { status, body: { error: text } };
}

async function waitFor(settled: Promise<void>, timeoutMs: number, signal: AbortSignal | undefined): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  await Promise.race([
    settled,
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
      onAbort = () => resolve();
      signal?.addEventListener("abort", onAbort, { once: true });
    }),
  ]);
  clearTimeout(timer);
  if (onAbort !== undefined) signal?.removeEventListener("abort", onAbort);
}

interface Settings {
  apiKey: string | undefined;
  apiSecret: string | undefined;
  sdk: XamanSdk | undefined;
  endpoint: string | undefined;
  expectedDomain: ExpectedDomain;
  basePath: string;
  expiresInMinutes: number;
  waitSeconds: number;
  instruction: (domain: string | undefined) => string;
  logger: Logger;
}

function readOptions(options: XamanSignInOptions): Settings {
  const fail = (problem: string): never => {
    throw new InvalidOptionsError(`sign-in-with-xrpl: createXamanSignIn: ${problem}`);
  };
  if (options === null || typeof options !== "object") fail("needs an options object: { apiKey, apiSecret, domain }.");
  const { apiKey, apiSecret, sdk, endpoint, logger = SILENT_LOGGER } = options;
  if (sdk === undefined) {
    if (typeof apiKey !== "string" || !UUID.test(apiKey)) {
      fail("`apiKey` must be your Xaman app's API key (a UUID from the Xaman Developer Console), e.g. apiKey: process.env.XAMAN_API_KEY.");
    }
    if (typeof apiSecret !== "string" || !UUID.test(apiSecret)) {
      fail(
        "`apiSecret` must be your Xaman app's API secret (a UUID from the Xaman Developer Console), e.g. apiSecret: process.env.XAMAN_API_SECRET.",
      );
    }
  } else if (sdk === null || typeof sdk !== "object" || typeof sdk.payload?.create !== "function") {
    fail("`sdk` must be an XummSdk of xumm-sdk (new XummSdk(apiKey, apiSecret)).");
  }
  if (apiSecret !== undefined && (typeof apiSecret !== "string" || !UUID.test(apiSecret))) {
    fail("`apiSecret` must be your Xaman app's API secret (a UUID from the Xaman Developer Console).");
  }
  if (endpoint !== undefined && (typeof endpoint !== "string" || !/^https?:\/\//u.test(endpoint))) {
    fail('`endpoint` must be an http(s) URL such as "https://xumm.app".');
  }
  if (logger === null || typeof logger !== "object" || typeof logger.warn !== "function" || typeof logger.error !== "function") {
    fail("`logger` must have `warn` and `error` methods (`console` fits).");
  }
  const basePath = (options.basePath ?? "/api/auth/xaman").replace(/\/+$/u, "");
  if (!basePath.startsWith("/")) fail('`basePath` must start with "/", such as "/api/auth/xaman".');
  const expiresInMinutes = options.expiresInMinutes ?? 5;
  if (!Number.isInteger(expiresInMinutes) || expiresInMinutes < 1 || expiresInMinutes > 1440) {
    fail("`expiresInMinutes` must be a whole number of minutes from 1 to 1440.");
  }
  const waitSeconds = options.waitSeconds ?? 20;
  if (!Number.isFinite(waitSeconds) || waitSeconds < 0 || waitSeconds > 60) fail("`waitSeconds` must be from 0 to 60.");
  const instruction = options.instruction ?? ((domain: string | undefined) => (domain === undefined ? "Sign in" : `Sign in to ${domain}`));
  if (typeof instruction !== "function") fail("`instruction` must be a function of the message's domain.");
  const production = options.production ?? isProductionEnvironment();
  return {
    apiKey,
    apiSecret,
    sdk,
    endpoint,
    expectedDomain: resolveExpectedDomain("createXamanSignIn", options.domain, production, logger),
    basePath,
    expiresInMinutes,
    waitSeconds,
    instruction,
    logger,
  };
}
