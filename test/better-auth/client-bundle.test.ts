// The client plugin runs in pages: its entry must bundle for the browser without better-auth's
// server code, this library's verifier, or any Node built-in.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { bundleForBrowser, importsOf } from "../support/browser-bundle.js";

describe("sign-in-with-xrpl/better-auth/client stays browser-safe", () => {
  it("bundles for the browser with no Node built-in, no better-auth runtime and no server code", async () => {
    const metafile = await bundleForBrowser(fileURLToPath(new URL("../../src/better-auth/client.ts", import.meta.url)));
    const inputs = Object.keys(metafile.inputs);
    expect(inputs.some((path) => path.endsWith("src/better-auth/client-plugin.ts"))).toBe(true);
    expect(importsOf(metafile).filter((path) => path.startsWith("node:"))).toEqual([]);
    expect(inputs.filter((path) => path.includes("node_modules/better-auth/") || path.includes("node_modules/better-call/"))).toEqual([]);
    expect(inputs.filter((path) => /src\/(server|verify|better-auth\/plugin)/u.test(path))).toEqual([]);
  });
});
