// The flow benchmark's ledger node (the tests' mock rippled, bench/local-ledger.mjs) in a process
// of its own: the servers measured ask it over loopback as they would ask rippled, and it answers
// whatever the benchmark's client is doing. Hosted inside the client's process it shared that
// process's event loop: anything that held the client up (a stopped or starved process, a write
// to a terminal that was not being read) held up every server's ledger look-up with it.
//
// Prints `ledger node listening on ws://127.0.0.1:<port>`; stops on SIGTERM, SIGINT, or when its
// parent goes (its stdin closes).
import { startLocalLedger } from "../local-ledger.mjs";

const ledger = await startLocalLedger();
console.log(`ledger node listening on ${ledger.url}`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await ledger.stop();
  process.exit(0);
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
// The benchmark holds our stdin open: when it ends, however it ends, this node ends too.
process.stdin.on("end", stop).on("error", stop).resume();
