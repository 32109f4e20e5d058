// An @xrpl-wallet-kit/auth front end signs in unchanged: its message without a statement (one blank
// line, then URI) goes through createAuthHandlers over real HTTP on 127.0.0.1, with the real
// verifier, for both proof kinds wallet-kit wallets return, and the session then knows the address.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import session from "express-session";
import { sign } from "ripple-keypairs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSignInTransaction } from "../../src/client/transaction.js";
import {
  createAuthHandlers,
  createMemoryNonceStore,
  expressSessionStore,
  sessionCookieOptions,
  type AuthHandlers,
} from "../../src/server/index.js";
import { compactSignature, createVerifier, signedTransaction } from "../../src/verify/index.js";
import type { LedgerReader, Verifier } from "../../src/verify/types.js";
import { formatWalletKitMessage, walletKitSignInParams } from "../fixtures/wallet-kit/format.js";
import { createCookieJar } from "../support/cookie-jar.js";
import { SEEDS, utf8Hex, walletFor, walletSignedTx } from "../verify/proofs.js";
import { recordingLogger, T0 } from "./support.js";

/** The page the wallet-kit front end runs on: a dev server with a port, as `location.host` gives it. */
const PAGE = { host: "localhost:5173", origin: "http://localhost:5173" };
const SECRET = "a wallet-kit http test secret, at least 32 characters";
const wallet = walletFor("secp256k1", SEEDS.secp256k1);

/** Both test accounts exist with their master key enabled. */
const ledgerReader: LedgerReader = {
  getAccountAuthority: (address) => Promise.resolve({ account: address, exists: address === wallet.classicAddress, masterDisabled: false }),
  getNetworkId: () => Promise.resolve(0),
};

let verifier: Verifier;
let server: Server;
let base: string;

function app(handlers: AuthHandlers) {
  const cookie = sessionCookieOptions({ sessionKind: "server-store", production: false, name: "wk.sid" });
  const routes = express();
  routes.use(express.json(), session({ ...cookie, secret: SECRET, resave: false, saveUninitialized: false }));
  routes.get("/api/auth/nonce", async (req, res) => {
    const { status, body } = await handlers.nonce(expressSessionStore(req));
    res.status(status).json(body);
  });
  routes.post("/api/auth/verify", async (req, res) => {
    const { status, body } = await handlers.verify(expressSessionStore(req), { body: req.body, host: req.headers.host });
    res.status(status).json(body);
  });
  routes.get("/api/me", async (req, res) => {
    const { status, body } = await handlers.me(expressSessionStore(req));
    res.status(status).json(body);
  });
  return routes;
}

beforeAll(async () => {
  verifier = createVerifier({ ledgerReader, strategies: [compactSignature({ ledger: "never" }), signedTransaction()] });
  const handlers = createAuthHandlers({
    verifier,
    sessionKind: "server-store",
    domain: PAGE.host,
    now: () => T0,
    nonceStore: createMemoryNonceStore({ now: () => T0 }),
    logger: recordingLogger(),
  });
  server = createServer(app(handlers));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await verifier.close();
});

/** What wallet-kit's `verify` adapter posts: its sign-in result, JSON-encoded (undefined keys drop out). */
function verifyBody(message: string, kind: "signature" | "signedTx"): Record<string, unknown> {
  if (kind === "signature") {
    const signature = sign(utf8Hex(message), wallet.privateKey);
    return { message, signatureKind: kind, proof: signature, signature, address: wallet.classicAddress, publicKey: wallet.publicKey };
  }
  const txBlob = walletSignedTx(
    wallet,
    buildSignInTransaction({ account: wallet.classicAddress, message }) as unknown as Record<string, unknown>,
  );
  return { message, signatureKind: kind, proof: txBlob, txBlob, address: wallet.classicAddress };
}

describe("a wallet-kit front end without a statement, over HTTP", () => {
  it.each(["signature", "signedTx"] as const)("signs in with a %s proof, and /api/me answers the address", async (kind) => {
    const jar = createCookieJar();
    const nonceResponse = await jar.fetch(`${base}/api/auth/nonce`);
    expect(nonceResponse.status).toBe(200);
    const { nonce } = (await nonceResponse.json()) as { nonce: string };

    const message = formatWalletKitMessage(
      walletKitSignInParams({ address: wallet.classicAddress, nonce, nowMs: T0, location: PAGE, options: { chainId: "xrpl:0" } }),
    );
    expect(message.split("\n").slice(2, 4)).toEqual(["", `URI: ${PAGE.origin}`]);

    const verified = await jar.fetch(`${base}/api/auth/verify`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(verifyBody(message, kind)),
    });
    expect({ status: verified.status, body: await verified.json() }).toEqual({
      status: 200,
      body: { ok: true, address: wallet.classicAddress },
    });

    const me = await jar.fetch(`${base}/api/me`);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ address: wallet.classicAddress });
  });
});
