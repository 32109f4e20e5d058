export { createPostgresNonceStore } from "./postgres-nonce-store.js";
export type { PostgresNonceStore, PostgresNonceStoreOptions, PostgresQueryable } from "./postgres-nonce-store.js";
export { postgresNonceStoreMigration } from "./migration.js";
export type { PostgresNonceStoreTables } from "./tables.js";
