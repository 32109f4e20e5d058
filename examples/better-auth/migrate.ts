// Creates better-auth's tables, and the column the plugin adds to `session` (`xrplAddress`),
// where they are missing. Run it at deploy time; better-auth's CLI `migrate` command does the same.
import type { BetterAuthOptions } from "better-auth";
import { getMigrations } from "better-auth/db/migration";

export async function migrate(auth: { options: BetterAuthOptions }): Promise<void> {
  const { runMigrations } = await getMigrations(auth.options);
  await runMigrations();
}
