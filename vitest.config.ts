import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const source = (file: string): string => fileURLToPath(new URL(`./src/${file}`, import.meta.url));

export default defineConfig({
  // Example code imports the package by name, as users write it; tests run it on the sources.
  resolve: {
    alias: [
      { find: /^sign-in-with-xrpl$/, replacement: source("index.ts") },
      { find: /^sign-in-with-xrpl\/client$/, replacement: source("client/index.ts") },
      { find: /^sign-in-with-xrpl\/better-auth$/, replacement: source("better-auth/index.ts") },
      { find: /^sign-in-with-xrpl\/better-auth\/client$/, replacement: source("better-auth/client.ts") },
      { find: /^sign-in-with-xrpl\/oidc$/, replacement: source("oidc/index.ts") },
      { find: /^sign-in-with-xrpl\/(fastify|koa|express|hono|testing|fetch)$/, replacement: source("$1/index.ts") },
    ],
  },
  test: {
    include: ["test/**/*.test.ts"],
    exclude: ["test/e2e/**", "test/runtimes/**", "node_modules/**"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    coverage: {
      provider: "v8",
      include: ["src/**/*.ts"],
      // These stores run only inside workerd and Deno, where the runtime tests (test/runtimes,
      // npm run test:runtimes) check them; Node's coverage cannot see into those runtimes.
      exclude: ["src/cloudflare/**", "src/deno-kv/**"],
      reporter: ["text-summary", "json-summary"],
      // CI fails below these. Code run only in child processes (the examples, the CLI) is
      // measured by its own tests, so the floor is what the in-process tests reach.
      thresholds: { statements: 88, branches: 84, functions: 90, lines: 89 },
    },
  },
});
