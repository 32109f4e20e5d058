import { InvalidOptionsError } from "../errors.js";
import { isDomain } from "../message/domain.js";
import type { SignInRefusal } from "../server/hooks.js";
import { normalizeAuthOptions, type AuthHandlersOptions, type NormalizedAuthOptions } from "../server/options.js";
import { describeValue } from "../shared/describe-value.js";
import type { Logger } from "../shared/logger.js";
import type { CheckSuccess } from "../verify/types.js";

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
 * What `verifyEmail` is asked about: the email a first sign-in claims (lowercase), for the
 * address whose proof holds.
 *
 * @example
 * ```ts
 * const verifyEmail = async ({ email, address }: XrplEmailClaim) => (await directory.emailOf(address)) === email;
 * ```
 */
export interface XrplEmailClaim {
  /** The claimed email, lowercase as better-auth keeps emails. */
  email: string;
  /** The classic address that signed in. */
  address: string;
  /** As in {@link XrplUserInfoInput.chainId}. */
  chainId: string | null;
  /** The verify request, when better-auth was called over HTTP. */
  request: Request | undefined;
}

/**
 * The link that proves a claimed email, for `sendEmailClaimLink`: mail `url` to `email`.
 *
 * @example
 * ```ts
 * const sendEmailClaimLink = async ({ email, address, url }: XrplEmailClaimLink) =>
 *   mailer.send(email, `Someone signed in with the XRPL account ${address} and gave this email. If it was you, confirm it: ${url}`);
 * ```
 */
export interface XrplEmailClaimLink {
  /** The claimed email, where the link goes. */
  email: string;
  /** The XRPL address whose user gets the email once the link is followed. */
  address: string;
  /** better-auth's `/verify-email` link that stores the email on the user. */
  url: string;
  /** The token inside `url`. */
  token: string;
}

/**
 * What the plugin is about to do with a proof that holds:
 *
 * - `"sign-up"`: the address has no user yet; one is created and signed in;
 * - `"sign-in"`: the address's user is signed in;
 * - `"link"`: a user already signed in (by email, a social provider or another address) proves
 *   an address no user has: it is linked to that user, whose session stays as it is.
 *
 * @example
 * ```ts
 * const action: XrplSignInAction = "link";
 * ```
 */
export type XrplSignInAction = "sign-up" | "sign-in" | "link";

/**
 * What an `onSignIn` hook of the better-auth plugin receives.
 *
 * @example
 * ```ts
 * const onSignIn = ({ action, check }: XrplSignInContext) => {
 *   if (action === "sign-up" && check.authority === "multisig") return { refuse: { status: 403, message: "Sign up with a single key." } };
 * };
 * ```
 */
export interface XrplSignInContext {
  /** The classic address whose proof holds (its nonce already used up). */
  address: string;
  /** As in {@link XrplUserInfoInput.chainId}. */
  chainId: string | null;
  /** The verifier's success result: which key signed, with which authority. */
  check: CheckSuccess;
  /**
   * The ledger claims read for this sign-in (the `claims` option), by name; every required one
   * holds. Absent when no claims are configured.
   */
  claims?: Readonly<Record<string, boolean>> | undefined;
  /** What the plugin is about to do; see {@link XrplSignInAction}. */
  action: XrplSignInAction;
  /**
   * `"sign-in"`: the address's user. `"link"`: the user signed in now, who gets the address.
   * `"sign-up"`: `null`, no user exists yet.
   */
  user: { id: string; email: string; name: string } | null;
  /** The verify request, when better-auth was called over HTTP. */
  request: Request | undefined;
}

/**
 * What an `onSignIn` hook of the better-auth plugin answers: nothing to go ahead, or
 * `{ refuse: { status, message } }` to sign nothing in, create nothing and link nothing (the
 * client gets that status, the message, and the code `sign_in_refused`).
 *
 * @example
 * ```ts
 * const decision: XrplSignInDecision = { refuse: { status: 403, message: "This account is suspended." } };
 * ```
 */
export type XrplSignInDecision = void | undefined | { refuse: SignInRefusal };

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
  | "verifier"
  | "domain"
  | "production"
  | "chainId"
  | "uriSchemes"
  | "maxMessageAgeSeconds"
  | "clockSkewSeconds"
  | "nonceTtlSeconds"
  | "maxSessionAgeSeconds"
  | "revalidateAfterSeconds"
  | "claims"
  | "requireClaims"
  | "now"
> {
  /**
   * Where the plugin says what it cannot answer (a failed database write) and why a proof was
   * refused. Default: better-auth's own logger.
   */
  logger?: Logger | undefined;
  /**
   * The origin(s) the message's `URI` must be on, such as `"https://example.com"`: a message
   * whose URI has another origin is refused with `uri_mismatch`. Default: better-auth's own
   * origins as configured (its `baseURL`, or `BETTER_AUTH_URL`, and `trustedOrigins` given as a
   * list), never the request's headers. Without either, development accepts loopback origins
   * only, and production refuses to start.
   */
  uri?: string | readonly string[] | undefined;
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
   * `false`: the first sign-in of an address must carry an `email`. The claimed email is never
   * stored as the user's until it is proven: by `verifyEmail`, or by better-auth's email
   * verification (the plugin sends its link to the claimed address; a click stores it). Until
   * then the user keeps the stand-in email. Default `true`: no email is asked for.
   */
  anonymous?: boolean | undefined;
  /**
   * Proves an email a first sign-in claims, with what your app already knows (a directory, an
   * invitation): answer `true` only when the address's owner owns that email. A proven email
   * becomes the new user's, verified (unless another user has it). Asked only at an address's
   * first sign-in. Default: none, so better-auth's email verification is the only proof.
   */
  verifyEmail?: ((claim: XrplEmailClaim) => boolean | Promise<boolean>) | undefined;
  /**
   * Sends the link that proves a claimed email (it goes to that address; a click stores the email
   * on the user, verified). Default: better-auth's `emailVerification.sendVerificationEmail`,
   * which writes a generic "verify your email". Your own text can say what is being confirmed:
   * that someone signed in with XRPL account `address` and gave this email, and that whoever did
   * not do so should ignore the mail. Without either, a claimed email is never stored.
   */
  sendEmailClaimLink?: ((link: XrplEmailClaimLink, request: Request | undefined) => Promise<void>) | undefined;
  /**
   * Awaited once per proof that holds, after its nonce is used up and before anything is
   * created, linked or signed in: answer nothing to go ahead, or `{ refuse: { status, message } }`.
   * A hook that throws answers 500 and signs nothing in.
   */
  onSignIn?: ((context: XrplSignInContext) => XrplSignInDecision | Promise<XrplSignInDecision>) | undefined;
  /**
   * A user already signed in who proves an address no user has gets it linked to their user.
   * Default `true`. `false`: a signed-in user can only sign in again with an address already
   * theirs (anything else is refused with `link_disabled`). Either way, a proof sent by a
   * signed-in user never creates another user nor switches to one.
   */
  linkAccount?: boolean | undefined;
}

/** @internal The options after defaults and checks. */
export interface NormalizedPluginOptions {
  auth: NormalizedAuthOptions;
  /** The logger the caller gave, or undefined to use better-auth's at request time. */
  logger: Logger | undefined;
  getUserInfo: XrplPluginOptions["getUserInfo"];
  emailDomainName: string;
  anonymous: boolean;
  verifyEmail: XrplPluginOptions["verifyEmail"];
  sendEmailClaimLink: XrplPluginOptions["sendEmailClaimLink"];
  onSignIn: XrplPluginOptions["onSignIn"];
  linkAccount: boolean;
  /** The origins given as `uri`, or undefined to take better-auth's at start. */
  uriOrigins: readonly string[] | undefined;
  /** What was said while checking the options before better-auth's logger existed. */
  startupWarnings: readonly string[];
}

const DEFAULT_EMAIL_DOMAIN = "xrpl.placeholder.invalid";

function fail(message: string): never {
  throw new InvalidOptionsError(`sign-in-with-xrpl: ${CALLER}: ${message}`);
}

function optionalFunction(name: string, value: unknown, example: string): void {
  if (value !== undefined && typeof value !== "function") fail(`\`${name}\` must be a function, e.g. ${example}.`);
}

/** The origin of an absolute http(s) URL, or undefined. */
export function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

function readUriOrigins(uri: unknown): readonly string[] | undefined {
  if (uri === undefined) return undefined;
  const values: readonly unknown[] = Array.isArray(uri) ? uri : [uri];
  const origins: string[] = [];
  for (const value of values) {
    const origin = typeof value === "string" ? originOf(value) : undefined;
    if (origin === undefined) {
      fail(
        `\`uri\` must be the origin your users sign in from, such as "https://example.com" (or a list of them), got ${describeValue(value)}; omit it to use better-auth's baseURL and trustedOrigins.`,
      );
    }
    origins.push(origin);
  }
  if (origins.length === 0) fail('`uri` must not be an empty list: give at least one origin such as "https://example.com", or omit it.');
  return Object.freeze(origins);
}

/**
 * Applies defaults and rejects options the plugin cannot work with, each with how to fix it. The
 * verifier, domain, chain, time and session-lifetime rules are those of `createAuthHandlers`,
 * checked by the same code.
 *
 * @internal
 */
export function normalizePluginOptions(options: XrplPluginOptions): NormalizedPluginOptions {
  if (typeof options !== "object" || options === null) {
    fail('pass an options object, e.g. xrpl({ verifier: createVerifier(), domain: "example.com" }).');
  }
  const {
    logger,
    getUserInfo,
    emailDomainName = DEFAULT_EMAIL_DOMAIN,
    anonymous = true,
    verifyEmail,
    sendEmailClaimLink,
    onSignIn,
    linkAccount = true,
  } = options;
  optionalFunction(
    "getUserInfo",
    getUserInfo,
    "getUserInfo: ({ address, chainId }) => ({ name, image }); omit it to name users by their address",
  );
  optionalFunction("verifyEmail", verifyEmail, "verifyEmail: async ({ email, address }) => (await directory.emailOf(address)) === email");
  optionalFunction("sendEmailClaimLink", sendEmailClaimLink, "sendEmailClaimLink: ({ email, address, url }) => mailer.send(email, url)");
  optionalFunction(
    "onSignIn",
    onSignIn,
    'onSignIn: async ({ address }) => (await banned(address) ? { refuse: { status: 403, message: "This account is suspended." } } : undefined)',
  );
  if (typeof emailDomainName !== "string" || !isDomain(emailDomainName) || emailDomainName.includes(":")) {
    fail(
      `\`emailDomainName\` must be a host name such as "wallet.example.com" (got ${JSON.stringify(emailDomainName)}); omit it for "${DEFAULT_EMAIL_DOMAIN}".`,
    );
  }
  if (typeof anonymous !== "boolean") {
    fail("`anonymous` must be a boolean: false asks every first sign-in for an email; omit it for true.");
  }
  if (typeof linkAccount !== "boolean") {
    fail("`linkAccount` must be a boolean: false refuses to link an address to a user who is already signed in; omit it for true.");
  }
  const uriOrigins = readUriOrigins(options.uri);
  // Until better-auth starts, the development-domain warning is kept and then said through its logger.
  const startupWarnings: string[] = [];
  const startupLogger: Logger = logger ?? {
    warn: (message) => startupWarnings.push(message),
    error: (message) => startupWarnings.push(message),
  };
  const {
    verifier,
    domain,
    production,
    chainId,
    uriSchemes,
    maxMessageAgeSeconds,
    clockSkewSeconds,
    nonceTtlSeconds,
    maxSessionAgeSeconds,
    revalidateAfterSeconds,
    claims,
    requireClaims,
    now,
  } = options;
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
      maxSessionAgeSeconds,
      revalidateAfterSeconds,
      claims,
      requireClaims,
      now,
      logger: startupLogger,
    },
    CALLER,
  );
  return {
    // better-auth deletes a session row on sign-out on every instance: no revoked ids to keep.
    auth: { ...auth, revocationStore: undefined },
    logger,
    getUserInfo,
    emailDomainName: emailDomainName.toLowerCase(),
    anonymous,
    verifyEmail,
    sendEmailClaimLink,
    onSignIn,
    linkAccount,
    uriOrigins,
    startupWarnings,
  };
}
