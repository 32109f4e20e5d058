// The environment `npm run example:next` (start.mjs) gives `next build` and `node server.mjs`.
//
// server.mjs serves in production mode (like `next start`), where the app requires a strong
// SESSION_SECRET and an APP_DOMAIN. To keep the demo one command away, a run that did not ask
// for production gets a generated secret (in place of a missing, short or weak one) and the
// loopback hosts as its domain, and is told so. A run with NODE_ENV=production gets nothing made
// up. Either way every setting is checked here, before the build, by the rules the server applies
// (settings.mjs); the forms of XRPL_NODE_URL and APP_DOMAIN are checked by the library when the
// server starts.
import { InvalidOptionsError, LOOPBACK_DOMAINS, resolveSessionSecret } from "sign-in-with-xrpl";
import { ConfigError, readSettings } from "./settings.mjs";

/**
 * @param {NodeJS.ProcessEnv} processEnv the launcher's environment
 * @returns {{ env: NodeJS.ProcessEnv, notes: string[] } | { problem: string }}
 *   the child environment and what was filled in, or the one-line reason the start is refused
 */
export function prepareLaunchEnvironment(processEnv) {
  const env = { ...processEnv, NEXT_TELEMETRY_DISABLED: processEnv.NEXT_TELEMETRY_DISABLED ?? "1" };
  const productionRequested = env.NODE_ENV === "production";
  // Next sets NODE_ENV itself for the build, and server.mjs for the server.
  delete env.NODE_ENV;
  const notes = [];

  // The server's rule for the secret is the library's production rule.
  try {
    resolveSessionSecret({ secret: env.SESSION_SECRET, production: true });
  } catch (error) {
    if (!(error instanceof InvalidOptionsError)) throw error;
    const reason = error.message.replace(/^sign-in-with-xrpl: /, "");
    if (productionRequested) return { problem: reason };
    notes.push(
      `${reason} This demo run uses a random secret instead (sessions end when the server stops); NODE_ENV=production requires a good one.`,
    );
    env.SESSION_SECRET = resolveSessionSecret({ secret: undefined, production: false });
  }

  if ((env.APP_DOMAIN ?? "").trim() === "" && !productionRequested) {
    env.APP_DOMAIN = LOOPBACK_DOMAINS.join(",");
    notes.push(
      `APP_DOMAIN is not set: this demo run accepts sign-ins for ${LOOPBACK_DOMAINS.join(", ")} only. Set APP_DOMAIN to your host to serve it elsewhere.`,
    );
  }

  try {
    readSettings({ ...env, NODE_ENV: "production" }, { warn() {} });
  } catch (error) {
    if (error instanceof ConfigError) return { problem: error.message };
    throw error;
  }
  return { env, notes };
}
