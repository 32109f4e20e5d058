// Runs once when a Next server process starts (inside server.mjs's `app.prepare()`): stop a
// misconfigured server before it serves anything. `next build` also loads this file; the
// settings are runtime settings, so the build phase is left alone.
export async function register(): Promise<void> {
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { checkConfigurationOrExit } = await import("./lib/startup-check");
    await checkConfigurationOrExit();
  }
}
