// The library is a workspace package whose folder (the repository root) lies outside this app:
// both the bundler root and file tracing start at the repository root, or the build cannot
// reach it. xrpl and ws stay plain Node requires on the server (ws has optional native parts).
import { fileURLToPath } from "node:url";

const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));

/** @type {import("next").NextConfig} */
const nextConfig = {
  // The tests build into their own folder (NEXT_DIST_DIR=.next-tests), so a test run never
  // removes the build you serve, nor the other way round.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  turbopack: { root: repositoryRoot },
  outputFileTracingRoot: repositoryRoot,
  serverExternalPackages: ["xrpl", "ws"],
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
