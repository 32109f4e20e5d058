/**
 * A nonce and revocation store on PostgreSQL (`pg`), shared by every process.
 *
 * @module sign-in-with-xrpl/postgres
 */
export { createPostgresNonceStore } from "./postgres-nonce-store.js";
export type { PostgresNonceStore, PostgresNonceStoreOptions, PostgresQueryable } from "./postgres-nonce-store.js";
export { postgresNonceStoreMigration } from "./migration.js";
export type { PostgresNonceStoreTables } from "./tables.js";
