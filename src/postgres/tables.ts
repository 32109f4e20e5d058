import { InvalidOptionsError } from "../errors.js";

/**
 * Where the Postgres nonce store keeps its rows. Every name is a lowercase SQL name, so it means
 * the same quoted or not when you write SQL against it by hand.
 *
 * @example
 * ```ts
 * const tables: PostgresNonceStoreTables = {
 *   schema: "auth",
 *   table: "siwx_nonces",
 *   revocationTable: "siwx_revocations",
 *   attemptTable: "siwx_attempts",
 * };
 * ```
 */
export interface PostgresNonceStoreTables {
  /** Schema of both tables. It must exist: the store creates tables, never a schema. Default: the connection's `search_path` (usually `public`). */
  schema?: string | undefined;
  /** Table of used nonces. Default `"siwx_nonces"`. */
  table?: string | undefined;
  /** Table of revoked ids, kept apart from the nonces. Default `"siwx_revocations"`. */
  revocationTable?: string | undefined;
  /** Table of signature-attempt counts per pending nonce. Default `"siwx_attempts"`. */
  attemptTable?: string | undefined;
}

/** @internal Quoted SQL names, ready to be put in a statement. */
export interface ResolvedTables {
  /** `"schema"."table"` or `"table"`. */
  nonces: string;
  revocations: string;
  attempts: string;
  noncesIndex: string;
  revocationsIndex: string;
  attemptsIndex: string;
  /** For messages: the names as the user wrote them. */
  shown: { nonces: string; revocations: string; attempts: string; schema: string | undefined };
}

const NAME = /^[a-z_][a-z0-9_]*$/;
const INDEX_SUFFIX = "_expires_idx";
/** PostgreSQL cuts names at 63 bytes; a table name leaves room for its index name. */
const MAX_NAME_LENGTH = 63;
const MAX_TABLE_LENGTH = MAX_NAME_LENGTH - INDEX_SUFFIX.length;

function checkName(call: string, option: string, value: unknown, maxLength: number, example: string): string {
  if (typeof value !== "string" || !NAME.test(value) || value.length > maxLength) {
    throw new InvalidOptionsError(
      `sign-in-with-xrpl: ${call}: \`${option}\` must be a lowercase SQL name (a-z, 0-9 and _, not starting with a digit, at most ${maxLength} characters) such as ${JSON.stringify(example)}, got ${JSON.stringify(value)}.`,
    );
  }
  return value;
}

/**
 * Checks the names and quotes them. Only names that pass `NAME` are ever put into SQL, and they
 * are quoted as well, so no option can change a statement.
 *
 * @internal
 */
export function resolveTables(call: string, options: PostgresNonceStoreTables): ResolvedTables {
  if (typeof options !== "object" || options === null) {
    throw new InvalidOptionsError(`sign-in-with-xrpl: ${call}: options must be an object such as { schema: "auth" }.`);
  }
  const schema = options.schema === undefined ? undefined : checkName(call, "schema", options.schema, MAX_NAME_LENGTH, "auth");
  const nonces = checkName(call, "table", options.table ?? "siwx_nonces", MAX_TABLE_LENGTH, "siwx_nonces");
  const revocations = checkName(
    call,
    "revocationTable",
    options.revocationTable ?? "siwx_revocations",
    MAX_TABLE_LENGTH,
    "siwx_revocations",
  );
  const attempts = checkName(call, "attemptTable", options.attemptTable ?? "siwx_attempts", MAX_TABLE_LENGTH, "siwx_attempts");
  const names: [string, string][] = [
    ["table", nonces],
    ["revocationTable", revocations],
    ["attemptTable", attempts],
  ];
  for (const [index, [option, name]] of names.entries()) {
    const same = names.slice(index + 1).find(([, other]) => other === name);
    if (same !== undefined) {
      throw new InvalidOptionsError(
        `sign-in-with-xrpl: ${call}: \`${option}\` and \`${same[0]}\` must differ (both are ${JSON.stringify(name)}), so used nonces, revoked ids and attempt counts never read as one another.`,
      );
    }
  }
  const qualify = (table: string): string => (schema === undefined ? `"${table}"` : `"${schema}"."${table}"`);
  return {
    nonces: qualify(nonces),
    revocations: qualify(revocations),
    attempts: qualify(attempts),
    noncesIndex: `"${nonces}${INDEX_SUFFIX}"`,
    revocationsIndex: `"${revocations}${INDEX_SUFFIX}"`,
    attemptsIndex: `"${attempts}${INDEX_SUFFIX}"`,
    shown: { nonces: qualify(nonces), revocations: qualify(revocations), attempts: qualify(attempts), schema },
  };
}
