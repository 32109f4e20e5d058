import { defineConfig } from "tsup";

export default defineConfig({
  entry: {
    index: "src/index.ts",
    client: "src/client/index.ts",
    redis: "src/redis/index.ts",
    postgres: "src/postgres/index.ts",
    testing: "src/testing/index.ts",
    fetch: "src/fetch/index.ts",
    "better-auth": "src/better-auth/index.ts",
    "better-auth-client": "src/better-auth/client.ts",
  },
  format: ["esm", "cjs"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "es2022",
  // The client entry must stay browser-safe: never let a server dependency leak into it.
  external: ["xrpl", "redis", "pg", "better-auth"],
  splitting: true,
  treeshake: true,
});
