// The signed-in user's XRPL addresses: list them, and unlink one.
import type { GenericEndpointContext, StandardSchemaV1 } from "better-auth";
import { createAuthEndpoint, getSessionFromCtx } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { CLASSIC_ADDRESS_SHAPE } from "../shared/classic-address-shape.js";
import { PLUGIN_TEXT, refuse } from "./refusals.js";
import { ADDRESSES_PATH, SESSION_ADDRESS_FIELD, UNLINK_PATH, XRPL_PROVIDER_ID } from "./routes.js";

/**
 * One XRPL address linked to the signed-in user, as `GET /xrpl/list-addresses` lists it.
 *
 * @example
 * ```ts
 * const { data } = await authClient.xrpl.listAddresses();
 * const linked: XrplLinkedAddress[] = data?.addresses ?? [];
 * ```
 */
export interface XrplLinkedAddress {
  /** The classic address. */
  address: string;
  /** When it was linked (its first sign-in, or the link). */
  linkedAt: Date;
}

async function signedInUser(ctx: GenericEndpointContext) {
  const signedIn = await getSessionFromCtx(ctx);
  if (signedIn === null) throw refuse(401, "not_signed_in", PLUGIN_TEXT.notSignedIn);
  return signedIn;
}

/** `GET /xrpl/list-addresses`: the signed-in user's XRPL addresses, oldest first. */
export const listAddressesEndpoint = createAuthEndpoint(ADDRESSES_PATH, { method: "GET", metadata: { noStore: true } }, async (ctx) => {
  const { user } = await signedInUser(ctx);
  const accounts = await ctx.context.internalAdapter.findAccounts(user.id);
  const addresses: XrplLinkedAddress[] = accounts
    .filter((account) => account.providerId === XRPL_PROVIDER_ID)
    .map((account) => ({ address: account.accountId, linkedAt: new Date(account.createdAt) }))
    .sort((a, b) => a.linkedAt.getTime() - b.linkedAt.getTime());
  return ctx.json({ addresses });
});

/** The body of `POST /xrpl/unlink`, as a Standard Schema (better-call checks it, the client infers it). */
const unlinkBodySchema: StandardSchemaV1<{ address: string }, { address: string }> = {
  "~standard": {
    version: 1,
    vendor: "sign-in-with-xrpl",
    validate(value: unknown) {
      const address = typeof value === "object" && value !== null ? (value as Record<string, unknown>)["address"] : undefined;
      if (typeof address !== "string" || !CLASSIC_ADDRESS_SHAPE.test(address)) {
        return { issues: [{ message: "`address` must be a classic XRPL address (r...).", path: ["address"] }] };
      }
      return { value: { address } };
    },
  },
};

/**
 * `POST /xrpl/unlink` `{ address }`: removes an address from the signed-in user, and ends that
 * user's sessions the address signed in (the current one too, when it is one of them). Refuses
 * to remove the user's last way to sign in, as better-auth's own `unlinkAccount` does, unless
 * better-auth's `account.accountLinking.allowUnlinkingAll` is on.
 */
export const unlinkEndpoint = createAuthEndpoint(
  UNLINK_PATH,
  { method: "POST", body: unlinkBodySchema, metadata: { noStore: true } },
  async (ctx) => {
    const { user, session } = await signedInUser(ctx);
    const { address } = ctx.body;
    const { internalAdapter } = ctx.context;
    const accounts = await internalAdapter.findAccounts(user.id);
    const linked = accounts.find((account) => account.providerId === XRPL_PROVIDER_ID && account.accountId === address);
    if (linked === undefined) throw refuse(404, "not_linked", PLUGIN_TEXT.notLinked);
    if (accounts.length <= 1 && ctx.context.options.account?.accountLinking?.allowUnlinkingAll !== true) {
      throw refuse(400, "last_account", PLUGIN_TEXT.lastAccount);
    }
    await internalAdapter.deleteAccount(linked.id);
    // The address no longer speaks for this user: its sign-ins end everywhere.
    const ended = (await internalAdapter.listSessions(user.id))
      .filter((one) => (one as Record<string, unknown>)[SESSION_ADDRESS_FIELD] === address)
      .map((one) => one.token);
    if (ended.length > 0) await internalAdapter.deleteSessions(ended);
    if (ended.includes(session.token)) deleteSessionCookie(ctx);
    return ctx.json({ success: true, address });
  },
);
