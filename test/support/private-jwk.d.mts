/** Types of private-jwk.mjs. */

/** A new private key as a JWK ("ec": the curve given, P-256 by default). */
export function newPrivateJwk(type: "ec" | "ed25519" | "rsa", curve?: string): Record<string, unknown>;
