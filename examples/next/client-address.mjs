// The address the nonce rate limit counts by, worked out where the socket is visible.
//
// Next's route handlers see a fetch Request: no socket. The only address in it is the
// X-Forwarded-For header, and `next start` fills that in from the socket only when the request
// has none, so a client that reaches the server directly writes its own and gets a fresh rate
// limit key with every request. server.mjs, the small Node server in front of Next, therefore
// works the address out from the socket (and, from X-Forwarded-For, only across the proxies
// TRUST_PROXY names, with Express's "trust proxy" rules through proxy-addr) and hands it to the
// routes in CLIENT_ADDRESS_HEADER, overwriting whatever a client sent under that name.
import proxyaddr from "proxy-addr";
import { servedByServer } from "./server-link.mjs";

/** The request header server.mjs writes the client address into. Never trusted from anyone else. */
export const CLIENT_ADDRESS_HEADER = "x-siwx-client-address";

/**
 * TRUST_PROXY as Express reads its `trust proxy` setting: unset or `false` trusts no proxy (the
 * socket address counts), `true` trusts every hop, a number trusts that many hops, anything else
 * is a comma-separated list of addresses, CIDR ranges or the names `loopback`, `linklocal`,
 * `uniquelocal`. Throws proxy-addr's TypeError for an entry that is none of those.
 *
 * @param {string | undefined} setting
 * @returns {(address: string, hop: number) => boolean}
 */
export function compileTrustProxy(setting) {
  if (setting === undefined || setting === "false") return () => false;
  if (setting === "true") return () => true;
  if (/^\d+$/.test(setting)) {
    const hops = Number(setting);
    return (_address, hop) => hop < hops;
  }
  return proxyaddr.compile(setting.split(",").map((entry) => entry.trim()));
}

/**
 * server.mjs, for each request before Next sees it: the client's address into
 * CLIENT_ADDRESS_HEADER, replacing any copy the client sent.
 *
 * @param {import("node:http").IncomingMessage} request
 * @param {(address: string, hop: number) => boolean} trust from compileTrustProxy
 */
export function setClientAddress(request, trust) {
  let address;
  try {
    address = proxyaddr(request, trust);
  } catch {
    // A socket already closed has no address; the request goes nowhere anyway.
  }
  request.headers[CLIENT_ADDRESS_HEADER] = address ?? "unknown";
}

/**
 * The routes: the client address server.mjs set. Throws when this process is not served by
 * server.mjs (a bare `next start`), because then the header is whatever the client wrote.
 *
 * @param {Headers} headers
 * @returns {string}
 */
export function clientAddressOf(headers) {
  if (!servedByServer()) {
    throw new Error(
      "The client address comes from server.mjs: start the example with `node server.mjs` (npm run serve), not `next start`.",
    );
  }
  return headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown";
}
