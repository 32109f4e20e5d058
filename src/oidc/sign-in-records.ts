// What one sign-in gives the tokens of the authorization it completed: the address, the chain of
// the signed message, the ledger claims read at sign-in and the proof itself. The id_token and
// userinfo are built later (at the token and userinfo endpoints, possibly on another instance),
// so the record is kept in the provider's own storage, under the id of the grant it created.
import { LruCache } from "../verify/lru-cache.js";
import type { OidcAdapter, OidcAdapterFactory, OidcAdapterPayload } from "./provider-types.js";

/**
 * The proof of a sign-in as the claim `xrpl_proof` carries it: with the `sub` of the id_token as
 * `address`, it is the body `verifier.check` takes, so a relying party can check the sign-in
 * itself.
 *
 * @example
 * ```ts
 * const proof: XrplProofClaim = { message: "example.com wants you to sign in...", signatureKind: "signature", signature: "3045...", publicKey: "ED..." };
 * ```
 */
export interface XrplProofClaim {
  message: string;
  signatureKind: "signature" | "signedTx";
  signature?: string;
  txBlob?: string;
  publicKey?: string;
}

/** @internal One sign-in, as the grant it created keeps it. */
export interface SignInRecord {
  address: string;
  /** CAIP-2 chain id of the signed message (`"xrpl:0"`), when it carried one. */
  chainId?: string | undefined;
  /** The ledger claims read at sign-in, when the provider is configured with claims. */
  claims?: Record<string, boolean> | undefined;
  /** When `claims` were read (milliseconds since the Unix epoch): the sign-in, or a later revalidation. */
  claimsReadAt?: number | undefined;
  /** A required claim stopped holding: the grant's tokens are refused from then on. */
  ended?: true | undefined;
  proof: XrplProofClaim;
}

/** @internal Where sign-in records live. */
export interface SignInRecordStore {
  save(grantId: string, record: SignInRecord, ttlSeconds: number): Promise<void>;
  load(grantId: string): Promise<SignInRecord | undefined>;
}

/** The model name records are stored under, apart from every oidc-provider model. */
export const SIGN_IN_RECORD_MODEL = "XrplSignIn";

/** Records a single process remembers without a shared adapter. */
const MEMORY_RECORDS = 10_000;

/**
 * The record store over the provider's adapter (shared by every instance that shares it), or
 * over this process's memory when the provider keeps its state in memory too.
 *
 * @internal
 */
export function createSignInRecordStore(adapterFactory: OidcAdapterFactory | undefined, now: () => number): SignInRecordStore {
  if (adapterFactory !== undefined) return adapterRecordStore(adapterFactory(SIGN_IN_RECORD_MODEL));
  const records = new LruCache<string, { record: SignInRecord; expiresAt: number }>(MEMORY_RECORDS);
  return {
    async save(grantId, record, ttlSeconds) {
      records.set(grantId, { record, expiresAt: now() + ttlSeconds * 1000 });
    },
    async load(grantId) {
      const entry = records.get(grantId);
      return entry !== undefined && now() < entry.expiresAt ? entry.record : undefined;
    },
  };
}

function adapterRecordStore(adapter: OidcAdapter): SignInRecordStore {
  return {
    async save(grantId, record, ttlSeconds) {
      const payload: OidcAdapterPayload = { jti: grantId, kind: SIGN_IN_RECORD_MODEL, record };
      await adapter.upsert(grantId, payload, ttlSeconds);
    },
    async load(grantId) {
      const payload = await adapter.find(grantId);
      return readRecord(payload === undefined || payload === null ? undefined : payload.record);
    },
  };
}

/** A stored record, read back field by field, so a damaged entry gives no claim rather than a wrong one. */
function readRecord(value: unknown): SignInRecord | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { address, chainId, claims, claimsReadAt, ended, proof } = value as Record<string, unknown>;
  if (typeof address !== "string" || typeof proof !== "object" || proof === null) return undefined;
  const { message, signatureKind, signature, txBlob, publicKey } = proof as Record<string, unknown>;
  if (typeof message !== "string" || (signatureKind !== "signature" && signatureKind !== "signedTx")) return undefined;
  const record: SignInRecord = {
    address,
    proof: {
      message,
      signatureKind,
      ...(typeof signature === "string" ? { signature } : {}),
      ...(typeof txBlob === "string" ? { txBlob } : {}),
      ...(typeof publicKey === "string" ? { publicKey } : {}),
    },
  };
  if (typeof chainId === "string") record.chainId = chainId;
  if (typeof claimsReadAt === "number" && Number.isFinite(claimsReadAt)) record.claimsReadAt = claimsReadAt;
  if (ended === true) record.ended = true;
  if (typeof claims === "object" && claims !== null && !Array.isArray(claims)) {
    record.claims = Object.fromEntries(Object.entries(claims).filter((entry): entry is [string, boolean] => typeof entry[1] === "boolean"));
  }
  return record;
}
