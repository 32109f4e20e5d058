// Every message layout an @xrpl-wallet-kit/auth front end writes (test/fixtures/wallet-kit) parses
// as the xrpl-wallet-kit dialect, round-trips byte for byte, validates, and verifies with both
// proof kinds. Regenerate the fixture with WRITE_WALLET_KIT_VECTORS=1 (see its README).
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { MessageFormatError } from "../../src/errors.js";
import { createMessage, parseMessage, validateMessage } from "../../src/message/index.js";
import type { SignInMessage, SignInMessageFields } from "../../src/message/types.js";
import { compactSignature, createVerifier, signedTransaction } from "../../src/verify/index.js";
import type { LedgerReader } from "../../src/verify/types.js";
import type { WalletKitMessageParams } from "../fixtures/wallet-kit/format.js";
import { buildWalletKitVectors, type WalletKitVectors } from "../fixtures/wallet-kit/vectors.js";

const FIXTURE = fileURLToPath(new URL("../fixtures/wallet-kit/vectors.json", import.meta.url));
const serialized = (vectors: WalletKitVectors): string => `${JSON.stringify(vectors, null, 2)}\n`;
if (process.env.WRITE_WALLET_KIT_VECTORS === "1") writeFileSync(FIXTURE, serialized(buildWalletKitVectors()));
const fixture = JSON.parse(readFileSync(FIXTURE, "utf8")) as WalletKitVectors;
const { vectors } = fixture;

/** What parseMessage must answer for a message wallet-kit wrote from `params`. */
function expectedMessage(params: WalletKitMessageParams): SignInMessage {
  const { address, nonce, domain, uri, chainId, statement, issuedAt, expirationTime } = params;
  return {
    dialect: "xrpl-wallet-kit",
    domain,
    address,
    ...(statement === undefined ? {} : { statement }),
    uri,
    version: "1",
    ...(chainId === undefined
      ? {}
      : {
          chainId: chainId.startsWith("xrpl:") ? chainId : `xrpl:${chainId}`,
          chainIdForm: chainId.startsWith("xrpl:") ? "caip2" : "bare",
        }),
    nonce,
    issuedAt,
    ...(expirationTime === undefined ? {} : { expirationTime }),
  };
}

/** The ledger the signed-transaction proofs are checked against: both test accounts, master keys on. */
const ledgerReader: LedgerReader = {
  getAccountAuthority: (address) =>
    Promise.resolve(
      vectors.some((vector) => vector.proofs.signature.address === address)
        ? { account: address, exists: true, masterDisabled: false }
        : { account: address, exists: false, masterDisabled: false },
    ),
  getNetworkId: () => Promise.resolve(0),
};
const verifier = createVerifier({ ledgerReader, strategies: [compactSignature({ ledger: "never" }), signedTransaction()] });
afterAll(() => verifier.close());

describe("the wallet-kit fixture", () => {
  it("is exactly what the transcribed wallet-kit formatter and the two wallet kinds write", () => {
    expect(readFileSync(FIXTURE, "utf8")).toBe(serialized(buildWalletKitVectors()));
  });

  it("covers statement or not, each chain id form, expiration or not, a domain with and without port, both key types", () => {
    const seen = (pick: (vector: (typeof vectors)[number]) => unknown) => new Set(vectors.map(pick));
    expect(vectors).toHaveLength(24);
    expect(seen((vector) => vector.params.statement !== undefined)).toEqual(new Set([true, false]));
    expect(seen((vector) => vector.params.chainId)).toEqual(new Set([undefined, "xrpl:0", "0"]));
    expect(seen((vector) => vector.params.expirationTime !== undefined)).toEqual(new Set([true, false]));
    expect(seen((vector) => vector.params.domain)).toEqual(new Set(["example.com", "localhost:5173"]));
    expect(seen((vector) => vector.algorithm)).toEqual(new Set(["ed25519", "secp256k1"]));
    expect(new Set(vectors.map((vector) => vector.message)).size).toBe(vectors.length);
  });

  it("holds the no-statement layout wallet-kit writes: one blank line, then URI", () => {
    const plain = vectors.find((vector) => vector.params.statement === undefined)!;
    expect(plain.message.split("\n").slice(2, 4)).toEqual(["", `URI: ${plain.params.uri}`]);
  });
});

describe.each(vectors.map((vector) => [vector.name, vector] as const))("wallet-kit message: %s", (_name, vector) => {
  const { message, params } = vector;

  it("parses as xrpl-wallet-kit with exactly the fields wallet-kit wrote", () => {
    expect(parseMessage(message, { dialects: ["xrpl-wallet-kit"] })).toEqual(expectedMessage(params));
    expect(parseMessage(message)).toEqual(expectedMessage(params));
  });

  it("round-trips byte for byte, and createMessage writes the same text from wallet-kit's parameters", () => {
    expect(createMessage(parseMessage(message))).toBe(message);
    // Cast: wallet-kit's parameters may lack a chain id, which only the SignInMessage shape types.
    expect(createMessage({ ...params, dialect: "xrpl-wallet-kit" } as SignInMessageFields)).toBe(message);
  });

  it("is refused when only caip122 is accepted", () => {
    let thrown: unknown;
    try {
      parseMessage(message, { dialects: ["caip122"] });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(MessageFormatError);
    expect((thrown as MessageFormatError).issues.map(({ code, line }) => ({ code, line }))).toEqual([
      { code: "dialect_not_accepted", line: 1 },
    ]);
  });

  it("validates against its domain, nonce and address two seconds after it was issued", () => {
    const options = {
      domain: params.domain,
      nonce: params.nonce,
      address: params.address,
      now: Date.parse(params.issuedAt) + 2_000,
      ...(params.chainId === undefined ? {} : { chainId: "xrpl:0" }),
    };
    expect(validateMessage(parseMessage(message), options)).toEqual({ valid: true });
    expect(validateMessage(parseMessage(message), { ...options, nonce: "someothernonce1" })).toMatchObject({ code: "nonce_mismatch" });
  });

  it("verifies with its compact signature and with its signed transaction", async () => {
    expect(await verifier.verify({ message, ...vector.proofs.signature })).toBe(true);
    expect(await verifier.verify({ message, ...vector.proofs.signedTx })).toBe(true);
    // The proofs sign this exact text: the same fields in the caip122 layout do not verify.
    const rewritten = createMessage({ ...parseMessage(message), dialect: "caip122", chainId: "xrpl:0" });
    expect(await verifier.verify({ message: rewritten, ...vector.proofs.signature })).toBe(false);
  });
});
