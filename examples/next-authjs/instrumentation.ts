// Runs once when a Next server process starts: a bad setting (APP_DOMAIN missing in production,
// AUTH_SECRET missing or weak) stops the start with one line, rather than failing every sign-in.
// `next build` also loads this file; the settings are runtime settings, so the build is left alone.
export async function register(): Promise<void> {
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { checkSettingsOrExit } = await import("./lib/startup-check");
    await checkSettingsOrExit();
  }
}
