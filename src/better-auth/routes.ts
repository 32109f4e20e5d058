// The names the server plugin and the client plugin must agree on. No runtime import of
// better-auth here: the client entry imports this file and stays a plain browser module.

/** @internal The plugin id, on the server and in the client. */
export const PLUGIN_ID = "xrpl";

/**
 * The `providerId` of the better-auth `account` row that ties a user to an XRPL account; its
 * `accountId` is the classic address.
 *
 * @example
 * ```ts
 * import { XRPL_PROVIDER_ID } from "sign-in-with-xrpl/better-auth";
 * const accounts = await auth.api.listUserAccounts({ headers });
 * const addresses = accounts.filter((a) => a.providerId === XRPL_PROVIDER_ID).map((a) => a.accountId);
 * ```
 */
export const XRPL_PROVIDER_ID = "xrpl";

/** @internal The endpoints, relative to better-auth's base path. */
export const NONCE_PATH = "/xrpl/nonce";
/** @internal */
export const VERIFY_PATH = "/xrpl/verify";
/** @internal */
export const UNLINK_PATH = "/xrpl/unlink";
/** @internal */
export const ADDRESSES_PATH = "/xrpl/list-addresses";

/** @internal The session field naming the address that signed the session in. */
export const SESSION_ADDRESS_FIELD = "xrplAddress";
