// Types of scripts/scratch-clone.mjs, for the package tests that import it.
export declare function copyWorkingTree(root: string, destination: string, options?: { withNodeModules?: boolean }): void;
