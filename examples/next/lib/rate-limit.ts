// A fixed-window counter per key, in this process's memory. Enough for one server process; a
// deployment with several processes needs a shared counter (Redis) or the proxy's rate limit.

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

/**
 * The client address for the rate limit. `next start` puts the socket address in
 * `x-forwarded-for` only when the request has none, and a reverse proxy appends the address it
 * saw: so the LAST entry is the one a client cannot choose when a proxy is in front. Directly
 * exposed, a client can still send its own header: put a proxy in front in production.
 */
export function clientAddress(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for");
  const last = forwarded?.split(",").at(-1)?.trim();
  return last !== undefined && last !== "" ? last : "unknown";
}
