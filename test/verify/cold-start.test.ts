/**
 * What importing the main entry loads: only the library's own code. The pure-JavaScript curves,
 * the WebSocket client and the ledger connection are loaded by dynamic import when a proof first
 * needs them, and no XRPL codec is loaded at all (the library reads transactions itself), so a server that only checks master-key signatures (or
 * a serverless function on a cold start) never pays for them. esbuild's metafile of a bundle of
 * src/index.ts, with every package left external, gives the static import graph.
 */
import { resolve } from "node:path";
import { build, type Metafile } from "esbuild";
import { describe, expect, it } from "vitest";

const LAZY_PACKAGES = ["xrpl", "ripple-binary-codec", "ripple-keypairs", "ripple-address-codec", "@noble/curves", "@noble/hashes", "ws"];

async function mainEntryGraph(): Promise<Metafile> {
  const result = await build({
    entryPoints: { index: resolve("src/index.ts") },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "neutral",
    packages: "external",
    outdir: "out",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  return result.metafile;
}

/** Every import reached from the entry through static imports only, and the source files they carry. */
function staticallyLoaded(metafile: Metafile): { packages: Set<string>; sources: Set<string>; dynamic: Set<string> } {
  const entry = Object.keys(metafile.outputs).find((path) => metafile.outputs[path]!.entryPoint !== undefined)!;
  const packages = new Set<string>();
  const sources = new Set<string>();
  const dynamic = new Set<string>();
  const seen = new Set<string>();
  const visit = (output: string): void => {
    if (seen.has(output)) return;
    seen.add(output);
    const chunk = metafile.outputs[output]!;
    for (const input of Object.keys(chunk.inputs)) sources.add(input);
    for (const imported of chunk.imports) {
      if (imported.kind === "dynamic-import") dynamic.add(imported.path);
      else if (imported.external) packages.add(imported.path);
      else visit(imported.path);
    }
  };
  visit(entry);
  return { packages, sources, dynamic };
}

describe("cold start of the main entry", () => {
  it("imports no XRPL, curve or WebSocket package statically", async () => {
    const { packages } = staticallyLoaded(await mainEntryGraph());
    const heavy = [...packages].filter((name) => LAZY_PACKAGES.some((lazy) => name === lazy || name.startsWith(`${lazy}/`)));
    expect(heavy).toEqual([]);
  });

  it("loads the ledger connection and the curve code only through dynamic imports", async () => {
    const metafile = await mainEntryGraph();
    const { sources, dynamic } = staticallyLoaded(metafile);
    for (const lazy of ["ledger-connection.ts", "rpc-socket.ts", "noble-crypto.ts", "secp256k1-recovery.ts"]) {
      expect([...sources].filter((source) => source.endsWith(`src/verify/${lazy}`))).toEqual([]);
    }
    // The dynamic chunks exist, so the test above is not passing because the code is gone.
    const dynamicSources = [...dynamic].flatMap((output) => Object.keys(metafile.outputs[output]?.inputs ?? {}));
    for (const lazy of ["ledger-connection.ts", "noble-crypto.ts", "secp256k1-recovery.ts"]) {
      expect(dynamicSources.some((source) => source.endsWith(`src/verify/${lazy}`))).toBe(true);
    }
  });

  it("reaches no XRPL codec, statically or dynamically", async () => {
    const metafile = await mainEntryGraph();
    const imported = Object.values(metafile.outputs).flatMap((output) => output.imports.map((entry) => entry.path));
    expect(imported.filter((path) => /^(ripple-binary-codec|ripple-address-codec|ripple-keypairs|xrpl)(\/|$)/u.test(path))).toEqual([]);
  });
});
