// Every kind of claim by its `kind`, for checking claim objects and reading them.
import { ALL_OF_KIND, ANY_OF_KIND, NOT_KIND } from "./combinators.js";
import type { ClaimKind } from "./context.js";
import { CREDENTIAL_KIND } from "./credential.js";
import { CUSTOM_KIND } from "./custom.js";
import { DID_KIND } from "./did.js";
import { MPT_KIND } from "./mpt.js";
import { NFT_KIND } from "./nft.js";
import { PERMISSIONED_DOMAIN_KIND } from "./permissioned-domain.js";
import { TOKEN_KIND } from "./token.js";

export const CLAIM_KINDS: ReadonlyMap<string, ClaimKind> = new Map(
  (
    [
      NFT_KIND,
      TOKEN_KIND,
      MPT_KIND,
      CREDENTIAL_KIND,
      DID_KIND,
      PERMISSIONED_DOMAIN_KIND,
      ALL_OF_KIND,
      ANY_OF_KIND,
      NOT_KIND,
      CUSTOM_KIND,
    ] as unknown as ClaimKind[]
  ).map((kind) => [kind.kind, kind]),
);
