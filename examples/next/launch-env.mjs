// The environment `npm run example:next` (start.mjs) gives `next build` and `next start`.
//
// `next start` always runs with NODE_ENV=production, where the app requires a SESSION_SECRET and
// an APP_DOMAIN. To keep the demo one command away, a run that did not ask for production gets a
// generated secret and the loopback hosts as its domain, and is told so. A run with
// NODE_ENV=production gets nothing made up: a missing setting stops it before the build.
import { randomBytes } from "node:crypto";
import { LOOPBACK_DOMAINS, MIN_SESSION_SECRET_LENGTH } from "sign-in-with-xrpl";

/**
 * @param {NodeJS.ProcessEnv} processEnv the launcher's environment
 * @returns {{ env: NodeJS.ProcessEnv, notes: string[] } | { problem: string }}
 *   the child environment and what was filled in, or the one-line reason the start is refused
 */
export function prepareLaunchEnvironment(processEnv) {
  const env = { ...processEnv, NEXT_TELEMETRY_DISABLED: processEnv.NEXT_TELEMETRY_DISABLED ?? "1" };
  const productionRequested = env.NODE_ENV === "production";
  // Next sets NODE_ENV itself for build and start.
  delete env.NODE_ENV;
  const notes = [];

  const secret = env.SESSION_SECRET ?? "";
  if (secret.length < MIN_SESSION_SECRET_LENGTH) {
    const problem =
      secret === ""
        ? "SESSION_SECRET is not set"
        : `SESSION_SECRET is too short (${secret.length} characters, at least ${MIN_SESSION_SECRET_LENGTH} needed)`;
    if (productionRequested) {
      return {
        problem: `${problem}. In production it must be at least ${MIN_SESSION_SECRET_LENGTH} random characters, for example: SESSION_SECRET="$(openssl rand -hex 32)"`,
      };
    }
    notes.push(`${problem}: using a random secret for this run (sessions end when the server stops). Set SESSION_SECRET, or NODE_ENV=production to require it.`);
    env.SESSION_SECRET = randomBytes(32).toString("hex");
  }

  if ((env.APP_DOMAIN ?? "").trim() === "") {
    if (productionRequested) {
      return {
        problem:
          "APP_DOMAIN is not set: in production set it to the host your users sign in on, e.g. APP_DOMAIN=example.com (comma-separate several). It is never taken from the request's Host header.",
      };
    }
    env.APP_DOMAIN = LOOPBACK_DOMAINS.join(",");
    notes.push(`APP_DOMAIN is not set: this demo run accepts sign-ins for ${LOOPBACK_DOMAINS.join(", ")} only. Set APP_DOMAIN to your host to serve it elsewhere.`);
  }
  return { env, notes };
}
