import { StoreUnavailableError } from "../errors.js";
import type { ResolvedTables } from "./tables.js";

/** @internal Raised by the store's own time limit, before it is described. */
export class PostgresTimeoutError extends Error {}

/** @internal What a failure message needs to say how to fix it. */
export interface FailureContext {
  tables: ResolvedTables;
  timeoutMs: number;
  createTables: boolean;
}

const UNREACHABLE_FIX =
  "check that PostgreSQL is running and that the pool's connection settings (host, port, database, user, password) are right";

/** A Node network error from `net.connect` to several addresses is an AggregateError with an empty message. */
function causeText(cause: unknown): string {
  if (cause instanceof AggregateError && cause.message === "" && cause.errors.length > 0) {
    return cause.errors.map(causeText).join("; ");
  }
  if (cause instanceof Error) return cause.message;
  return String(cause);
}

function codeOf(cause: unknown): string | undefined {
  const code = typeof cause === "object" && cause !== null ? (cause as { code?: unknown }).code : undefined;
  return typeof code === "string" ? code : undefined;
}

/** The fix for a failure, by PostgreSQL SQLSTATE or Node error code. */
function fixFor(cause: unknown, context: FailureContext): string {
  const { shown } = context.tables;
  switch (codeOf(cause)) {
    case "42P01": // undefined_table
      return context.createTables
        ? "the table was dropped while the store was running; the next call creates it again"
        : `create ${shown.nonces}, ${shown.revocations} and ${shown.attempts} with the SQL of postgresNonceStoreMigration() (safe to run again: it creates only what is missing), or leave \`createTables\` on`;
    case "3F000": // invalid_schema_name
      return `create the schema first (CREATE SCHEMA ${shown.schema ?? "..."}) or leave out \`schema\`: the store creates tables, never a schema`;
    case "42501": // insufficient_privilege
      return `grant the database user SELECT, INSERT, UPDATE and DELETE on ${shown.nonces}, ${shown.revocations} and ${shown.attempts}; if it may not create tables, create them with postgresNonceStoreMigration() and set \`createTables: false\``;
    case "28P01": // invalid_password
    case "28000": // invalid_authorization_specification
      return "check the user and password of the pool's connection settings";
    case "3D000": // invalid_catalog_name
      return "check the database name of the pool's connection settings";
    default:
      return UNREACHABLE_FIX;
  }
}

/**
 * Turns whatever the pool rejected with into a `StoreUnavailableError` that says what failed
 * and how to fix it, the original kept as `cause`.
 *
 * @internal
 */
export function storeFailure(operation: string, cause: unknown, context: FailureContext): StoreUnavailableError {
  if (cause instanceof StoreUnavailableError) return cause;
  const what = `sign-in-with-xrpl: the Postgres nonce store could not ${operation}`;
  if (cause instanceof PostgresTimeoutError) {
    return new StoreUnavailableError(
      `${what}: no answer within ${context.timeoutMs} ms. ${capitalize(UNREACHABLE_FIX)}; give the pool \`connectionTimeoutMillis\` and \`query_timeout\` so a hung connection is dropped, or raise \`timeoutMs\`.`,
      { cause },
    );
  }
  return new StoreUnavailableError(`${what}: ${causeText(cause)}. ${capitalize(fixFor(cause, context))}.`, { cause });
}

/** @internal A failure found by the store itself rather than by PostgreSQL. */
export function missingTablesFailure(context: FailureContext): StoreUnavailableError {
  const { shown } = context.tables;
  return new StoreUnavailableError(
    `sign-in-with-xrpl: the Postgres nonce store could not find its tables ${shown.nonces}, ${shown.revocations} and ${shown.attempts}. ${capitalize(fixFor({ code: "42P01" }, context))}.`,
  );
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
