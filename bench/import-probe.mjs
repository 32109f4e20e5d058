// One fresh-process measurement for bench/import.bench.mjs: how long `import(specifier)` takes,
// and with `--first-check`, how long the first compact-signature check takes after it (what a
// serverless function pays on a cold start). Prints JSON.
const [specifier, mode, requestJson] = process.argv.slice(2);
const started = performance.now();
const module = await import(specifier);
const importMs = performance.now() - started;
let firstCheckMs;
if (mode === "--first-check") {
  const verifier = module.createVerifier({ strategies: [module.compactSignature({ ledger: "never" })] });
  const checkStarted = performance.now();
  const result = await verifier.check(JSON.parse(requestJson));
  firstCheckMs = performance.now() - checkStarted;
  if (!result.ok) throw new Error(`the probe's proof was refused: ${result.code}`);
  await verifier.close();
}
console.log(JSON.stringify({ importMs, firstCheckMs }));
