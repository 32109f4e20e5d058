// REDIS_URL: one node-redis client for the sessions (connect-redis) and the nonce store, so
// every process behind a load balancer shares both.
import { createClient } from "redis";
import { ConfigError, redactUrl } from "./config.mjs";

/** How long the start waits for Redis before it gives up. */
const REDIS_CONNECT_TIMEOUT_MS = 5000;

/**
 * A node-redis client for `url` and the start's connect: `connect()` rejects with ConfigError
 * when Redis refuses or does not answer within 5 s (the start stops with one line); later
 * outages are logged once per distinct error while the client reconnects by itself.
 *
 * @param {string} url
 * @returns {{ client: ReturnType<typeof createClient>, connect(): Promise<void> }}
 */
export function redisConnection(url) {
  const client = createClient({ url });
  let started = false;
  let lastError = "";
  let failStart = () => {};
  client.on("error", (error) => {
    if (!started) return failStart(error);
    const text = String(error?.message ?? error);
    if (text !== lastError) console.error(`Redis: ${text}`);
    lastError = text;
  });
  client.on("ready", () => {
    lastError = "";
  });
  const connect = async () => {
    let timer;
    try {
      await Promise.race([
        client.connect(),
        new Promise((_resolve, reject) => {
          failStart = reject;
          timer = setTimeout(() => reject(new Error(`no answer within ${REDIS_CONNECT_TIMEOUT_MS} ms`)), REDIS_CONNECT_TIMEOUT_MS);
        }),
      ]);
      started = true;
    } catch (error) {
      client.destroy();
      throw new ConfigError(`Redis does not answer at REDIS_URL (${redactUrl(url)}): ${error?.message ?? error}`);
    } finally {
      clearTimeout(timer);
    }
  };
  return { client, connect };
}
