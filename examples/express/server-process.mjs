// The process side of an example server, the same for each example that runs its own Node server
// (this one, the Hono example, and the Next example's server.mjs in front of Next): one line and
// exit code 1 for an operator error, the host to show in the "listening on" line, and a clean
// shutdown on SIGTERM/SIGINT. No imports, so any example can use it without pulling in Express.

/** How long open requests may take to finish after SIGTERM/SIGINT. */
const SHUTDOWN_GRACE_MS = 5000;

/**
 * Prints the problem and exits non-zero, without a stack trace: these are operator errors.
 *
 * @param {string} message
 * @returns {never}
 */
export function stop(message) {
  console.error(`Cannot start the example: ${message}`);
  process.exit(1);
}

/**
 * The host to print in the "listening on" line: `localhost` when listening on every interface,
 * an IPv6 address in brackets.
 *
 * @param {string | undefined} host
 */
export function shownHost(host) {
  return host === undefined || host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
}

/**
 * Stops the start with one line when `server` cannot listen (a port in use names PORT), after
 * `closeResources`.
 *
 * @param {import("node:net").Server} server
 * @param {number} port
 * @param {() => Promise<void>} [closeResources]
 */
export function stopOnListenError(server, port, closeResources = async () => {}) {
  server.on("error", async (error) => {
    await closeResources();
    stop(error.code === "EADDRINUSE" ? `port ${port} is in use (set PORT to another one).` : String(error.message));
  });
}

/**
 * On SIGTERM or SIGINT: stop taking connections, let open requests finish, then `closeResources`
 * and exit 0, or exit 1 when that takes longer than 5 seconds.
 *
 * @param {import("node:http").Server} server
 * @param {() => Promise<void>} closeResources
 */
export function shutDownOnSignals(server, closeResources) {
  let closing = false;
  async function shutdown(signal) {
    if (closing) return;
    closing = true;
    console.log(`${signal}: shutting down`);
    // A request that never ends must not keep the process alive forever.
    setTimeout(() => {
      console.error("Shutdown took too long: exiting");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    await new Promise((resolve) => {
      server.close(resolve);
      server.closeIdleConnections?.();
    });
    await closeResources();
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}
