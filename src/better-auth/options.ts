import { InvalidOptionsError } from "../errors.js";
import { isDomain } from "../message/domain.js";
import { normalizeAuthOptions, type AuthHandlersOptions, type NormalizedAuthOptions } from "../server/options.js";
import type { Logger } from "../shared/logger.js";

/** The name the plugin's setup errors start with. */
export const CALLER = "better-auth xrpl()";

/**
 * What `getUserInfo` learns about a first sign-in, before the better-auth user is created.
 *
 * @example
 * ```ts
 * const getUserInfo = async ({ address }: XrplUserInfoInput) => ({ name: await directory.nameOf(address) });
 * ```
 */
export interface XrplUserInfoInput {
  /** The classic address that signed in. */
  address: string;
  /**
   * The chain id of the signed message in CAIP-2 form such as `"xrpl:0"`; `null` for a
   * wallet-kit message without a Chain ID line (accepted only when the plugin sets no `chainId`).
   */
  chainId: string | null;
}

/**
 * What `getUserInfo` may give the new user. Every field is optional; a missing `name` is the
 * address, a missing `image` none.
 *
 * @example
 * ```ts
 * const info: XrplUserInfo = { name: "Alice", image: "https://example.com/alice.png" };
 * ```
 */
export interface XrplUserInfo {
  name?: string | undefined;
  image?: string | undefined;
}

/**
 * Options of the better-auth plugin `xrpl()`.
 *
 * @example
 * ```ts
 * const options: XrplPluginOptions = {
 *   verifier: createVerifier(),
 *   domain: process.env.APP_DOMAIN, // e.g. "example.com"; required in production
 *   chainId: "xrpl:0",
 * };
 * ```
 */
export interface XrplPluginOptions extends Pick<
  AuthHandlersOptions,
  "verifier" | "domain" | "production" | "chainId" | "uriSchemes" | "maxMessageAgeSeconds" | "clockSkewSeconds" | "nonceTtlSeconds" | "now"
> {
  /**
   * Where the plugin says what it cannot answer (a failed database write) and why a proof was
   * refused. Default: better-auth's own logger.
   */
  logger?: Logger | undefined;
  /**
   * Called once, on an address's first sign-in, for the new user's name and image (from your
   * own directory, a profile service...). Default: the name is the address, no image.
   */
  getUserInfo?: ((input: XrplUserInfoInput) => Promise<XrplUserInfo | null | undefined> | XrplUserInfo | null | undefined) | undefined;
  /**
   * Users created by the plugin get the stand-in email `<address>@<emailDomainName>` (lowercase,
   * as better-auth keeps emails). Default `"xrpl.placeholder.invalid"`: the `.invalid` top-level
   * domain can never receive mail.
   */
  emailDomainName?: string | undefined;
  /**
   * `false`: the verify request must carry an `email`, which becomes the new user's (unverified)
   * email unless another user already has it. Default `true`: no email is asked for.
   */
  anonymous?: boolean | undefined;
}

/** @internal The options after defaults and checks. */
export interface NormalizedPluginOptions {
  auth: NormalizedAuthOptions;
  /** The logger the caller gave, or undefined to use better-auth's at request time. */
  logger: Logger | undefined;
  getUserInfo: XrplPluginOptions["getUserInfo"];
  emailDomainName: string;
  anonymous: boolean;
  /** What was said while checking the options before better-auth's logger existed. */
  startupWarnings: readonly string[];
}

const DEFAULT_EMAIL_DOMAIN = "xrpl.placeholder.invalid";

function fail(message: string): never {
  throw new InvalidOptionsError(`sign-in-with-xrpl: ${CALLER}: ${message}`);
}

/**
 * Applies defaults and rejects options the plugin cannot work with, each with how to fix it. The
 * verifier, domain, chain and time rules are those of `createAuthHandlers`, checked by the same code.
 *
 * @internal
 */
export function normalizePluginOptions(options: XrplPluginOptions): NormalizedPluginOptions {
  if (typeof options !== "object" || options === null) {
    fail('pass an options object, e.g. xrpl({ verifier: createVerifier(), domain: "example.com" }).');
  }
  const { logger, getUserInfo, emailDomainName = DEFAULT_EMAIL_DOMAIN, anonymous = true } = options;
  if (getUserInfo !== undefined && typeof getUserInfo !== "function") {
    fail("`getUserInfo` must be a function of ({ address, chainId }) answering { name?, image? }; omit it to name users by their address.");
  }
  if (typeof emailDomainName !== "string" || !isDomain(emailDomainName) || emailDomainName.includes(":")) {
    fail(
      `\`emailDomainName\` must be a host name such as "wallet.example.com" (got ${JSON.stringify(emailDomainName)}); omit it for "${DEFAULT_EMAIL_DOMAIN}".`,
    );
  }
  if (typeof anonymous !== "boolean") {
    fail("`anonymous` must be a boolean: false asks every first sign-in for an email; omit it for true.");
  }
  // Until better-auth starts, the development-domain warning is kept and then said through its logger.
  const startupWarnings: string[] = [];
  const startupLogger: Logger = logger ?? {
    warn: (message) => startupWarnings.push(message),
    error: (message) => startupWarnings.push(message),
  };
  const { verifier, domain, production, chainId, uriSchemes, maxMessageAgeSeconds, clockSkewSeconds, nonceTtlSeconds, now } = options;
  const auth = normalizeAuthOptions(
    {
      verifier,
      sessionKind: "server-store",
      domain,
      production,
      chainId,
      uriSchemes,
      maxMessageAgeSeconds,
      clockSkewSeconds,
      nonceTtlSeconds,
      now,
      logger: startupLogger,
    },
    CALLER,
  );
  return { auth, logger, getUserInfo, emailDomainName: emailDomainName.toLowerCase(), anonymous, startupWarnings };
}
