import { createClient } from "redis";

export const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

export type TestRedisClient = Awaited<ReturnType<typeof connect>>;

function connect() {
  return createClient({ url: REDIS_URL, socket: { connectTimeout: 2000, reconnectStrategy: false } })
    .on("error", () => {})
    .connect();
}

/**
 * A connected client, or the reason Redis is unavailable. Under CI the caller must fail on a
 * reason; elsewhere it may skip, saying why.
 */
export async function connectTestRedis(): Promise<{ client: TestRedisClient } | { reason: string }> {
  try {
    const client = await connect();
    await client.ping();
    return { client };
  } catch (error) {
    return { reason: `Redis unavailable at ${REDIS_URL}: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** Whether Redis answers at REDIS_URL (the probe connection is closed again). */
export async function redisAnswers(): Promise<boolean> {
  const connected = await connectTestRedis();
  if ("reason" in connected) return false;
  await connected.client.close();
  return true;
}
