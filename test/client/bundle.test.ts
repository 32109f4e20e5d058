import { fileURLToPath } from "node:url";
import { createContext, runInContext } from "node:vm";
import { build, type Metafile } from "esbuild";
import { describe, expect, it } from "vitest";
import { createVerifier } from "../../src/verify/index.js";
import type { VerifyRequest } from "../../src/verify/types.js";
import { bundleForBrowser, importsOf } from "../support/browser-bundle.js";

const entry = fileURLToPath(new URL("../../src/client/index.ts", import.meta.url));

/** The client entry, or a page's own `contents` importing from it, bundled for the browser. */
function bundle(contents?: string): Promise<Metafile> {
  return bundleForBrowser(contents === undefined ? entry : { contents, resolveDir: fileURLToPath(new URL(".", import.meta.url)) });
}

describe("the client entry stays browser-safe", () => {
  it("bundles for the browser without xrpl and without any node: or Node built-in import", async () => {
    const metafile = await bundle();
    const inputs = Object.keys(metafile.inputs);
    expect(inputs.some((path) => path.includes("src/client/controller.ts"))).toBe(true);
    expect(inputs.some((path) => path.includes("node_modules/ripple-keypairs/"))).toBe(true); // the dev wallet's crypto
    expect(inputs.filter((path) => /(^|\/)node_modules\/xrpl\//.test(path))).toEqual([]);
    const imports = importsOf(metafile);
    expect(imports.filter((path) => path.startsWith("node:") || path === "xrpl" || path.startsWith("xrpl/"))).toEqual([]);
    // platform "browser" fails on an unresolvable built-in, so no external ones may remain either
    expect(Object.values(metafile.inputs).flatMap((input) => input.imports.filter((record) => record.external === true))).toEqual([]);
  });

  it("leaves ripple-keypairs and ripple-binary-codec out of a page that uses only the controller and the HTTP adapter", async () => {
    const metafile = await bundle(
      'import { createAuthController, createHttpAdapter } from "../../src/client/index.js"; console.log(createAuthController, createHttpAdapter);',
    );
    // metafile.inputs lists every file parsed; the output's inputs are the ones that kept bytes
    const kept = Object.values(metafile.outputs).flatMap((output) =>
      Object.entries(output.inputs)
        .filter(([, input]) => input.bytesInOutput > 0)
        .map(([path]) => path),
    );
    expect(kept.some((path) => path.includes("src/client/controller.ts"))).toBe(true);
    expect(kept.filter((path) => /node_modules\/(ripple-keypairs|ripple-binary-codec|bignumber\.js|@noble\/curves)\//.test(path))).toEqual(
      [],
    );
  });
});

describe("the browser bundle runs where Node is not", () => {
  it("makes dev wallet proofs the verifier accepts, in a context without Buffer, process or require", async () => {
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      platform: "browser",
      format: "iife",
      globalName: "client",
      write: false,
      logLevel: "silent",
    });
    const context = createContext({
      crypto: globalThis.crypto,
      TextEncoder,
      TextDecoder,
      setTimeout,
      clearTimeout,
      queueMicrotask,
    });
    runInContext(result.outputFiles[0]!.text, context);
    const proofs = runInContext(
      `(async () => {
        const out = [];
        for (const proof of ["signature", "signedTx"]) for (const algorithm of ["ed25519", "ecdsa-secp256k1"]) {
          const wallet = client.createDevWallet({ proof, algorithm });
          const address = await wallet.getAddress();
          const message = client.createMessage({ domain: "example.com", address, uri: "https://example.com",
            chainId: "xrpl:0", nonce: "abcdef123456", issuedAt: "2026-11-21T09:00:00Z" });
          out.push(JSON.stringify({ message, address, ...(await wallet.sign(message)) }));
        }
        return out;
      })()`,
      context,
    ) as Promise<string[]>;
    expect(runInContext("typeof Buffer + typeof process + typeof require", context)).toBe("undefinedundefinedundefined");
    const requests = (await proofs).map((text) => JSON.parse(text) as VerifyRequest);
    expect(requests.map((request) => request.signatureKind)).toEqual(["signature", "signature", "signedTx", "signedTx"]);
    const verifier = createVerifier({
      ledgerReader: { getAccountAuthority: async (account) => ({ account, exists: false, masterDisabled: false }) },
    });
    try {
      for (const request of requests) {
        expect(await verifier.verify(request)).toBe(true);
        expect(await verifier.verify({ ...request, message: `${request.message}.` })).toBe(false);
      }
    } finally {
      await verifier.close();
    }
  });
});
