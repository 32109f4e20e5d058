// Bundles the interaction page script (client/interaction.mjs) into public/client.js for the
// browser. It imports the library by its package name, `sign-in-with-xrpl/client`, as an
// application would; run `npm run build` at the repository root first (`npm run example:oidc` does).
import { build } from "esbuild";
import { fileURLToPath } from "node:url";

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

try {
  await build({
    entryPoints: [here("./client/interaction.mjs")],
    outfile: here("./public/client.js"),
    bundle: true,
    format: "esm",
    platform: "browser",
    target: ["es2022"],
    sourcemap: true,
    minify: process.env.NODE_ENV === "production",
    legalComments: "none",
    logLevel: "warning",
    // The package declares itself free of side effects: esbuild drops its order-only chunk
    // imports and would say so once per chunk (see examples/express/build-client.mjs).
    logOverride: { "ignored-bare-import": "silent" },
  });
} catch {
  console.error("build-client: could not bundle client/interaction.mjs. Is the library built (`npm run build` at the repository root)?");
  process.exitCode = 1;
}
