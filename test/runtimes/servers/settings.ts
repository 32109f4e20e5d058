/** The settings every server driver reads from its environment, checked. */
import type { RuntimeAppSettings } from "../app.js";

export function readSettings(env: Record<string, string | undefined>, runtime: string): RuntimeAppSettings {
  const sessionSecret = env.RUNTIME_SESSION_SECRET;
  const nodeUrl = env.RUNTIME_XRPL_NODE_URL;
  if (sessionSecret === undefined || nodeUrl === undefined) {
    throw new Error("set RUNTIME_SESSION_SECRET and RUNTIME_XRPL_NODE_URL (the runtime matrix driver does)");
  }
  return { sessionSecret, nodeUrl, runtime };
}
