/** `NODE_ENV === "production"`, read where a `process` exists (never in a browser bundle). */
export function isProductionEnvironment(): boolean {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return env?.NODE_ENV === "production";
}
