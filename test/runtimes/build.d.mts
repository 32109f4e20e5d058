/** Types of build.mjs. */
export const RUNTIMES_DIR: string;
export const REPO_ROOT: string;
export const BUILD_DIR: string;

/** The server drivers in servers/: each runtime's own, and the shared-store ones. */
export type ServerBundle = "node" | "bun" | "deno" | "worker" | "shared-store-worker" | "shared-store-deno";

export function bundleServer(name: ServerBundle): Promise<string>;
export function bundleScript(entryPoint: string, name: string, isWorker: boolean): Promise<string>;
