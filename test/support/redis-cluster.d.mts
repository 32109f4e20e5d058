/** Types of redis-cluster.mjs. */
import type { RedisClusterType } from "redis";

export interface TestRedisCluster {
  /** `redis://127.0.0.1:<port>` of each master. */
  nodeUrls: string[];
  /** A connected cluster client; every one made here is closed by `stop()`. */
  connect(): Promise<RedisClusterType>;
  /** Closes the clients, kills the servers, removes their folder. */
  stop(): Promise<void>;
}

export function startTestRedisCluster(): Promise<TestRedisCluster | { reason: string }>;
