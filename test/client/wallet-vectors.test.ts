// The wallet conformance vectors (test/fixtures/wallets): each is rebuilt byte for byte, and the
// library's verifier accepts exactly the ones a wallet's sign-in proof should pass: GemWallet's and
// Crossmark's message signatures, Xaman's SignIn blob, the sign-in transaction a wallet-kit adapter
// signs; Otsu's message signature (double SHA-256, compact, secp256k1) is refused. Rewrite the
// fixture with WRITE_WALLET_VECTORS=1.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { compactSignature, createVerifier, signedTransaction } from "../../src/verify/index.js";
import type { LedgerReader } from "../../src/verify/types.js";
import { buildWalletVectors, type WalletVectors } from "../fixtures/wallets/vectors.js";

const FIXTURE = fileURLToPath(new URL("../fixtures/wallets/vectors.json", import.meta.url));
const serialized = (vectors: WalletVectors): string => `${JSON.stringify(vectors, null, 2)}\n`;
if (process.env.WRITE_WALLET_VECTORS === "1") writeFileSync(FIXTURE, serialized(buildWalletVectors()));
const fixture = JSON.parse(readFileSync(FIXTURE, "utf8")) as WalletVectors;

/** Both test accounts exist, master key enabled. */
const ledgerReader: LedgerReader = {
  getAccountAuthority: (address) => Promise.resolve({ account: address, exists: true, masterDisabled: false }),
  getNetworkId: () => Promise.resolve(0),
};
const verifier = createVerifier({ ledgerReader, strategies: [compactSignature({ ledger: "never" }), signedTransaction()] });
afterAll(() => verifier.close());

describe("the wallet conformance fixture", () => {
  it("is exactly what the wallets' signing code makes", () => {
    expect(readFileSync(FIXTURE, "utf8")).toBe(serialized(buildWalletVectors()));
  });

  it("covers every wallet with both curves (Otsu's secp256k1-only message signature aside)", () => {
    const rows = new Set(fixture.vectors.map((vector) => `${vector.wallet} ${vector.curve}`));
    for (const wallet of ["gemwallet", "crossmark", "xaman", "otsu (wallet-kit, signTransaction)"]) {
      expect(rows).toContain(`${wallet} ed25519`);
      expect(rows).toContain(`${wallet} secp256k1`);
    }
    expect(rows).toContain("otsu (wallet-kit, signMessage) secp256k1");
  });
});

describe.each(fixture.vectors.map((vector) => [`${vector.wallet}, ${vector.curve}`, vector] as const))("%s", (_name, vector) => {
  it(vector.accepted ? "is a proof the verifier accepts" : "is refused by the verifier", async () => {
    const result = await verifier.check({ message: vector.message, address: vector.address, ...vector.proof });
    expect(result.ok).toBe(vector.accepted);
    if (result.ok) expect(result.address).toBe(vector.address);
  });

  it("is refused for another message", async () => {
    const other = vector.message.replace("Sign in to Example.", "Sign in to Elsewhere.");
    expect(await verifier.verify({ message: other, address: vector.address, ...vector.proof })).toBe(false);
  });
});
