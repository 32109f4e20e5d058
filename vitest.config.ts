import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    exclude: ["test/e2e/**", "test/runtimes/**", "node_modules/**"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    coverage: {
      provider: "v8",
      include: ["src/**/*.ts"],
      reporter: ["text-summary", "json-summary"],
      // CI fails below these. Code run only in child processes (the examples, the CLI) is
      // measured by its own tests, so the floor is what the in-process tests reach.
      thresholds: { statements: 85, branches: 80, functions: 85, lines: 85 },
    },
  },
});
