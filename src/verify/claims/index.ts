export { holdsNft } from "./nft.js";
export type { HoldsNftOptions, NftClaim } from "./nft.js";
export { holdsToken } from "./token.js";
export type { HoldsTokenOptions, TokenClaim } from "./token.js";
export { holdsMpt } from "./mpt.js";
export type { HoldsMptOptions, MptClaim } from "./mpt.js";
export { hasCredential } from "./credential.js";
export type { CredentialClaim, CredentialType, HasCredentialOptions } from "./credential.js";
export { hasDid } from "./did.js";
export type { DidClaim } from "./did.js";
export { inPermissionedDomain } from "./permissioned-domain.js";
export type { InPermissionedDomainOptions, PermissionedDomainClaim } from "./permissioned-domain.js";
export { allOf, anyOf, not } from "./combinators.js";
export type { CombinedClaim, NotClaim } from "./combinators.js";
export { custom } from "./custom.js";
export type { CustomClaim, CustomClaimCheck } from "./custom.js";
export { checkClaimSet } from "./claim-set.js";
export { claimsFromJson } from "./json.js";
export type {
  Claim,
  ClaimExplanation,
  ClaimLedger,
  ClaimResults,
  ClaimSet,
  LedgerRequest,
  LedgerResult,
  LedgerResults,
  ValidatedLedgerAnswer,
} from "./types.js";
