/**
 * The host name of a `Host` header without its port: `example.com:3000` -> `example.com`,
 * `[::1]:3000` -> `[::1]`. Returns `undefined` for an empty or missing value.
 *
 * @internal
 */
export function hostWithoutPort(host: string | undefined): string | undefined {
  if (host === undefined) return undefined;
  const trimmed = host.trim();
  if (trimmed === "") return undefined;
  if (trimmed.startsWith("[")) {
    const end = trimmed.indexOf("]");
    return end === -1 ? trimmed : trimmed.slice(0, end + 1);
  }
  const colon = trimmed.indexOf(":");
  if (colon === -1) return trimmed;
  // More than one colon without brackets is a bare IPv6 address (not valid in Host): bracket it as messages write it.
  if (trimmed.indexOf(":", colon + 1) !== -1) return `[${trimmed}]`;
  return trimmed.slice(0, colon);
}
