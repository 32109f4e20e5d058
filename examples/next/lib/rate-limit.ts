// A fixed-window counter per key, in this process's memory. Enough for one server process; a
// deployment with several processes needs a shared counter (Redis) or the proxy's rate limit.
// The key is the client address server.mjs works out (client-address.mjs), never a header a
// client chooses.

export interface FixedWindowLimiter {
  /** Counts one request for `key`; `allowed` is false once the window's limit is passed. */
  hit(key: string, now?: number): { allowed: boolean; remaining: number; resetSeconds: number };
}

export function createFixedWindowLimiter({ limit, windowMs }: { limit: number; windowMs: number }): FixedWindowLimiter {
  const windows = new Map<string, { startedAt: number; count: number }>();
  let lastSweep = 0;

  return {
    hit(key, now = Date.now()) {
      // Forget finished windows now and then, so the map stays as small as the active clients.
      if (now - lastSweep > windowMs) {
        for (const [entryKey, entry] of windows) if (now - entry.startedAt >= windowMs) windows.delete(entryKey);
        lastSweep = now;
      }
      let entry = windows.get(key);
      if (entry === undefined || now - entry.startedAt >= windowMs) {
        entry = { startedAt: now, count: 0 };
        windows.set(key, entry);
      }
      entry.count += 1;
      return {
        allowed: entry.count <= limit,
        remaining: Math.max(0, limit - entry.count),
        resetSeconds: Math.max(1, Math.ceil((entry.startedAt + windowMs - now) / 1000)),
      };
    },
  };
}
