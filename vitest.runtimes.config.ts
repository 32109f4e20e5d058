import { defineConfig } from "vitest/config";

// The runtime matrix (`npm run test:runtimes`): one file, the runtimes one after another.
export default defineConfig({
  test: {
    include: ["test/runtimes/**/*.test.ts"],
    exclude: ["test/runtimes/node_modules/**"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
