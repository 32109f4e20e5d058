/**
 * What a client of the examples does, with real keys: ask for a nonce, build the sign-in message,
 * sign it (compact signature with ripple-keypairs, or an AccountSet signed by an xrpl.js
 * Wallet), post the proof. Shared by the example tests.
 */
import { deriveAddress, deriveKeypair, generateSeed, sign } from "ripple-keypairs";
import { Wallet, type AccountSet } from "xrpl";
import { createMessage, type SessionKind, type SignInMessageFields } from "../../src/index.js";
import type { CookieJar } from "../support/cookie-jar.js";

/** The domain the tests start the examples with (APP_DOMAIN) and sign messages for. */
export const APP_DOMAIN = "localhost";

export interface KeyAccount {
  address: string;
  publicKey: string;
  privateKey: string;
}

/** A fresh key pair and its classic address. */
export function newKeyAccount(algorithm: "ed25519" | "ecdsa-secp256k1" = "ed25519"): KeyAccount {
  const { publicKey, privateKey } = deriveKeypair(generateSeed({ algorithm }));
  return { address: deriveAddress(publicKey), publicKey, privateKey };
}

export function utf8Hex(text: string): string {
  return Buffer.from(text, "utf8").toString("hex").toUpperCase();
}

/** A canonical sign-in message for `address` and `nonce`, issued now; `overrides` change any field. */
export function signInMessage(address: string, nonce: string, overrides: Partial<SignInMessageFields> = {}): string {
  return createMessage({
    domain: APP_DOMAIN,
    address,
    statement: "Sign in to the example.",
    uri: `http://${APP_DOMAIN}`,
    chainId: "xrpl:0",
    nonce,
    issuedAt: new Date(),
    ...overrides,
  });
}

/** The verify body of a compact signature over `message`. */
export function signatureProof(message: string, account: KeyAccount, withPublicKey = true): Record<string, string> {
  const signature = sign(utf8Hex(message), account.privateKey);
  return {
    message,
    signatureKind: "signature",
    signature,
    address: account.address,
    ...(withPublicKey ? { publicKey: account.publicKey } : {}),
  };
}

/** The verify body of an AccountSet carrying `message` in its first memo, signed by `wallet`. */
export function signedTxProof(message: string, wallet: Wallet): Record<string, string> {
  const transaction: AccountSet = {
    TransactionType: "AccountSet",
    Account: wallet.classicAddress,
    Sequence: 0,
    Fee: "0",
    Memos: [{ Memo: { MemoData: utf8Hex(message) } }],
  };
  const { tx_blob } = wallet.sign(transaction);
  return { message, signatureKind: "signedTx", txBlob: tx_blob, address: wallet.classicAddress };
}

export function newWallet(algorithm: "ed25519" | "ecdsa-secp256k1" = "ed25519"): Wallet {
  return Wallet.generate(algorithm as Parameters<typeof Wallet.generate>[0]);
}

/** The routes of one example: the Express example answers "me" at /api/me, the Next example at /api/auth/me. */
export interface Routes {
  nonce: string;
  verify: string;
  signOut: string;
  me: string;
}

export function routesOf(baseUrl: string, sessionKind: SessionKind): Routes {
  return {
    nonce: `${baseUrl}/api/auth/nonce`,
    verify: `${baseUrl}/api/auth/verify`,
    signOut: `${baseUrl}/api/auth/signout`,
    me: sessionKind === "server-store" ? `${baseUrl}/api/me` : `${baseUrl}/api/auth/me`,
  };
}

export interface JsonAnswer {
  status: number;
  body: Record<string, unknown>;
  contentType: string;
  response: Response;
}

/** Reads an answer that must be JSON (fails the test otherwise). */
export async function readJson(response: Response): Promise<JsonAnswer> {
  const text = await response.text();
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new Error(`expected JSON, got ${response.status} ${response.headers.get("content-type")}: ${text.slice(0, 200)}`);
  }
  return { status: response.status, body, contentType: response.headers.get("content-type") ?? "", response };
}

export async function getNonce(jar: CookieJar, routes: Routes): Promise<string> {
  const answer = await readJson(await jar.fetch(routes.nonce));
  if (answer.status !== 200 || typeof answer.body.nonce !== "string") {
    throw new Error(`nonce: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.body.nonce;
}

/** POSTs `body` as JSON (or a raw string as is, with `contentType`). */
export async function postVerify(
  jar: CookieJar,
  routes: Routes,
  body: unknown,
  options: { raw?: string; contentType?: string } = {},
): Promise<JsonAnswer> {
  const payload = options.raw ?? JSON.stringify(body);
  return readJson(
    await jar.fetch(routes.verify, {
      method: "POST",
      headers: { "content-type": options.contentType ?? "application/json" },
      body: payload,
    }),
  );
}

export async function getMe(jar: CookieJar, routes: Routes): Promise<JsonAnswer> {
  return readJson(await jar.fetch(routes.me));
}

export async function postSignOut(jar: CookieJar, routes: Routes): Promise<JsonAnswer> {
  return readJson(await jar.fetch(routes.signOut, { method: "POST" }));
}

/** Nonce, message, compact signature, verify: the answer of the verify step. */
export async function signInBySignature(
  jar: CookieJar,
  routes: Routes,
  account: KeyAccount = newKeyAccount(),
): Promise<JsonAnswer & { address: string }> {
  const nonce = await getNonce(jar, routes);
  const answer = await postVerify(jar, routes, signatureProof(signInMessage(account.address, nonce), account));
  return { ...answer, address: account.address };
}

/**
 * Nonce, message, an AccountSet signed by a new wallet that `node` knows, verify: the answer, the
 * address, and how many `account_info` look-ups the node received meanwhile (the key authority
 * must come from the ledger).
 */
export async function signInBySignedTransaction(
  jar: CookieJar,
  routes: Routes,
  node: { setAccount(address: string, account: object): void; requestCount(command: string): number },
  algorithm: "ed25519" | "ecdsa-secp256k1" = "ed25519",
): Promise<JsonAnswer & { address: string; ledgerLookups: number }> {
  const wallet = newWallet(algorithm);
  node.setAccount(wallet.classicAddress, {});
  const before = node.requestCount("account_info");
  const nonce = await getNonce(jar, routes);
  const answer = await postVerify(jar, routes, signedTxProof(signInMessage(wallet.classicAddress, nonce), wallet));
  return { ...answer, address: wallet.classicAddress, ledgerLookups: node.requestCount("account_info") - before };
}

/**
 * Sends one request with headers `fetch` cannot set (`Host`), through node:http, carrying the
 * jar's cookies and storing the answer's `Set-Cookie`. The answer must be JSON. `localAddress`
 * picks the socket's source address (any of 127.0.0.0/8 reaches a server on 127.0.0.1), so a
 * test can be a second client.
 */
export async function rawRequest(
  jar: CookieJar,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown; localAddress?: string } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const { request } = await import("node:http");
  const { parseSetCookie, isDeletion } = await import("../support/cookie-jar.js");
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { ...options.headers };
  const cookie = jar.header();
  if (cookie !== "") headers.cookie = cookie;
  if (payload !== undefined) {
    headers["content-type"] = "application/json";
    headers["content-length"] = String(Buffer.byteLength(payload));
  }
  return await new Promise((resolve, reject) => {
    const connection = options.localAddress === undefined ? {} : { localAddress: options.localAddress };
    const outgoing = request(url, { method: options.method ?? "GET", headers, ...connection }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("end", () => {
        for (const raw of incoming.headers["set-cookie"] ?? []) {
          const parsed = parseSetCookie(raw);
          if (isDeletion(parsed)) jar.delete(parsed.name);
          else jar.set(parsed.name, parsed.value);
        }
        const text = Buffer.concat(chunks).toString("utf8");
        try {
          resolve({ status: incoming.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> });
        } catch {
          reject(new Error(`expected JSON, got ${incoming.statusCode}: ${text.slice(0, 200)}`));
        }
      });
      incoming.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end(payload);
  });
}
