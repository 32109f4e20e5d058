// Runs once when a Next server process starts: stop a misconfigured server (no SESSION_SECRET in
// production) before it serves anything. `next build` also loads this file; the secret is a
// runtime setting, so the build phase is left alone.
export async function register(): Promise<void> {
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { checkConfigurationOrExit } = await import("./lib/startup-check");
    checkConfigurationOrExit();
  }
}
