import { build } from "esbuild";
const root = "/work/wt/bundle/";
const WORKER = `
import { compactSignature, createVerifier } from "sign-in-with-xrpl";
import { createFetchHandler } from "sign-in-with-xrpl/fetch";
let auth;
export default { fetch(request, env) { auth ??= createFetchHandler({ verifier: createVerifier({ strategies: [compactSignature({ ledger: "never" })] }), domain: env.APP_DOMAIN, sessionSecret: env.SESSION_SECRET }); return auth.handle(request); } };`;
const r = await build({ stdin: { contents: WORKER, resolveDir: root, sourcefile: "worker.js", loader: "js" }, bundle: true, platform: "browser", conditions: ["workerd","worker","browser"], mainFields: ["browser","module","main"], format: "esm", target: "es2022", minify: true, write: false, metafile: true, logLevel: "silent" });
const m = r.metafile;
// who imports each input
const importers = {};
for (const [file, info] of Object.entries(m.inputs)) for (const i of info.imports) (importers[i.path] ??= []).push(`${file} (${i.kind})`);
for (const f of Object.keys(m.inputs)) if (!f.includes("node_modules/") || /node_modules\/[^/]+\/(dist\/)?[^/]*index|legacy|ed25519|secp256k1/.test(f)) {}
const want = process.argv.slice(2);
for (const [f, imps] of Object.entries(importers)) if (want.some(w => f.includes(w))) console.log(f, "<=", imps.join(", "));
const out = Object.values(m.outputs)[0];
const sorted = Object.entries(out.inputs).sort((a,b)=>b[1].bytesInOutput-a[1].bytesInOutput);
if (want.includes("--all")) for (const [f, i] of sorted) console.log(i.bytesInOutput, f);
