// What server.mjs and the app tell each other. They run in one process, but the app's modules
// are Next's bundled copies of these files, so the link is one object on globalThis.
const LINK = Symbol.for("sign-in-with-xrpl.next-example.server");

/**
 * server.mjs, before Next loads: says this process is served by server.mjs. Resolves once the
 * app's start-up check (instrumentation.ts) has passed; a failed check ends the process instead.
 *
 * @returns {Promise<void>}
 */
export function linkServer() {
  return new Promise((resolve) => {
    globalThis[LINK] = { appStarted: resolve };
  });
}

/** The app: whether server.mjs serves this process (it sets each request's client address). */
export function servedByServer() {
  return globalThis[LINK] !== undefined;
}

/** The app's start-up check, once it has passed. */
export function reportAppStarted() {
  globalThis[LINK]?.appStarted();
}
