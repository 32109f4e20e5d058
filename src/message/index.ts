export { createMessage } from "./create.js";
export { parseMessage } from "./parse.js";
export { validateMessage } from "./validate.js";
export { generateNonce } from "./nonce.js";
export { MAX_MESSAGE_BYTES } from "./size.js";
export type { MessageIssueCode } from "./issues.js";
export type {
  ChainIdForm,
  DomainPredicate,
  MessageDialect,
  ParseOptions,
  SignInMessage,
  SignInMessageFields,
  ValidateOptions,
  ValidationCode,
  ValidationResult,
} from "./types.js";
