// The email rule of the plugin: an email a first sign-in claims is an unproven statement, so it is
// never stored as the user's email until it is proven (decision 27). Stored at once, it would let
// anyone claim a victim's address before she signs up: her sign-up would say "already exists", and
// her password reset would hand her the attacker's user, which the attacker still signs in to.
import type { GenericEndpointContext, HookEndpointContext, User } from "better-auth";
import { createAuthMiddleware, createEmailVerificationToken } from "better-auth/api";
import { verifyJWT } from "better-auth/crypto";
import type { Logger } from "../shared/logger.js";
import type { NormalizedPluginOptions } from "./options.js";
import { PLUGIN_TEXT, refuse } from "./refusals.js";
import type { HookRequest } from "./session-rules.js";

/** better-auth's own email-verification route, which confirms the plugin's links too. */
const VERIFY_EMAIL_PATH = "/verify-email";
/** better-auth's request type for "the new email of this user, confirmed from its mailbox". */
const CHANGE_EMAIL_VERIFICATION = "change-email-verification";
/** Marks the verification links the plugin sends, among better-auth's own. */
const CLAIM_MARKER = "xrplEmailClaim";

/** What the new user's email is: the stand-in, or a claimed email already proven. */
export interface NewUserEmail {
  email: string;
  emailVerified: boolean;
  /** A claimed email that better-auth's email verification can still prove. */
  pending: string | undefined;
}

/**
 * The email a new user is created with. A claimed email is stored only when `verifyEmail` proves
 * it and no other user has it; otherwise the user gets the stand-in, and a claim no other user
 * has is left for better-auth's email verification ({@link sendClaimLink}).
 *
 * @internal
 */
export async function newUserEmail(
  config: NormalizedPluginOptions,
  ctx: GenericEndpointContext,
  claim: { email: string | undefined; address: string; chainId: string | null },
  placeholder: string,
): Promise<NewUserEmail> {
  const standIn: NewUserEmail = { email: placeholder, emailVerified: false, pending: undefined };
  if (claim.email === undefined) return standIn;
  const email = claim.email.toLowerCase();
  // Another user's email stays theirs: never stored here, never mailed (the answer is the same,
  // so it says nothing about who has an account).
  if ((await ctx.context.internalAdapter.findUserByEmail(email)) !== null) return standIn;
  const proven =
    config.verifyEmail !== undefined &&
    (await config.verifyEmail({ email, address: claim.address, chainId: claim.chainId, request: ctx.request })) === true;
  return proven ? { email, emailVerified: true, pending: undefined } : { ...standIn, pending: email };
}

/**
 * Sends better-auth's own "confirm your new email" link for a claimed email, to that address,
 * through the plugin's `sendEmailClaimLink` or else your `emailVerification.sendVerificationEmail`: the same link better-auth's
 * `changeEmail` sends a user whose email is not verified, handled by its `/verify-email`. A
 * click stores the email on the user, and the plugin's hook marks it verified. Without
 * `sendVerificationEmail` the claim is dropped (the user keeps the stand-in; better-auth's
 * `changeEmail` can set an email later).
 *
 * @internal
 */
export async function sendClaimLink(
  config: NormalizedPluginOptions,
  ctx: GenericEndpointContext,
  user: User,
  claim: { email: string; address: string },
  callbackURL: string | undefined,
  logger: Logger,
): Promise<void> {
  const ownSender = config.sendEmailClaimLink;
  const betterAuthSender = ctx.context.options.emailVerification?.sendVerificationEmail;
  if (ownSender === undefined && betterAuthSender === undefined) return;
  const claimed = claim.email;
  const token = await createEmailVerificationToken(
    ctx.context.secret,
    user.email,
    claimed,
    ctx.context.options.emailVerification?.expiresIn,
    {
      requestType: CHANGE_EMAIL_VERIFICATION,
      userId: user.id,
      [CLAIM_MARKER]: true,
    },
  );
  const url = `${ctx.context.baseURL}${VERIFY_EMAIL_PATH}?token=${token}&callbackURL=${encodeURIComponent(callbackURL ?? "/")}`;
  try {
    const sending =
      ownSender === undefined
        ? betterAuthSender?.({ user: { ...user, email: claimed }, url, token }, ctx.request)
        : ownSender({ email: claimed, address: claim.address, url, token }, ctx.request);
    await ctx.context.runInBackgroundOrAwait(sending);
  } catch (cause) {
    // The sign-in itself holds; the user can ask for another link with better-auth's changeEmail.
    logger.error("sign-in-with-xrpl: could not send the link confirming a claimed email", cause);
  }
}

/** The payload of one of the plugin's claim links, when `token` is one (signed by this server). */
async function claimOf(ctx: HookRequest): Promise<{ userId: string; email: string } | undefined> {
  const token: unknown = (ctx.query as Record<string, unknown> | undefined)?.["token"];
  if (typeof token !== "string") return undefined;
  const payload = await verifyJWT<Record<string, unknown>>(token, ctx.context.secret);
  if (payload === null || payload[CLAIM_MARKER] !== true || payload["requestType"] !== CHANGE_EMAIL_VERIFICATION) return undefined;
  const { userId, updateTo } = payload;
  return typeof userId === "string" && typeof updateTo === "string" ? { userId, email: updateTo } : undefined;
}

/**
 * The plugin's part of better-auth's `/verify-email`, for its own claim links only:
 *
 * - before: a claimed email another user took in the meantime is refused (409 `email_taken`,
 *   or a redirect to the link's `callbackURL` with `?error=email_taken`), whatever the database
 *   enforces;
 * - after: once better-auth stored the email, it is marked verified. better-auth keeps a
 *   changed email as verified as the one before it (the stand-in, never verified), but a click
 *   on a link mailed to that very address is the proof.
 *
 * @internal
 */
export function createEmailClaimHooks() {
  const matcher = (ctx: HookEndpointContext): boolean => ctx.path === VERIFY_EMAIL_PATH;
  const before = createAuthMiddleware(async (ctx) => {
    const claim = await claimOf(ctx);
    if (claim === undefined) return;
    const holder = await ctx.context.internalAdapter.findUserByEmail(claim.email);
    if (holder === null || holder.user.id === claim.userId) return;
    const callbackURL: unknown = (ctx.query as Record<string, unknown> | undefined)?.["callbackURL"];
    // Only to a place better-auth trusts, as its own /verify-email would check.
    if (typeof callbackURL === "string" && callbackURL !== "" && ctx.context.isTrustedOrigin(callbackURL, { allowRelativePaths: true })) {
      const separator = callbackURL.includes("?") ? "&" : "?";
      throw ctx.redirect(`${callbackURL}${separator}error=email_taken`);
    }
    throw refuse(409, "email_taken", PLUGIN_TEXT.emailTaken);
  });
  const after = createAuthMiddleware(async (ctx) => {
    const claim = await claimOf(ctx);
    if (claim === undefined) return;
    const user = await ctx.context.internalAdapter.findUserById(claim.userId);
    if (user === null || user.email.toLowerCase() !== claim.email || user.emailVerified) return;
    await ctx.context.internalAdapter.updateUser(user.id, { emailVerified: true });
  });
  return { before: { matcher, handler: before }, after: { matcher, handler: after } };
}
