/**
 * The part of `xumm-sdk`'s `XummSdk` (version 1) that `createXamanSignIn` uses: payload create,
 * get and subscribe, and `setEndpoint`.
 *
 * @example
 * ```ts
 * import { XummSdk } from "xumm-sdk";
 * const sdk: XamanSdk = new XummSdk(process.env.XAMAN_API_KEY, process.env.XAMAN_API_SECRET);
 * ```
 */
export interface XamanSdk {
  payload: {
    create(
      payload: Record<string, unknown>,
      returnErrors?: boolean,
    ): Promise<{ uuid: string; next: { always: string }; refs: { qr_png: string }; pushed: boolean } | null>;
    get(
      uuid: string,
      returnErrors?: boolean,
    ): Promise<{
      meta: { signed: boolean; cancelled: boolean; expired: boolean; resolved: boolean };
      payload: { tx_type: string };
      response: { hex: string | null; account: string | null };
      application?: { issued_user_token: string | null } | undefined;
    } | null>;
    subscribe(
      uuid: string,
      callback: (event: { data: Record<string, unknown> }) => unknown,
    ): Promise<{ resolved: Promise<unknown>; resolve(value?: unknown): void }>;
  };
  setEndpoint?(endpoint: string): unknown;
}

/**
 * What `createRequest` answers (201): the sign request to show the user.
 *
 * @example
 * ```ts
 * const created: XamanPayloadCreated = { uuid, qrPngUrl: "https://.../q.png", deepLink: "https://.../sign/uuid", pushed: false };
 * ```
 */
export interface XamanPayloadCreated {
  uuid: string;
  /** Xaman's QR code image of the request (PNG). */
  qrPngUrl: string;
  /** The link that opens the request in Xaman (the one the QR code holds). */
  deepLink: string;
  /** Xaman pushed it to the user's phone (a user token was given). */
  pushed: boolean;
}

/**
 * What `requestStatus` answers (200): where the sign request stands, and once signed the account
 * and the signed blob (for your verify route) and the user token Xaman issued (to push the next
 * request to the same phone).
 *
 * @example
 * ```ts
 * const answer: XamanPayloadAnswer = { status: "signed", account: "r...", txBlob: "7321ED..." };
 * ```
 */
export interface XamanPayloadAnswer {
  status: "pending" | "signed" | "refused" | "expired";
  account?: string;
  txBlob?: string;
  userToken?: string;
}
