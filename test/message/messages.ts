// Messages shared by the message tests.
import type { SignInMessageFields } from "../../src/message/types.js";

export const ADDRESS = "r4FTvnahbUfhe1WK2EK5Jz4cNvdFvT8Dzt";
export const OTHER_ADDRESS = "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh";

/** The CAIP-122 XRPL profile example (test/fixtures/siwe/caip122-xrpl-profile-example.json). */
export const PROFILE_EXAMPLE = [
  "service.org wants you to sign in with your XRPL account:",
  ADDRESS,
  "",
  "I accept the ServiceOrg Terms of Service: https://service.org/tos",
  "",
  "URI: https://service.org/login",
  "Version: 1",
  "Chain ID: 0",
  "Nonce: 32891757",
  "Issued At: 2021-09-30T16:25:24.000Z",
  "Resources:",
  "- ipfs://Qme7ss3ARVgxv6rXqVPiikMJ8u2NLgmgszg13pYrDKEoiu",
  "- https://example.com/my-web2-claim.json",
].join("\n");

/** A message with every optional line, one per line for easy editing in tests. */
export const FULL_LINES: readonly string[] = [
  "https://example.com:8443 wants you to sign in with your XRPL account:",
  ADDRESS,
  "",
  "Sign in to Example.",
  "",
  "URI: https://example.com/login",
  "Version: 1",
  "Chain ID: 1",
  "Nonce: abcdef1234567890",
  "Issued At: 2024-02-29T12:00:00Z",
  "Expiration Time: 2024-02-29T12:05:00.000+00:00",
  "Not Before: 2024-02-29T11:59:00Z",
  "Request ID: req-42",
  "Resources:",
  "- https://example.com/a",
  "- ipfs://bafy",
];
export const FULL = FULL_LINES.join("\n");

/** The fields of `FULL`, as `createMessage` takes them and `parseMessage` gives them back. */
export const FULL_FIELDS = {
  scheme: "https",
  domain: "example.com:8443",
  address: ADDRESS,
  statement: "Sign in to Example.",
  uri: "https://example.com/login",
  version: "1",
  chainId: "xrpl:1",
  nonce: "abcdef1234567890",
  issuedAt: "2024-02-29T12:00:00Z",
  expirationTime: "2024-02-29T12:05:00.000+00:00",
  notBefore: "2024-02-29T11:59:00Z",
  requestId: "req-42",
  resources: ["https://example.com/a", "ipfs://bafy"],
} as const satisfies SignInMessageFields;

/** The smallest caip122 message: no statement, no optional line. */
export const MINIMAL_LINES: readonly string[] = [
  "example.com wants you to sign in with your XRPL account:",
  ADDRESS,
  "",
  "",
  "URI: https://example.com",
  "Version: 1",
  "Chain ID: 0",
  "Nonce: 12345678",
  "Issued At: 2024-01-01T00:00:00Z",
];
export const MINIMAL = MINIMAL_LINES.join("\n");

/** An xrpl-wallet-kit message. */
export const WALLET_KIT_LINES: readonly string[] = [
  "example.com wants you to sign in with your wallet:",
  ADDRESS,
  "",
  "Sign in with your wallet.",
  "",
  "URI: https://example.com",
  "Version: 1",
  "Nonce: 12345678abc",
  "Issued At: 2024-01-01T00:00:00.000Z",
  "Chain ID: xrpl:0",
  "Expiration Time: 2024-01-01T00:05:00.000Z",
];
export const WALLET_KIT = WALLET_KIT_LINES.join("\n");

/**
 * An xrpl-wallet-kit message without a statement, as its front ends write it: ONE blank line after
 * the address, then URI; the chain id as a bare number.
 */
export const WALLET_KIT_PLAIN_LINES: readonly string[] = [
  "localhost:5173 wants you to sign in with your wallet:",
  ADDRESS,
  "",
  "URI: http://localhost:5173",
  "Version: 1",
  "Nonce: 0123456789abcdef",
  "Issued At: 2024-01-01T00:00:00.000Z",
  "Chain ID: 1",
  "Expiration Time: 2024-01-01T01:00:00.000Z",
];
export const WALLET_KIT_PLAIN = WALLET_KIT_PLAIN_LINES.join("\n");

export const BASE_FIELDS: SignInMessageFields = {
  domain: "example.com",
  address: ADDRESS,
  uri: "https://example.com",
  chainId: "xrpl:0",
  nonce: "12345678",
  issuedAt: "2024-01-01T00:00:00Z",
};

/** Replaces line `lineNumber` (1-based) of `lines`. */
export function withLine(lines: readonly string[], lineNumber: number, text: string): string {
  const copy = [...lines];
  copy[lineNumber - 1] = text;
  return copy.join("\n");
}
