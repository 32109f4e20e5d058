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

// Each wallet's chunk: a page that offers every wallet, each SDK loaded with `import()` as the
// client guide shows, bundled with code splitting. The initial load must not grow with the
// wallets; each chunk is what the page downloads when the user picks (or looks for) that wallet.
const WALLET_PAGE = `
import { createAuthController, createHttpAdapter, createGemWallet, createCrossmarkWallet, createXamanWallet, fromWalletKitAdapter, detectWallets } from "sign-in-with-xrpl/client";
export const wallets = () => [
  createGemWallet({ sdk: () => import("@gemwallet/api") }),
  createCrossmarkWallet({ sdk: () => import("@crossmarkio/sdk") }),
  createXamanWallet({ onRequest() {} }),
];
export { createAuthController, createHttpAdapter, fromWalletKitAdapter, detectWallets };
`;
const walletBuild = await build({
  stdin: { contents: WALLET_PAGE, resolveDir: root, sourcefile: "wallet-page.js", loader: "js" },
  bundle: true,
  platform: "browser",
  format: "esm",
  minify: true,
  splitting: true,
  outdir: "out",
  write: false,
  metafile: true,
  logLevel: "silent",
  legalComments: "none",
});
const walletOutputs = walletBuild.metafile.outputs;
const fileOf = (path) => walletBuild.outputFiles.find((file) => file.path.endsWith(path));
const walletEntry = Object.keys(walletOutputs).find((path) => walletOutputs[path].entryPoint !== undefined);
const walletInitial = new Set();
const visitWallet = (path) => {
  if (walletInitial.has(path)) return;
  walletInitial.add(path);
  for (const record of walletOutputs[path].imports)
    if (record.kind === "import-statement" && walletOutputs[record.path]) visitWallet(record.path);
};
visitWallet(walletEntry);
const initialFiles = [...walletInitial].map(fileOf);
const initialMin = initialFiles.reduce((sum, file) => sum + file.contents.length, 0);
const initialGz = initialFiles.reduce((sum, file) => sum + gzipSync(file.contents, { level: 9 }).length, 0);
console.log(`\npage offering every wallet, initial load: ${kb(initialMin)} min, ${kb(initialGz)} gzip`);
console.log(`SIZE client (wallets page, initial) min: ${initialMin} gz: ${initialGz}`);
for (const [name, packageName] of [
  ["GemWallet", "@gemwallet/api"],
  ["Crossmark", "@crossmarkio/sdk"],
]) {
  const chunk = Object.keys(walletOutputs).find(
    (path) =>
      !walletInitial.has(path) && Object.keys(walletOutputs[path].inputs).some((input) => input.includes(`node_modules/${packageName}/`)),
  );
  const file = fileOf(chunk);
  const gz = gzipSync(file.contents, { level: 9 }).length;
  console.log(`${name} chunk (${packageName}, loaded on first use): ${kb(file.contents.length)} min, ${kb(gz)} gzip`);
  console.log(`SIZE wallet chunk ${name} min: ${file.contents.length} gz: ${gz}`);
}
