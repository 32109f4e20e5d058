// `npm run start` in this folder (`npm run example:next` at the root): builds the app and serves
// it in production mode on PORT (default 3000).
//
// `next start` always runs with NODE_ENV=production, where the app refuses to start without a
// SESSION_SECRET of at least 32 characters. This launcher keeps the demo one command away: when
// the caller did not ask for production (NODE_ENV unset or not "production") and gave no secret,
// it generates one for this run and says so. With NODE_ENV=production it requires the secret,
// before spending time on a build.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: process.env.NEXT_TELEMETRY_DISABLED ?? "1" };
const productionRequested = env.NODE_ENV === "production";
// Next sets NODE_ENV itself for build and start.
delete env.NODE_ENV;

const secret = env.SESSION_SECRET ?? "";
if (secret.length < 32) {
  const problem = secret === "" ? "SESSION_SECRET is not set" : `SESSION_SECRET is too short (${secret.length} characters, at least 32 needed)`;
  if (productionRequested) {
    console.error(`Cannot start the example: ${problem}. In production it must be at least 32 random characters, for example: SESSION_SECRET="$(openssl rand -hex 32)"`);
    process.exit(1);
  }
  console.warn(`${problem}: using a random secret for this run (sessions end when the server stops). Set SESSION_SECRET, or NODE_ENV=production to require it.`);
  env.SESSION_SECRET = randomBytes(32).toString("hex");
}

const port = env.PORT && env.PORT.trim() !== "" ? env.PORT.trim() : "3000";

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
    current = spawn(process.execPath, [nextBin, ...args], { cwd: here, env, stdio: "inherit" });
    current.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const built = await run(["build"]);
if (built !== 0 || stopping) process.exit(built);
process.exit(await run(["start", "-p", port]));
