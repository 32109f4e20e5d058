import type { AuthContext, BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { InvalidOptionsError } from "../errors.js";
import { generateNonce } from "../message/index.js";
import { LOOPBACK_DOMAINS } from "../server/expected-domain.js";
import { TEXT } from "../server/handlers.js";
import type { Logger } from "../shared/logger.js";
import { listAddressesEndpoint, unlinkEndpoint } from "./addresses.js";
import { createEmailClaimHooks } from "./email-claim.js";
import { CALLER, normalizePluginOptions, originOf, type NormalizedPluginOptions, type XrplPluginOptions } from "./options.js";
import { refuse } from "./refusals.js";
import { NONCE_PATH, PLUGIN_ID, VERIFY_PATH } from "./routes.js";
import { createSessionGuard, SESSION_SCHEMA } from "./session-rules.js";
import { nonceIdentifier, verifyXrplProof, type UriRule } from "./sign-in.js";
import { verifyBodySchema } from "./verify-body.js";

export type { XrplSignInErrorCode } from "./refusals.js";
export type { XrplSignInAnswer } from "./sign-in.js";

/**
 * Sign in with XRPL as a better-auth plugin, the way better-auth's SIWE plugin adds Ethereum.
 *
 * - `POST {basePath}/xrpl/nonce` answers `{ nonce }` and keeps the nonce in better-auth's
 *   `verification` table until `nonceTtlSeconds` (default 300) have passed. It touches no session.
 * - `POST {basePath}/xrpl/verify` takes the proof as the verifier does (`message`,
 *   `signatureKind`, `signature` or `txBlob`, `address`, optional `publicKey`): both proof kinds,
 *   compact signature and signed transaction. It parses the message, checks it against `domain`
 *   (from these options only, never from the request), the body's address, `chainId`, the time
 *   rules and its `URI` (one of `uri`, or of better-auth's configured origins), requires a nonce
 *   this server issued and has not seen used, runs the verifier (a refusal answers 401 with the
 *   check's failure `code`), then deletes the nonce in one atomic step, so of any number of
 *   requests with the same message exactly one goes on. Then, after `onSignIn` agrees: a user
 *   already signed in gets the address linked (`linkAccount`), or, when it is already theirs,
 *   a new session; anyone else is signed in as the user of the better-auth `account` with
 *   provider id `xrpl` and account id the classic address, created on first sign-in. Answers
 *   `{ token, success: true, action, user: { id, address, chainId } }`.
 * - `GET {basePath}/xrpl/list-addresses` and `POST {basePath}/xrpl/unlink` list and remove the
 *   signed-in user's addresses.
 *
 * A session signed in with XRPL lives by the rules of this library's HTTP handlers, checked
 * before every endpoint: it ends `maxSessionAgeSeconds` (24 hours) after the proof, however
 * often better-auth refreshes it; with `revalidateAfterSeconds`, the key or signer list that
 * signed must still have authority on the ledger; with several domains, it counts only on the
 * host it signed in for. A claimed `email` (`anonymous: false`) is never stored until proven.
 *
 * Without `domain`, only messages for `localhost`, `127.0.0.1` and `[::1]` are accepted, and in
 * production (`NODE_ENV=production`) the plugin throws at start. Add the plugin's session
 * columns with better-auth's migration (its CLI's `migrate` command, or `getMigrations` from
 * `better-auth/db/migration`) after adding or upgrading the plugin.
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
  const sessionGuard = createSessionGuard(config);
  const emailClaimHooks = createEmailClaimHooks();
  // Set when better-auth starts: its configured origins are known only then.
  let acceptsUri: UriRule = loopbackUriRule;

  return {
    id: PLUGIN_ID,
    init(context) {
      const logger = config.logger ?? context.logger;
      if (config.logger === undefined) for (const warning of config.startupWarnings) context.logger.warn(warning);
      acceptsUri = uriRule(config, context, logger);
      if (!config.anonymous && config.verifyEmail === undefined && config.sendEmailClaimLink === undefined) {
        if (context.options.emailVerification?.sendVerificationEmail === undefined) {
          logger.warn(
            `sign-in-with-xrpl: ${CALLER}: \`anonymous: false\` asks for an email that nothing can prove, so no claimed email is ever stored: set better-auth's emailVerification.sendVerificationEmail, or the plugin's sendEmailClaimLink or verifyEmail.`,
          );
        }
      }
    },
    schema: SESSION_SCHEMA,
    hooks: {
      before: [sessionGuard, emailClaimHooks.before],
      after: [emailClaimHooks.after],
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
          return ctx.json(await verifyXrplProof(config, ctx, ctx.body, acceptsUri, logger));
        } catch (cause) {
          if (cause instanceof APIError) throw cause;
          logger.error(`sign-in-with-xrpl: ${VERIFY_PATH} failed unexpectedly`, cause);
          throw refuse(500, "internal_error", TEXT.internal);
        }
      }),

      xrplListAddresses: listAddressesEndpoint,
      xrplUnlink: unlinkEndpoint,
    },
  } satisfies BetterAuthPlugin;
}

/** A URI on a loopback host, at any port: what development accepts when no origin is configured. */
function loopbackUriRule(uri: string): boolean {
  const origin = originOf(uri);
  if (origin === undefined) return false;
  const { hostname } = new URL(origin);
  return LOOPBACK_DOMAINS.includes(hostname);
}

/**
 * The URI rule, fixed at start: the `uri` option's origins, or better-auth's configured origins
 * (its `baseURL` or `BETTER_AUTH_URL`, its `trustedOrigins`), matched the way better-auth
 * matches them. Never a request's headers: better-auth without a `baseURL` takes its origin from
 * the request, which whoever sends it writes.
 */
function uriRule(config: NormalizedPluginOptions, context: AuthContext, logger: Logger): UriRule {
  const given = config.uriOrigins;
  if (given !== undefined) return (uri) => given.includes(originOf(uri) ?? "");
  const configured: readonly string[] = [...context.trustedOrigins];
  if (configured.length > 0) {
    const matches = context.isTrustedOrigin.bind({ ...context, trustedOrigins: [...configured] });
    return (uri) => originOf(uri) !== undefined && matches(uri, { allowRelativePaths: false });
  }
  if (config.auth.production) {
    throw new InvalidOptionsError(
      `sign-in-with-xrpl: ${CALLER}: no origin to check the message's URI against: set better-auth's baseURL (or BETTER_AUTH_URL), or the plugin's \`uri\`, e.g. uri: "https://example.com".`,
    );
  }
  logger.warn(
    `sign-in-with-xrpl: ${CALLER}: better-auth has no baseURL and the plugin no \`uri\`, so only messages whose URI is on ${LOOPBACK_DOMAINS.join(", ")} are accepted. Set baseURL (or BETTER_AUTH_URL) before going to production.`,
  );
  return loopbackUriRule;
}
