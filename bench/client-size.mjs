// Size of the BUILT browser entry `sign-in-with-xrpl/client` as a page would ship it: esbuild,
// platform browser, ESM, minified, every dependency bundled. Run `npm run build` first.
// Prints min and gzip bytes for a page that uses every export and for one that uses only the
// controller and the HTTP adapter (what a page with a real wallet ships), and the inputs that
// weigh most.
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { bytesByPackage } from "./bundle-inputs.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));

const PAGES = [
  {
    name: "client (all exports)",
    code: 'export * from "sign-in-with-xrpl/client";',
  },
  {
    name: "client (controller + http adapter only)",
    code: 'export { createAuthController, createHttpAdapter } from "sign-in-with-xrpl/client";',
  },
];

async function bundle(code, splitting) {
  const result = await build({
    stdin: { contents: code, resolveDir: root, sourcefile: "page.js", loader: "js" },
    bundle: true,
    platform: "browser",
    format: "esm",
    minify: true,
    splitting,
    outdir: splitting ? "out" : undefined,
    write: false,
    metafile: true,
    logLevel: "silent",
    legalComments: "none",
  });
  return result;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

for (const page of PAGES) {
  const result = await bundle(page.code, false);
  const output = result.outputFiles[0].contents;
  const min = output.length;
  const gz = gzipSync(output, { level: 9 }).length;
  console.log(`\n${page.name}: ${kb(min)} min, ${kb(gz)} gzip`);
  const top = bytesByPackage(result.metafile).slice(0, 8);
  console.table(top.map(([input, bytes]) => ({ input, "bytes (min, before gzip)": bytes })));
  console.log(`SIZE ${page.name} min: ${min} gz: ${gz}`);
}

// With code splitting (what Vite, Next or webpack do), the dev wallet's crypto becomes a chunk
// loaded on first use: the initial load is the entry plus the chunks it imports statically.
const split = await bundle(PAGES[0].code, true);
const outputs = split.metafile.outputs;
const entryPath = Object.keys(outputs).find((path) => outputs[path].entryPoint !== undefined);
const initial = new Set();
const visit = (path) => {
  if (initial.has(path)) return;
  initial.add(path);
  for (const record of outputs[path].imports) if (record.kind === "import-statement" && outputs[record.path]) visit(record.path);
};
visit(entryPath);
const sizeOf = (paths) =>
  split.outputFiles.filter((file) => paths.some((path) => file.path.endsWith(path))).reduce((sum, file) => sum + file.contents.length, 0);
const initialBytes = sizeOf([...initial]);
const lazyBytes = sizeOf(Object.keys(outputs).filter((path) => !initial.has(path) && !path.endsWith(".map")));
console.log(
  `\nall exports with code splitting: initial ${kb(initialBytes)} min, dev wallet chunks loaded on first use ${kb(lazyBytes)} min`,
);
console.log(`SIZE client (all exports, split, initial) min: ${initialBytes}`);
