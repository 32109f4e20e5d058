/** Types of build-options.mjs, for the bundle test that builds the benchmark's Worker. */
import type { BuildOptions } from "esbuild";

export const WORKER_ENTRY: string;
export function workerBuildOptions(minify: boolean): BuildOptions & { entryPoints: string[]; write: false; metafile: true };
export function unwantedWorkerInputs(inputs: readonly string[]): string[];
