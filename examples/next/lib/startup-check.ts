// Node.js runtime only (loaded by instrumentation.ts): a production server without a usable
// SESSION_SECRET must not start at all, or it would answer every sign-in with 500.
import { ConfigError, getServerConfig } from "./config";

export function checkConfigurationOrExit(): void {
  try {
    getServerConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Cannot start the example: ${error.message}`);
    process.exit(1);
  }
}
