import type { BetterAuthPlugin, GenericEndpointContext, InternalAdapter, User } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { MessageFormatError } from "../errors.js";
import { generateNonce, parseMessage, validateMessage } from "../message/index.js";
import type { SignInMessage, ValidationCode } from "../message/types.js";
import { VALIDATION_REASONS } from "../message/validate.js";
import { TEXT } from "../server/handlers.js";
import { messageExpectations } from "../server/options.js";
import type { Logger } from "../shared/logger.js";
import type { CheckFailureCode, CheckResult } from "../verify/types.js";
import { normalizePluginOptions, type NormalizedPluginOptions, type XrplPluginOptions } from "./options.js";
import { NONCE_PATH, PLUGIN_ID, SESSION_ADDRESS_FIELD, VERIFY_PATH, XRPL_PROVIDER_ID } from "./routes.js";
import { verifyBodySchema, type XrplVerifyBody } from "./verify-body.js";

/** The texts only this plugin answers with; the others come from the HTTP handlers' table. */
const PLUGIN_TEXT = {
  // The row of a used nonce is gone, so a replay and a made-up nonce look alike here.
  unknownNonce: `Unknown or already used nonce. Request a new one from ${NONCE_PATH}.`,
  emailRequired: "An email is required to sign in.",
  userBeingCreated: "This account is signing in from another request; try again.",
} as const;

/**
 * The `code` of every error the plugin's endpoints answer with (better-auth puts it next to
 * `message` in the JSON body, and its client in `error.code`): the verifier's
 * `CheckFailureCode` when the proof does not hold, the message rule that failed
 * (`domain_mismatch`, `chain_mismatch`, `too_old`...), or one of the plugin's own. A body
 * better-auth's validation refuses answers its own `VALIDATION_ERROR`.
 *
 * @example
 * ```ts
 * const { error } = await authClient.xrpl.verify(body);
 * const code = error?.code as XrplSignInErrorCode | undefined;
 * if (code === "domain_mismatch") show("This sign-in request was made for another site.");
 * ```
 */
export type XrplSignInErrorCode =
  | CheckFailureCode
  | ValidationCode
  | "invalid_message"
  | "unknown_nonce"
  | "nonce_expired"
  | "nonce_used"
  | "email_required"
  | "verification_unavailable"
  | "user_being_created"
  | "internal_error";

type Status = "BAD_REQUEST" | "UNAUTHORIZED" | "SERVICE_UNAVAILABLE" | "INTERNAL_SERVER_ERROR";

function refuse(status: Status, code: XrplSignInErrorCode, message: string): APIError {
  return new APIError(status, { code, message });
}

/** The verification row of an issued nonce. */
const nonceIdentifier = (nonce: string): string => `xrpl-nonce:${nonce}`;
/** The marker that lets one request at a time create the user of a new address. */
const newUserIdentifier = (address: string): string => `xrpl-new-user:${address}`;
const NEW_USER_LOCK_MS = 30_000;
const NEW_USER_WAIT_STEPS = 25;
const NEW_USER_WAIT_STEP_MS = 100;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sign in with XRPL as a better-auth plugin, the way better-auth's SIWE plugin adds Ethereum.
 *
 * - `POST {basePath}/xrpl/nonce` answers `{ nonce }` and keeps the nonce in better-auth's
 *   `verification` table until `nonceTtlSeconds` (default 300) have passed.
 * - `POST {basePath}/xrpl/verify` takes the proof as the verifier does (`message`,
 *   `signatureKind`, `signature` or `txBlob`, `address`, optional `publicKey`): both proof kinds,
 *   compact signature and signed transaction. It parses the message, checks it against `domain`
 *   (from these options only, never from the request), the body's address, `chainId` and the
 *   time rules, requires a nonce this server issued and has not seen used, runs
 *   `verifier.check()` (a refusal answers 401 with the check's failure `code`), then deletes the
 *   nonce in one atomic step, so of any number of requests with the same message exactly one
 *   signs in. The address is then the user of the better-auth `account` with provider id `xrpl`
 *   and account id the classic address, created on first sign-in; a better-auth session is
 *   created (its `xrplAddress` field says which address signed in) and its cookie set. Answers
 *   `{ token, success: true, user: { id, address, chainId } }`.
 *
 * Without `domain`, only messages for `localhost`, `127.0.0.1` and `[::1]` are accepted, and in
 * production (`NODE_ENV=production`) the plugin throws at start. Add the `xrplAddress` session
 * column with better-auth's migration (its CLI's `migrate` command, or `getMigrations` from
 * `better-auth/db/migration`) after adding the plugin.
 *
 * @example
 * ```ts
 * import { betterAuth } from "better-auth";
 * import { createVerifier } from "sign-in-with-xrpl";
 * import { xrpl } from "sign-in-with-xrpl/better-auth";
 *
 * export const auth = betterAuth({
 *   database: pool,
 *   plugins: [xrpl({ verifier: createVerifier(), domain: process.env.APP_DOMAIN, chainId: "xrpl:0" })],
 * });
 * ```
 */
export function xrpl(options: XrplPluginOptions) {
  const config = normalizePluginOptions(options);
  const { auth } = config;

  return {
    id: PLUGIN_ID,
    init(context) {
      if (config.logger === undefined) for (const warning of config.startupWarnings) context.logger.warn(warning);
    },
    schema: {
      session: {
        fields: {
          // Which address signed this session in, so `getSession` can say it without a look-up.
          [SESSION_ADDRESS_FIELD]: { type: "string", required: false, input: false },
        },
      },
    },
    endpoints: {
      xrplNonce: createAuthEndpoint(NONCE_PATH, { method: "POST", metadata: { noStore: true } }, async (ctx) => {
        const nonce = generateNonce();
        await ctx.context.internalAdapter.createVerificationValue({
          identifier: nonceIdentifier(nonce),
          value: nonce,
          expiresAt: new Date(auth.now() + auth.nonceTtlMs),
        });
        return ctx.json({ nonce });
      }),

      xrplVerify: createAuthEndpoint(VERIFY_PATH, { method: "POST", body: verifyBodySchema, metadata: { noStore: true } }, async (ctx) => {
        const logger: Logger = config.logger ?? ctx.context.logger;
        try {
          return ctx.json(await signIn(config, ctx, ctx.body, logger));
        } catch (cause) {
          if (cause instanceof APIError) throw cause;
          logger.error(`sign-in-with-xrpl: ${VERIFY_PATH} failed unexpectedly`, cause);
          throw refuse("INTERNAL_SERVER_ERROR", "internal_error", TEXT.internal);
        }
      }),
    },
  } satisfies BetterAuthPlugin;
}

/**
 * What `POST /xrpl/verify` answers on success (with the session cookie): the session token,
 * and who signed in. `chainId` is `null` only for a wallet-kit message without a Chain ID line.
 *
 * @example
 * ```ts
 * const { data } = await authClient.xrpl.verify(body);
 * const answer: XrplSignInAnswer | null = data;
 * if (answer !== null) console.log(`user ${answer.user.id} is ${answer.user.address}`);
 * ```
 */
export interface XrplSignInAnswer {
  token: string;
  success: true;
  user: { id: string; address: string; chainId: string | null };
}

async function signIn(
  config: NormalizedPluginOptions,
  ctx: GenericEndpointContext,
  body: XrplVerifyBody,
  logger: Logger,
): Promise<XrplSignInAnswer> {
  const { auth } = config;
  const { internalAdapter } = ctx.context;
  const { email, ...proof } = body;
  const requestedAt = auth.now();

  if (!config.anonymous && email === undefined) throw refuse("BAD_REQUEST", "email_required", PLUGIN_TEXT.emailRequired);

  // 1. The message, checked against the server's own expectations before anything is looked up.
  let message: SignInMessage;
  try {
    message = parseMessage(proof.message);
  } catch (cause) {
    if (cause instanceof MessageFormatError) throw refuse("BAD_REQUEST", "invalid_message", TEXT.invalidFormat);
    throw cause;
  }
  // No nonce here: it is looked up by its value below, once the message holds.
  const validation = validateMessage(message, messageExpectations(auth, { address: proof.address, requestedAt }));
  if (!validation.valid) throw refuse("BAD_REQUEST", validation.code, VALIDATION_REASONS[validation.code]);

  // 2. A nonce this server issued and nobody used yet. Only read here: a forged proof must not
  // be able to burn the nonce of the user it names.
  const identifier = nonceIdentifier(message.nonce);
  const issued = await internalAdapter.findVerificationValue(identifier);
  if (issued === null) throw refuse("BAD_REQUEST", "unknown_nonce", PLUGIN_TEXT.unknownNonce);
  if (new Date(issued.expiresAt).getTime() <= requestedAt) throw refuse("BAD_REQUEST", "nonce_expired", TEXT.nonceExpired);

  // 3. The proof. A verifier that throws (ledger node unreachable) is a service failure.
  let result: CheckResult;
  try {
    result = await auth.verifier.check(proof);
  } catch (cause) {
    logger.error(`sign-in-with-xrpl: the verifier failed during ${VERIFY_PATH}`, cause);
    throw refuse("SERVICE_UNAVAILABLE", "verification_unavailable", TEXT.verificationUnavailable);
  }
  if (!result.ok) {
    logger.warn(`sign-in-with-xrpl: sign-in refused for ${proof.address}: ${result.code}: ${result.detail}`);
    throw refuse("UNAUTHORIZED", result.code, TEXT.signatureFailed);
  }

  // 4. Single use: the row is deleted atomically; of racing requests, one gets it, the rest null.
  if ((await internalAdapter.consumeVerificationValue(identifier)) === null) {
    throw refuse("BAD_REQUEST", "nonce_used", TEXT.nonceUsed);
  }

  // 5. The user of this address, created on first sign-in, and a session for it.
  const address = result.address;
  // Absent only in a wallet-kit message without a Chain ID line (accepted when no `chainId` is set).
  const chainId = message.chainId ?? null;
  const user = await findOrCreateUser(config, internalAdapter, address, chainId, email);
  const session = await internalAdapter.createSession(user.id, false, { [SESSION_ADDRESS_FIELD]: address });
  await setSessionCookie(ctx, { session, user });
  return { token: session.token, success: true, user: { id: user.id, address, chainId } };
}

async function findOrCreateUser(
  config: NormalizedPluginOptions,
  internalAdapter: InternalAdapter,
  address: string,
  chainId: string | null,
  email: string | undefined,
): Promise<User> {
  const key = { providerId: XRPL_PROVIDER_ID, accountId: address };
  const owned = async (): Promise<User | undefined> => {
    const owner = await internalAdapter.findAccountOwnerByKey(key);
    if (owner?.kind === "owned") return owner.user;
    // An account row whose user was deleted: drop it, so the address can have a user again.
    if (owner?.kind === "orphaned") await internalAdapter.deleteAccount(owner.account.id);
    return undefined;
  };

  const existing = await owned();
  if (existing !== undefined) return existing;

  // Two first sign-ins of one address at once would make two users, and better-auth refuses an
  // account key that matches two rows: so one request at a time creates, the others wait for it.
  const lock = newUserIdentifier(address);
  const reserved = await internalAdapter.reserveVerificationValue({
    identifier: lock,
    value: address,
    expiresAt: new Date(Date.now() + NEW_USER_LOCK_MS),
  });
  if (!reserved) {
    for (let step = 0; step < NEW_USER_WAIT_STEPS; step++) {
      await sleep(NEW_USER_WAIT_STEP_MS);
      const created = await owned();
      if (created !== undefined) return created;
    }
    throw refuse("SERVICE_UNAVAILABLE", "user_being_created", PLUGIN_TEXT.userBeingCreated);
  }
  try {
    const raced = await owned();
    if (raced !== undefined) return raced;
    const info = (await config.getUserInfo?.({ address, chainId })) ?? {};
    const placeholder = `${address}@${config.emailDomainName}`.toLowerCase();
    // A claimed email another user already has is not taken over: the new user gets the stand-in.
    const claimed = email === undefined || (await internalAdapter.findUserByEmail(email.toLowerCase())) !== null ? undefined : email;
    const user = await internalAdapter.createUser(
      { name: info.name ?? address, email: claimed ?? placeholder, emailVerified: false, image: info.image ?? null },
      { method: PLUGIN_ID },
    );
    try {
      await internalAdapter.createAccount({ userId: user.id, providerId: XRPL_PROVIDER_ID, accountId: address });
    } catch (cause) {
      // No half-made sign-in: a user without its account could never sign in again.
      await internalAdapter.deleteUser(user.id).catch(() => undefined);
      throw cause;
    }
    return user;
  } finally {
    await internalAdapter.consumeVerificationValue(lock).catch(() => undefined);
  }
}
