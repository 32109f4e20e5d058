// `npm run start` in this folder (`npm run example:next` at the root): checks the settings,
// builds the app and serves it in production mode on PORT (default 3000) with server.mjs.
// launch-env.mjs decides what a demo run fills in (a session secret, the loopback hosts as
// APP_DOMAIN) and what a production run must bring.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { prepareLaunchEnvironment } from "./launch-env.mjs";

const here = fileURLToPath(new URL(".", import.meta.url));
const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");

const prepared = prepareLaunchEnvironment(process.env);
if ("problem" in prepared) {
  console.error(`Cannot start the example: ${prepared.problem}`);
  process.exit(1);
}
const { env, notes } = prepared;
for (const note of notes) console.warn(note);

let current;
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopping = true;
    current?.kill(signal);
  });
}

function run(args) {
  return new Promise((resolve) => {
    current = spawn(process.execPath, args, { cwd: here, env, stdio: "inherit" });
    current.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const built = await run([nextBin, "build"]);
if (built !== 0 || stopping) process.exit(built);
process.exit(await run(["server.mjs"]));
