// Creates better-auth's tables, and the column the plugin adds to `session` (`xrplAddress`),
// where they are missing. Run it at deploy time; better-auth's CLI `migrate` command does the same.
import { getMigrations } from "better-auth/db/migration";
import type { Auth } from "./auth.js";

export async function migrate(auth: Auth): Promise<void> {
  const { runMigrations } = await getMigrations(auth.options);
  await runMigrations();
}
