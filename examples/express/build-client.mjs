// Bundles the demo page script (client/demo.mjs) into public/client.js for the browser, with each
// wallet SDK (imported with `import()` on first use) as a chunk of its own in public/chunks/.
// The script imports the library by its package name, `sign-in-with-xrpl/client`, exactly as an
// application would; the name resolves through the workspace link to the built package, so run
// `npm run build` at the repository root first (the root `npm start` does).
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

try {
  rmSync(here("./public/chunks"), { recursive: true, force: true });
  await build({
    entryPoints: { client: here("./client/demo.mjs") },
    outdir: here("./public"),
    chunkNames: "chunks/[name]-[hash]",
    splitting: true,
    bundle: true,
    format: "esm",
    platform: "browser",
    target: ["es2022"],
    sourcemap: true,
    minify: process.env.NODE_ENV === "production",
    legalComments: "none",
    logLevel: "warning",
    // The package's shared chunks are imported for order only and it declares itself free of
    // side effects, so esbuild rightly drops those imports; it says so once per chunk, which is
    // noise, not a problem. An application bundling sign-in-with-xrpl/client can do the same.
    logOverride: { "ignored-bare-import": "silent" },
  });
} catch {
  // esbuild has already printed the details; say what is most often missing.
  console.error("build-client: could not bundle client/demo.mjs. Is the library built (`npm run build` at the repository root)?");
  process.exitCode = 1;
}
