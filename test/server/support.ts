import { deriveAddress, deriveKeypair, generateSeed, sign } from "ripple-keypairs";
import { createMessage } from "../../src/message/index.js";
import { createAuthHandlers } from "../../src/server/handlers.js";
import type { HandlerResult, NonceStore } from "../../src/server/types.js";
import type { Logger } from "../../src/shared/logger.js";
import { createMemorySessionStore } from "../../src/testing/memory-session-store.js";
import { compactSignature, createVerifier } from "../../src/verify/index.js";
import type { Verifier, VerifyRequest } from "../../src/verify/types.js";

export const T0 = Date.parse("2026-03-01T12:00:00.000Z");

/** A key pair made by ripple-keypairs, as a wallet would hold it. */
export function makeAccount(algorithm: "ed25519" | "ecdsa-secp256k1" = "ed25519") {
  const { publicKey, privateKey } = deriveKeypair(generateSeed({ algorithm }));
  return { publicKey, privateKey, address: deriveAddress(publicKey) };
}

export type Account = ReturnType<typeof makeAccount>;

export interface MessageInput {
  account: Account;
  nonce: string;
  issuedAtMs: number;
  domain?: string;
  chainId?: string;
  expirationTimeMs?: number;
}

export function buildMessage({
  account,
  nonce,
  issuedAtMs,
  domain = "example.com",
  chainId = "xrpl:0",
  expirationTimeMs,
}: MessageInput): string {
  return createMessage({
    domain,
    address: account.address,
    statement: "Sign in to Example.",
    uri: `https://${domain}/login`,
    chainId,
    nonce,
    issuedAt: new Date(issuedAtMs),
    ...(expirationTimeMs === undefined ? {} : { expirationTime: new Date(expirationTimeMs) }),
  });
}

/** The POST verify body a browser sends after the wallet signed `message` (compact signature). */
export function signedBody(account: Account, message: string): Record<string, unknown> {
  const signature = sign(Buffer.from(message, "utf8").toString("hex").toUpperCase(), account.privateKey);
  return { message, signatureKind: "signature", signature, publicKey: account.publicKey, address: account.address };
}

/**
 * A Verifier whose answers the test scripts: `true`/`false`, or an error to throw. It records
 * every request. Only for the handler tests, where the point is what the handlers do with each
 * answer; proofs themselves are checked by the real verifier elsewhere.
 */
export function scriptedVerifier(answer: boolean | Error = true) {
  const calls: VerifyRequest[] = [];
  let next: boolean | Error = answer;
  const verifier: Verifier & { calls: VerifyRequest[]; answer(value: boolean | Error): void } = {
    calls,
    answer(value) {
      next = value;
    },
    async verify(request) {
      calls.push(request);
      await new Promise((resolve) => setImmediate(resolve));
      if (next instanceof Error) throw next;
      return next;
    },
    async check(request) {
      const ok = await verifier.verify(request);
      return ok
        ? {
            ok,
            address: request.address,
            signatureKind: request.signatureKind,
            authority: "master",
            publicKey: request.publicKey ?? null,
            algorithm: null,
          }
        : { ok, code: "invalid_signature", detail: "The scripted verifier refused the proof." };
    },
    async close() {},
  };
  return verifier;
}

/** A logger that keeps every line; with `{ debug: true }` it has a `debug` method too (like `console`). */
export function recordingLogger(options: { debug?: boolean } = {}) {
  const entries: { level: "warn" | "error" | "debug"; message: string; details: unknown[] }[] = [];
  const logger: Logger & { entries: typeof entries } = {
    entries,
    warn: (message, ...details) => void entries.push({ level: "warn", message, details }),
    error: (message, ...details) => void entries.push({ level: "error", message, details }),
  };
  if (options.debug === true) logger.debug = (message, ...details) => void entries.push({ level: "debug", message, details });
  return logger;
}

/**
 * Two handler sets (two servers) sharing the given nonce stores, and 20 verify requests of one
 * signed message racing across them, each with a copy of the pre-sign-in cookie as a replaying
 * attacker would send. Resolves the 20 answers.
 */
export async function raceVerifiesAcrossTwoServers(nonceStores: readonly [NonceStore, NonceStore]): Promise<HandlerResult[]> {
  const verifier = createVerifier({ nodeUrl: "ws://127.0.0.1:9", strategies: [compactSignature({ ledger: "never" })] });
  try {
    const servers = nonceStores.map((nonceStore) =>
      createAuthHandlers({ verifier, sessionKind: "sealed-cookie", domain: "example.com", nonceStore }),
    );
    const session = createMemorySessionStore();
    const account = makeAccount();
    const { body } = await servers[0]!.nonce(session);
    const message = buildMessage({ account, nonce: body.nonce as string, issuedAtMs: Date.now() });
    const snapshot = await session.get();
    return await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        servers[index % 2]!.verify(createMemorySessionStore(snapshot), { body: signedBody(account, message) }),
      ),
    );
  } finally {
    await verifier.close();
  }
}
