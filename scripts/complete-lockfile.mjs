// `npm ci` refuses a lock file that lacks an optional dependency of a package in it, even one
// for another platform. Next.js lists its compiler for every platform as optional dependencies;
// when the registry an install used does not carry some of them, `npm install` leaves them out of
// package-lock.json and a clean `npm ci` then stops with "Missing: @next/swc-... from lock file".
// This adds an entry for each missing platform package (version, os and cpu from its name), which
// `npm ci` accepts and skips on the other platforms. Run it after `npm install` changes the lock.
import { readFileSync, writeFileSync } from "node:fs";

const LOCK = new URL("../package-lock.json", import.meta.url);
const PLATFORM = /^@next\/swc-(darwin|linux|win32)-(arm64|x64)(-(gnu|musl|msvc))?$/u;

const lock = JSON.parse(readFileSync(LOCK, "utf8"));
const packages = lock.packages;
let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  if (!path.endsWith("node_modules/next")) continue;
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const match = PLATFORM.exec(name);
    const target = `${path.slice(0, -"next".length)}${name}`;
    if (match === null || packages[target] !== undefined) continue;
    packages[target] = { version, cpu: [match[2]], license: "MIT", optional: true, os: [match[1]], engines: { node: ">= 10" } };
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : a > b ? 1 : 0)),
);
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: ${added} platform package entr${added === 1 ? "y" : "ies"} added`);
