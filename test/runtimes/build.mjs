/**
 * Bundles each runtime's server driver with esbuild. The app's imports of the library's source
 * entries become the published entries (`sign-in-with-xrpl`, `sign-in-with-xrpl/fetch`, ...), so
 * the runtimes run the built package (dist/) as users install it:
 * - Node, Bun, Deno: the library and its dependencies stay imports, resolved by each runtime
 *   from node_modules with its own export conditions;
 * - workerd: one self-contained Worker module, resolved with the conditions a Worker build uses
 *   (`workerd`, `worker`, `browser`). Any Node built-in reached from it fails the build.
 *
 * Plain JavaScript (types in build.d.mts), so the store benchmark (bench/stores.bench.mjs) builds
 * the same Worker and Deno server as the tests.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

export const RUNTIMES_DIR = fileURLToPath(new URL(".", import.meta.url));
export const REPO_ROOT = join(RUNTIMES_DIR, "..", "..");
export const BUILD_DIR = join(RUNTIMES_DIR, ".build");

/** @type {Record<string, string>} */
const PUBLISHED_ENTRIES = {
  [join(REPO_ROOT, "src", "index.ts")]: "sign-in-with-xrpl",
  [join(REPO_ROOT, "src", "fetch", "index.ts")]: "sign-in-with-xrpl/fetch",
  [join(REPO_ROOT, "src", "testing", "index.ts")]: "sign-in-with-xrpl/testing",
  [join(REPO_ROOT, "src", "cloudflare", "index.ts")]: "sign-in-with-xrpl/cloudflare",
  [join(REPO_ROOT, "src", "deno-kv", "index.ts")]: "sign-in-with-xrpl/deno-kv",
};

/**
 * Replaces the source entries by the package's published ones; `external` leaves them to the runtime.
 * @param {boolean} external
 * @returns {import("esbuild").Plugin}
 */
function publishedEntries(external) {
  return {
    name: "published-entries",
    setup(builder) {
      // The Deno guide imports `npm:sign-in-with-xrpl/...`: the runtime resolves the same entry from node_modules.
      if (external) builder.onResolve({ filter: /^npm:sign-in-with-xrpl(\/|$)/ }, (args) => ({ path: args.path.slice(4), external: true }));
      builder.onResolve({ filter: /\/src\/([\w-]+\/)?index\.js$/ }, async (args) => {
        const source = join(args.resolveDir, args.path).replace(/\.js$/, ".ts");
        const specifier = PUBLISHED_ENTRIES[source];
        if (specifier === undefined) return undefined;
        if (external) return { path: specifier, external: true };
        const resolved = await builder.resolve(specifier, { resolveDir: REPO_ROOT, kind: args.kind });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        return { path: resolved.path };
      });
    },
  };
}

/** Writes `.build/<name>.mjs` from `servers/<name>.ts` and answers its path. */
export async function bundleServer(name) {
  return bundleScript(join(RUNTIMES_DIR, "servers", `${name}.ts`), name, name.endsWith("worker"));
}

/**
 * Writes `.build/<name>.mjs` from `entryPoint` and answers its path: a self-contained Worker
 * module (`isWorker`), or a module whose packages stay imports for the runtime to resolve. The
 * package's own name (`sign-in-with-xrpl/...`, as the guides' samples import it) resolves to the
 * built package through its `exports`.
 */
export async function bundleScript(entryPoint, name, isWorker) {
  await mkdir(BUILD_DIR, { recursive: true });
  const outfile = join(BUILD_DIR, `${name}.mjs`);
  await build({
    entryPoints: [entryPoint],
    outfile,
    bundle: true,
    format: "esm",
    target: "es2022",
    logLevel: "silent",
    plugins: [publishedEntries(!isWorker)],
    ...(isWorker
      ? { platform: "browser", conditions: ["workerd", "worker", "browser"], mainFields: ["browser", "module", "main"] }
      : { platform: "node", packages: "external" }),
  });
  return outfile;
}
