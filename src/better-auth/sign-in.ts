// The verify path of the plugin, in one function: every rule a proof goes through, in order, and
// what it then does (sign up, sign in, or link to the user already signed in).
import type { GenericEndpointContext, InternalAdapter, User } from "better-auth";
import { getSessionFromCtx } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { MessageFormatError } from "../errors.js";
import { parseMessage, validateMessage } from "../message/index.js";
import type { SignInMessage } from "../message/types.js";
import { VALIDATION_REASONS } from "../message/validate.js";
import { checkProof } from "../server/check-proof.js";
import { readSignInClaims, TEXT } from "../server/handlers.js";
import { missingClaims, type SessionClaims } from "../server/session-claims.js";
import { callSignInHook } from "../server/hooks.js";
import { messageExpectations } from "../server/options.js";
import type { Logger } from "../shared/logger.js";
import type { CheckResult, CheckSuccess } from "../verify/types.js";
import { newUserEmail, sendClaimLink } from "./email-claim.js";
import type { NormalizedPluginOptions, XrplSignInAction, XrplSignInContext } from "./options.js";
import { PLUGIN_TEXT, refuse } from "./refusals.js";
import { PLUGIN_ID, VERIFY_PATH, XRPL_PROVIDER_ID } from "./routes.js";
import { signedInSessionFields } from "./session-rules.js";
import type { XrplVerifyBody } from "./verify-body.js";

/**
 * What `POST /xrpl/verify` answers on success: the session token, what was done, and who.
 * `chainId` is `null` only for a wallet-kit message without a Chain ID line. After a `"link"`,
 * `token` is the session that was already signed in (it is kept as it is, no cookie is set).
 *
 * @example
 * ```ts
 * const { data } = await authClient.xrpl.verify(body);
 * const answer: XrplSignInAnswer | null = data;
 * if (answer?.action === "link") console.log(`${answer.user.address} is now linked to user ${answer.user.id}`);
 * ```
 */
export interface XrplSignInAnswer {
  token: string;
  success: true;
  action: XrplSignInAction;
  user: { id: string; address: string; chainId: string | null };
}

/** The verification row of an issued nonce. */
export const nonceIdentifier = (nonce: string): string => `xrpl-nonce:${nonce}`;
/** The marker that lets one request at a time give an address its user (create, or link). */
const addressLockIdentifier = (address: string): string => `xrpl-new-user:${address}`;
const ADDRESS_LOCK_MS = 30_000;
const ADDRESS_WAIT_STEPS = 25;
const ADDRESS_WAIT_STEP_MS = 100;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Which origins a message's `URI` may be on: set once better-auth has started (from the `uri`
 * option, or better-auth's configured origins).
 *
 * @internal
 */
export type UriRule = (uri: string) => boolean;

/**
 * `POST /xrpl/verify`: the message, its URI, the nonce, the proof; then who the proof is for and
 * what to do; the nonce used up; `onSignIn`; and last the user, the link or the session.
 *
 * @internal
 */
export async function verifyXrplProof(
  config: NormalizedPluginOptions,
  ctx: GenericEndpointContext,
  body: XrplVerifyBody,
  acceptsUri: UriRule,
  logger: Logger,
): Promise<XrplSignInAnswer> {
  const { auth } = config;
  const { internalAdapter } = ctx.context;
  const { email, callbackURL, ...proof } = body;
  const requestedAt = auth.now();
  // Where the link proving a claimed email leads: a place better-auth trusts, as for its own links.
  if (callbackURL !== undefined && !ctx.context.isTrustedOrigin(callbackURL, { allowRelativePaths: true })) {
    throw refuse(403, "invalid_callback_url", PLUGIN_TEXT.invalidCallbackUrl);
  }

  // 1. The message, checked against the server's own expectations before anything is looked up.
  let message: SignInMessage;
  try {
    message = parseMessage(proof.message);
  } catch (cause) {
    if (cause instanceof MessageFormatError) throw refuse(400, "invalid_message", TEXT.invalidFormat);
    throw cause;
  }
  // No nonce here: it is looked up by its value below, once the message holds.
  const validation = validateMessage(message, messageExpectations(auth, { address: proof.address, requestedAt }));
  if (!validation.valid) throw refuse(400, validation.code, VALIDATION_REASONS[validation.code]);
  // The URI names where the user signed in: one of this app's origins, never a request header.
  if (!acceptsUri(message.uri)) throw refuse(400, "uri_mismatch", VALIDATION_REASONS.uri_mismatch);

  // 2. A nonce this server issued and nobody used yet. Only read here: a forged proof must not
  // be able to burn the nonce of the user it names.
  const identifier = nonceIdentifier(message.nonce);
  const issued = await internalAdapter.findVerificationValue(identifier);
  if (issued === null) throw refuse(400, "unknown_nonce", PLUGIN_TEXT.unknownNonce);
  if (new Date(issued.expiresAt).getTime() <= requestedAt) throw refuse(400, "nonce_expired", TEXT.nonceExpired);

  // 3. The proof. A verifier that throws (ledger node unreachable) is a service failure.
  let result: CheckResult;
  try {
    result = await checkProof(auth.verifier, proof);
  } catch (cause) {
    logger.error(`sign-in-with-xrpl: the verifier failed during ${VERIFY_PATH}`, cause);
    throw refuse(503, "verification_unavailable", TEXT.verificationUnavailable);
  }
  if (!result.ok) {
    logger.warn(`sign-in-with-xrpl: sign-in refused for ${proof.address}: ${result.code}: ${result.detail}`);
    throw refuse(401, result.code, TEXT.signatureFailed);
  }
  const { address } = result;
  // Absent only in a wallet-kit message without a Chain ID line (accepted when no `chainId` is set).
  const chainId = message.chainId ?? null;

  // 4. Who the proof is for. A signed-in user is never switched to another user, nor made a new one.
  const signedIn = await getSessionFromCtx(ctx);
  const owner = await ownerOf(internalAdapter, address);
  let action: XrplSignInAction;
  if (signedIn !== null) {
    if (owner !== undefined && owner.id !== signedIn.user.id)
      throw refuse(409, "address_linked_to_another_user", PLUGIN_TEXT.addressLinkedToAnotherUser);
    if (owner === undefined && !config.linkAccount) throw refuse(403, "link_disabled", PLUGIN_TEXT.linkDisabled);
    action = owner === undefined ? "link" : "sign-in";
  } else {
    action = owner === undefined ? "sign-up" : "sign-in";
    // Asked before the nonce is used: the same proof can come back with the email.
    if (action === "sign-up" && !config.anonymous && email === undefined) throw refuse(400, "email_required", PLUGIN_TEXT.emailRequired);
  }

  // 5. Single use: the row is deleted atomically; of racing requests, one gets it, the rest null.
  if ((await internalAdapter.consumeVerificationValue(identifier)) === null) throw refuse(400, "nonce_used", TEXT.nonceUsed);

  // 6. The ledger claims, read now that the proof holds and its nonce is used up; a required one
  // that does not hold signs nothing in, creates nothing and links nothing.
  let claims: SessionClaims | undefined;
  let claimsReadAt: number | undefined;
  if (auth.claims !== undefined) {
    const read = await readSignInClaims(auth.claims, address);
    if (read.kind === "unavailable") {
      logger.error(`sign-in-with-xrpl: the ledger could not answer the claims during ${VERIFY_PATH}`, read.cause);
      throw refuse(503, "verification_unavailable", TEXT.verificationUnavailable);
    }
    if (read.kind === "failed") {
      logger.error(
        `sign-in-with-xrpl: reading the claims of ${address} failed (a custom claim that threw?); nothing was signed in`,
        read.cause,
      );
      throw refuse(500, "internal_error", TEXT.internal);
    }
    claims = read.claims;
    claimsReadAt = auth.now();
    const missing = missingClaims(auth.claims, claims);
    if (missing.length > 0) {
      logger.warn(`sign-in-with-xrpl: sign-in refused for ${address}: required claims do not hold: ${missing.join(", ")}`);
      throw refuse(403, "requirements_not_met", TEXT.requirementsNotMet, { missing });
    }
  }

  // 7. The app's word.
  if (config.onSignIn !== undefined) {
    const user = action === "link" ? signedIn?.user : owner;
    const context: XrplSignInContext = {
      address,
      chainId,
      check: result,
      ...(claims === undefined ? {} : { claims: { ...claims } }),
      action,
      user: user === undefined || user === null ? null : { id: user.id, email: user.email, name: user.name },
      request: ctx.request,
    };
    const decision = await callSignInHook(config.onSignIn as never, context);
    if (decision.kind === "refuse") throw refuse(decision.status, "sign_in_refused", decision.message);
    if (decision.kind === "bug" || decision.data !== undefined) {
      const problem =
        decision.kind === "bug"
          ? decision.problem
          : "sign-in-with-xrpl: onSignIn returned `data`, which the better-auth plugin does not keep: keep it in your own tables or better-auth's additional fields.";
      logger.error(problem, ...(decision.kind === "bug" && decision.cause !== undefined ? [decision.cause] : []));
      throw refuse(500, "internal_error", TEXT.internal);
    }
  }

  // 8. Link, or the user and a new session.
  if (action === "link" && signedIn !== null) {
    await linkAddress(internalAdapter, signedIn.user.id, address);
    return { token: signedIn.session.token, success: true, action, user: { id: signedIn.user.id, address, chainId } };
  }
  const user = owner ?? (await createUserFor(config, ctx, { address, chainId, email, callbackURL }, logger));
  const read = claims === undefined || claimsReadAt === undefined ? undefined : { claims, readAt: claimsReadAt };
  return startSession(config, ctx, user, result, message.domain, action, chainId, read);
}

async function startSession(
  config: NormalizedPluginOptions,
  ctx: GenericEndpointContext,
  user: User,
  check: CheckSuccess,
  signedInFor: string,
  action: XrplSignInAction,
  chainId: string | null,
  claims: { claims: SessionClaims; readAt: number } | undefined,
): Promise<XrplSignInAnswer> {
  const fields = signedInSessionFields(config, check, signedInFor, claims);
  const session = await ctx.context.internalAdapter.createSession(user.id, false, fields);
  await setSessionCookie(ctx, { session, user });
  return { token: session.token, success: true, action, user: { id: user.id, address: check.address, chainId } };
}

/** The user an address belongs to; an account row whose user was deleted is dropped, so the address can have a user again. */
async function ownerOf(internalAdapter: InternalAdapter, address: string): Promise<User | undefined> {
  const owner = await internalAdapter.findAccountOwnerByKey({ providerId: XRPL_PROVIDER_ID, accountId: address });
  if (owner?.kind === "owned") return owner.user;
  if (owner?.kind === "orphaned") await internalAdapter.deleteAccount(owner.account.id);
  return undefined;
}

/**
 * Runs `give` while this request alone may give `address` a user: better-auth refuses an
 * account key that matches two rows, so two requests must never both create one. A request that
 * finds the lock taken waits for the other to finish and answers with its outcome.
 */
async function withAddressLock<T>(
  internalAdapter: InternalAdapter,
  address: string,
  give: () => Promise<T>,
  whenOwned: (owner: User) => T | Promise<T>,
): Promise<T> {
  const lock = addressLockIdentifier(address);
  const reserved = await internalAdapter.reserveVerificationValue({
    identifier: lock,
    value: address,
    expiresAt: new Date(Date.now() + ADDRESS_LOCK_MS),
  });
  if (!reserved) {
    for (let step = 0; step < ADDRESS_WAIT_STEPS; step++) {
      await sleep(ADDRESS_WAIT_STEP_MS);
      const owner = await ownerOf(internalAdapter, address);
      if (owner !== undefined) return whenOwned(owner);
    }
    throw refuse(503, "user_being_created", PLUGIN_TEXT.userBeingCreated);
  }
  try {
    const raced = await ownerOf(internalAdapter, address);
    return raced === undefined ? await give() : await whenOwned(raced);
  } finally {
    await internalAdapter.consumeVerificationValue(lock).catch(() => undefined);
  }
}

async function linkAddress(internalAdapter: InternalAdapter, userId: string, address: string): Promise<void> {
  await withAddressLock(
    internalAdapter,
    address,
    async () => {
      await internalAdapter.createAccount({ userId, providerId: XRPL_PROVIDER_ID, accountId: address });
    },
    (owner) => {
      if (owner.id !== userId) throw refuse(409, "address_linked_to_another_user", PLUGIN_TEXT.addressLinkedToAnotherUser);
    },
  );
}

async function createUserFor(
  config: NormalizedPluginOptions,
  ctx: GenericEndpointContext,
  claim: { address: string; chainId: string | null; email: string | undefined; callbackURL: string | undefined },
  logger: Logger,
): Promise<User> {
  const { internalAdapter } = ctx.context;
  const { address, chainId } = claim;
  return withAddressLock(
    internalAdapter,
    address,
    async () => {
      const info = (await config.getUserInfo?.({ address, chainId })) ?? {};
      const placeholder = `${address}@${config.emailDomainName}`.toLowerCase();
      // A claimed email is stored only once proven; until then the user has the stand-in.
      const email = await newUserEmail(config, ctx, { email: claim.email, address, chainId }, placeholder);
      const user = await internalAdapter.createUser(
        { name: info.name ?? address, email: email.email, emailVerified: email.emailVerified, image: info.image ?? null },
        { method: PLUGIN_ID },
      );
      try {
        await internalAdapter.createAccount({ userId: user.id, providerId: XRPL_PROVIDER_ID, accountId: address });
      } catch (cause) {
        // No half-made sign-in: a user without its account could never sign in again.
        await internalAdapter.deleteUser(user.id).catch(() => undefined);
        throw cause;
      }
      if (email.pending !== undefined) await sendClaimLink(config, ctx, user, { email: email.pending, address }, claim.callbackURL, logger);
      return user;
    },
    (owner) => owner,
  );
}
