// The start both the Express and the Hono server make before their app: read the settings, create
// the verifier once (it holds the ledger connection), and connect to Redis when REDIS_URL is set.
// A bad setting, or a Redis that does not answer, stops the start with one line.
import { createVerifier } from "sign-in-with-xrpl";
import { checkedByLibrary, ConfigError, loadConfig } from "./config.mjs";
import { stop } from "./server-process.mjs";

/**
 * The settings from `env` and the verifier for XRPL_NODE_URL.
 *
 * @param {NodeJS.ProcessEnv} env
 * @returns {{ config: ReturnType<typeof loadConfig>, verifier: import("sign-in-with-xrpl").Verifier }}
 */
export function loadConfigAndVerifier(env) {
  try {
    const config = loadConfig(env);
    const verifier = checkedByLibrary("XRPL_NODE_URL", config.nodeUrl, () =>
      createVerifier(config.nodeUrl === undefined ? {} : { nodeUrl: config.nodeUrl }),
    );
    return { config, verifier };
  } catch (error) {
    if (error instanceof ConfigError) stop(error.message);
    throw error;
  }
}

/**
 * A node-redis client connected to `url` (redis.mjs, loaded only when used, so the default setup
 * needs no Redis packages at all). When Redis does not answer, closes `verifier` and stops.
 *
 * @param {string} url
 * @param {import("sign-in-with-xrpl").Verifier} verifier
 */
export async function connectRedis(url, verifier) {
  const { redisConnection } = await import("./redis.mjs");
  const connection = redisConnection(url);
  try {
    await connection.connect();
  } catch (error) {
    await verifier.close();
    if (error instanceof ConfigError) stop(error.message);
    throw error;
  }
  return connection.client;
}
