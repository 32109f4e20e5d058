/**
 * The fields of a sign-in message, as given to `createMessage`.
 *
 * @example
 * ```ts
 * const fields: SignInMessageFields = {
 *   domain: "example.com",
 *   address: "r4FTvnahbUfhe1WK2EK5Jz4cNvdFvT8Dzt",
 *   statement: "Sign in to Example.",
 *   uri: "https://example.com/login",
 *   chainId: "xrpl:0",
 *   nonce: generateNonce(),
 *   issuedAt: new Date(),
 * };
 * ```
 */
export interface SignInMessageFields {
  /** RFC 3986 authority (no userinfo): DNS name, IPv4, bracketed IPv6 or `localhost`, optional `:port`. */
  domain: string;
  /** Classic XRPL address (`r...`) with a valid checksum. */
  address: string;
  /** One human-readable line. No control, format or line/paragraph separator characters; not empty. */
  statement?: string | undefined;
  /** RFC 3986 absolute URI of the resource the user signs in to. */
  uri: string;
  /** Message version; only `"1"` exists. */
  version?: "1" | undefined;
  /** CAIP-2 chain id: `"xrpl:0"` mainnet, `"xrpl:1"` testnet, `"xrpl:2"` devnet, `"xrpl:N"` for network id N. */
  chainId: string;
  /** At least 8 alphanumeric characters; use `generateNonce()`. */
  nonce: string;
  /** RFC 3339 date-time with a zone, or a `Date` (written with `toISOString()`). */
  issuedAt: string | Date;
  /** RFC 3339 date-time with a zone, or a `Date`. */
  expirationTime?: string | Date | undefined;
  /** RFC 3339 date-time with a zone, or a `Date`. */
  notBefore?: string | Date | undefined;
  /** Printable ASCII without spaces. */
  requestId?: string | undefined;
  /** RFC 3986 absolute URIs. */
  resources?: readonly string[] | undefined;
  /** URI scheme written before the domain (`https://example.com wants you...`). `caip122` only. */
  scheme?: string | undefined;
  /**
   * The layout to write. Default `"caip122"`. `"xrpl-wallet-kit"` writes the layout of
   * `@xrpl-wallet-kit/auth` front ends: there `chainId` may be left out (pass the fields in the
   * `SignInMessage` shape to type that), and `notBefore`, `requestId`, `resources` and `scheme`
   * have no line (`createMessage` refuses them).
   */
  dialect?: MessageDialect | undefined;
  /**
   * How the `xrpl-wallet-kit` layout writes the Chain ID line: `"caip2"` (`Chain ID: xrpl:0`) or
   * `"bare"` (`Chain ID: 0`). Default: as `chainId` is given. The `caip122` line is always bare,
   * so this is ignored there.
   */
  chainIdForm?: ChainIdForm | undefined;
}

/**
 * How a Chain ID line writes the network id: `"caip2"` for `Chain ID: xrpl:0`, `"bare"` for
 * `Chain ID: 0`. The `caip122` layout always writes it bare; an `@xrpl-wallet-kit/auth` front end
 * writes whatever text the app configured (usually `"xrpl:0"`), so a parsed `xrpl-wallet-kit`
 * message records it in `chainIdForm`, and `createMessage` writes the same text back.
 *
 * @example
 * ```ts
 * const message = parseMessage(walletKitText); // "...\nChain ID: xrpl:0\n..."
 * message.chainId;     // "xrpl:0" (always CAIP-2)
 * message.chainIdForm; // "caip2": the line said "xrpl:0", not "0"
 * createMessage(message) === walletKitText; // true
 * ```
 */
export type ChainIdForm = "caip2" | "bare";

/**
 * The message layouts: `"caip122"` (the CAIP-122 profile for XRPL, canonical, what
 * `createMessage` writes by default) and `"xrpl-wallet-kit"` (the layout of
 * `@xrpl-wallet-kit/auth` front ends, accepted by `parseMessage` for compatibility and written
 * back by `createMessage` when a message or its fields say so).
 *
 * @example
 * ```ts
 * const strict: MessageDialect[] = ["caip122"];
 * parseMessage(text, { dialects: strict });
 * ```
 */
export type MessageDialect = "caip122" | "xrpl-wallet-kit";

/**
 * A parsed sign-in message: the normalised fields (dates as the exact text of the message,
 * `chainId` in CAIP-2 form `"xrpl:N"`) plus the dialect it was written in, so that
 * `createMessage(message)` gives back the text that was parsed.
 *
 * @example
 * ```ts
 * const message: SignInMessage = parseMessage(text);
 * message.chainId; // "xrpl:0"
 * message.dialect; // "caip122", or "xrpl-wallet-kit" for an @xrpl-wallet-kit/auth front end
 * ```
 */
export interface SignInMessage {
  /** The layout the text was written in; `createMessage` writes the same one. */
  dialect: MessageDialect;
  domain: string;
  address: string;
  statement?: string;
  uri: string;
  version: "1";
  /** CAIP-2 form, `"xrpl:N"`. Absent only in an `xrpl-wallet-kit` message without a Chain ID line. */
  chainId?: string;
  /**
   * How the Chain ID line wrote the network id (`"caip2"`: `xrpl:0`, `"bare"`: `0`). Present only
   * in an `xrpl-wallet-kit` message with a Chain ID line; the `caip122` line is always bare.
   *
   * @example
   * ```ts
   * parseMessage("...\nIssued At: 2024-01-01T00:00:00.000Z\nChain ID: 0").chainIdForm; // "bare"
   * ```
   */
  chainIdForm?: ChainIdForm;
  nonce: string;
  issuedAt: string;
  expirationTime?: string;
  notBefore?: string;
  requestId?: string;
  resources?: string[];
  scheme?: string;
}

/**
 * Options of `parseMessage`.
 *
 * @example
 * ```ts
 * const options: ParseOptions = { dialects: ["caip122"] }; // refuse the xrpl-wallet-kit layout
 * parseMessage(text, options);
 * ```
 */
export interface ParseOptions {
  /** Layouts to accept. Default: both `["caip122", "xrpl-wallet-kit"]`. */
  dialects?: readonly MessageDialect[];
}

/**
 * Decides whether a message domain is one of yours, for servers that answer many host names
 * (one per tenant). It gets the domain exactly as the message writes it (`host` or
 * `host:port`; compare hosts case-insensitively) and must answer `true` only for a host you
 * own. It must decide from your own list of tenants, never from the request being checked: a
 * `Host` or `X-Forwarded-Host` header is written by whoever sends the request, so a phishing site
 * could relay a signature made for its own domain. Keep it fast and synchronous (cache your
 * tenant list); anything but `true` refuses the message.
 *
 * @example
 * ```ts
 * const tenants = new Set(["acme.example.com", "globex.example.com"]); // loaded from your database
 * const domain: DomainPredicate = (messageDomain) => tenants.has(messageDomain.toLowerCase());
 * validateMessage(message, { domain });
 * ```
 */
export type DomainPredicate = (messageDomain: string) => boolean;

/**
 * Options of `validateMessage`: the values the message must match and the time rules.
 *
 * @example
 * ```ts
 * const options: ValidateOptions = { domain: "example.com", nonce: session.pendingNonce, maxAgeSeconds: 300 };
 * ```
 */
export interface ValidateOptions {
  /**
   * Expected domain(s): the host your users sign in on, never a value taken from the request.
   * A value without a port matches the message domain at any port; hosts compare
   * case-insensitively. A function decides for many tenants (see `DomainPredicate`).
   */
  domain: string | readonly string[] | DomainPredicate;
  nonce?: string;
  address?: string;
  /** The exact URI the message must carry. */
  uri?: string;
  /**
   * The schemes the message's URI may use, without the colon, such as `["https"]`: a message
   * whose URI uses another fails with `uri_mismatch`. Default: any scheme.
   */
  uriSchemes?: readonly string[];
  /** CAIP-2 (`"xrpl:0"`). A message without a chain id fails when this is given. */
  chainId?: string;
  /** Default 300. */
  maxAgeSeconds?: number;
  /** Default 60; applies to every time comparison. */
  clockSkewSeconds?: number;
  /** Default `Date.now()`. */
  now?: Date | number;
}

/**
 * Codes of `validateMessage` failures, in the order they are checked.
 *
 * @example
 * ```ts
 * const result = validateMessage(message, { domain: "example.com" });
 * if (!result.valid && result.code === "too_old") console.log("ask the user to sign again");
 * ```
 */
export type ValidationCode =
  | "domain_mismatch"
  | "address_mismatch"
  | "uri_mismatch"
  | "chain_mismatch"
  | "nonce_mismatch"
  | "issued_in_future"
  | "too_old"
  | "expired"
  | "not_yet_valid";

/**
 * The answer of `validateMessage`: valid, or the first failure with its code and exact reason text.
 *
 * @example
 * ```ts
 * const result: ValidationResult = validateMessage(message, { domain: "example.com" });
 * if (!result.valid) console.log(result.code, result.reason);
 * ```
 */
export type ValidationResult = { valid: true } | { valid: false; code: ValidationCode; reason: string };
