// Ending a server or ledger node a benchmark started: SIGTERM, SIGKILL if it has not exited 5 s
// later; resolves once it has exited (at once when it already had).

/** @param {import("node:child_process").ChildProcess} child */
export function stopChildProcess(child) {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once("exit", () => done());
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 5000).unref();
  });
}
