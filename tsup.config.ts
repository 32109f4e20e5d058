import { defineConfig } from "tsup";

/** The command's files: the library build cleans the output folder but leaves these to their own build. */
const CLI_FILES = ["!cli.js"];

export default defineConfig([
  {
    entry: {
      index: "src/index.ts",
      client: "src/client/index.ts",
      redis: "src/redis/index.ts",
      postgres: "src/postgres/index.ts",
      testing: "src/testing/index.ts",
      fetch: "src/fetch/index.ts",
      "better-auth": "src/better-auth/index.ts",
      "better-auth-client": "src/better-auth/client.ts",
      authjs: "src/authjs/index.ts",
      oidc: "src/oidc/index.ts",
      cloudflare: "src/cloudflare/index.ts",
      "deno-kv": "src/deno-kv/index.ts",
      xaman: "src/xaman/index.ts",
      fastify: "src/fastify/index.ts",
      koa: "src/koa/index.ts",
      express: "src/express/index.ts",
      hono: "src/hono/index.ts",
    },
    format: ["esm", "cjs"],
    dts: true,
    sourcemap: false,
    clean: CLI_FILES,
    target: "es2022",
    // The client entry must stay browser-safe: never let a server dependency leak into it.
    external: [
      "xrpl",
      "redis",
      "pg",
      "better-auth",
      "@auth/core",
      "next-auth",
      "xumm-sdk",
      "oidc-provider",
      "fastify",
      "koa",
      "express",
      "hono",
    ],
    splitting: true,
    treeshake: true,
  },
  {
    // `sign-in-with-xrpl explain`: one ES module for Node with its shebang kept (and made
    // executable), no types and no CommonJS twin, since nothing imports it.
    entry: { cli: "src/cli/main.ts" },
    format: ["esm"],
    platform: "node",
    target: "node20",
    dts: false,
    sourcemap: false,
    clean: false,
    external: ["xrpl", "redis", "pg"],
    splitting: false,
    treeshake: true,
  },
]);
