/**
 * What a page's bundler makes of one of the library's browser entries: esbuild with platform
 * "browser" (an unresolvable Node built-in fails the build), ESM, in memory, with the metafile the
 * bundle tests read the inputs and imports from.
 */
import { build, type Metafile } from "esbuild";

/**
 * Bundles the file `entry`, or TypeScript `contents` resolved from `resolveDir`, for the browser.
 *
 * @example
 * ```ts
 * const metafile = await bundleForBrowser(fileURLToPath(new URL("../../src/client/index.ts", import.meta.url)));
 * ```
 */
export async function bundleForBrowser(source: string | { contents: string; resolveDir: string }): Promise<Metafile> {
  const result = await build({
    ...(typeof source === "string" ? { entryPoints: [source] } : { stdin: { ...source, loader: "ts" } }),
    bundle: true,
    platform: "browser",
    format: "esm",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  return result.metafile;
}

/**
 * Every import path the bundled files name, kept or resolved.
 *
 * @example
 * ```ts
 * expect(importsOf(metafile).filter((path) => path.startsWith("node:"))).toEqual([]);
 * ```
 */
export function importsOf(metafile: Metafile): string[] {
  return Object.values(metafile.inputs).flatMap((input) => input.imports.map((record) => record.path));
}
