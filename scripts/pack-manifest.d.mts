// Types of scripts/pack-manifest.mjs, for the package tests that import it.
export type Manifest = Record<string, unknown>;
export declare const REPOSITORY_ONLY_FIELDS: readonly string[];
export declare const SAVED_MANIFEST: string;
export declare function publishedManifest(manifest: Manifest): Manifest;
export declare function builtFiles(manifest: Manifest): string[];
export declare function staleBuildReason(root: string, manifest: Manifest): string | undefined;
export declare function restore(root: string): boolean;
export declare function prepack(root: string): void;
