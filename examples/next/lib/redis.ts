// REDIS_URL: the connection behind the nonce store, so a nonce is single-use across every
// instance of the app (a proof replayed on another instance is refused there too).
import { createClient } from "redis";
import { redactUrl } from "../settings.mjs";
import { ConfigError } from "./config";

/** How long the start waits for Redis before it gives up. */
const REDIS_CONNECT_TIMEOUT_MS = 5000;

export type RedisClient = ReturnType<typeof createClient>;

/**
 * A node-redis client for `url` and the start's connect: `connect()` rejects with ConfigError
 * when Redis refuses or does not answer within 5 s (the start stops with one line); later
 * outages are logged once per distinct error while the client reconnects by itself. The client
 * exists before it connects, so the stores that use it can be set up (and their settings
 * checked) first.
 */
export function redisConnection(url: string): { client: RedisClient; connect(): Promise<void> } {
  const client = createClient({ url });
  let started = false;
  let lastError = "";
  let failStart: (error: unknown) => void = () => {};
  client.on("error", (error: unknown) => {
    if (!started) return failStart(error);
    const text = error instanceof Error ? error.message : String(error);
    if (text !== lastError) console.error(`Redis: ${text}`);
    lastError = text;
  });
  client.on("ready", () => {
    lastError = "";
  });
  const connect = async () => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        client.connect(),
        new Promise<never>((_resolve, reject) => {
          failStart = reject;
          timer = setTimeout(() => reject(new Error(`no answer within ${REDIS_CONNECT_TIMEOUT_MS} ms`)), REDIS_CONNECT_TIMEOUT_MS);
        }),
      ]);
      started = true;
    } catch (error) {
      client.destroy();
      throw new ConfigError(
        `Redis does not answer at REDIS_URL (${redactUrl(url)}): ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      clearTimeout(timer);
    }
  };
  return { client, connect };
}
