export * from "./errors.js";
export * from "./message/index.js";
export * from "./verify/index.js";
export * from "./server/index.js";
export type { Logger } from "./shared/logger.js";
