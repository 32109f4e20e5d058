export { createVerifier, DEFAULT_NODE_URL } from "./create-verifier.js";
export type { VerifierOptions } from "./create-verifier.js";
export { compactSignature } from "./compact-signature.js";
export type { CompactSignatureOptions } from "./compact-signature.js";
export { signedTransaction } from "./signed-transaction.js";
export type { SignedTransactionOptions } from "./signed-transaction.js";
export { CHECK_FAILURE_CODES } from "./check-result.js";
export type {
  AccountAuthority,
  AuthorityCheckResult,
  AuthorityGrant,
  CheckFailure,
  CheckFailureCode,
  CheckResult,
  CheckSuccess,
  LedgerReader,
  VerificationStrategy,
  Verifier,
  VerifyRequest,
} from "./types.js";
export { signatureBackends } from "./signature-engine.js";
export type { SignatureBackendName, SignatureBackends } from "./signature-backend.js";
export * from "./claims/index.js";
