// Node.js runtime only (loaded by instrumentation.ts): a server that cannot serve sign-ins
// correctly must not start at all. Each refusal is one line naming the setting, exit code 1.
import { reportAppStarted, servedByServer } from "../server-link.mjs";
import { getAuth } from "./auth";
import { ConfigError } from "./config";

export async function checkConfigurationOrExit(): Promise<void> {
  if (!servedByServer()) {
    stop(
      "start it with `node server.mjs` (npm run serve, or npm run dev), not `next start` or `next dev`: server.mjs gives the routes the client address the nonce rate limit counts by, which a request header cannot be trusted for.",
    );
  }
  try {
    // Settings, ledger node URL, APP_DOMAIN, and Redis when REDIS_URL is set.
    await getAuth();
  } catch (error) {
    if (error instanceof ConfigError) stop(error.message);
    // Not a setting: a fault of the app itself, with its stack.
    console.error("Cannot start the example:", error);
    process.exit(1);
  }
  reportAppStarted();
}

function stop(message: string): never {
  console.error(`Cannot start the example: ${message}`);
  process.exit(1);
}
