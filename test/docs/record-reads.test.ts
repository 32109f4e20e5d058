/**
 * The guides, the README and the examples read the signed-in user only through the library's
 * readers (`handlers.getSignedIn(store)`, the fetch handler's `getSession(request)`, the `me`
 * route), never from the session record: a route that reads the record itself skips sign-out
 * revocation, the absolute lifetime (`maxSessionAgeSeconds`) and revalidation, so a cookie copied
 * before sign-out would still work there. Apps copy what the docs show, so the docs must not show
 * it. This test greps them for direct reads of the record, and checks that each pattern catches
 * the reads it is meant to (and not the readers it is meant to allow).
 */
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** express-session's own API on `req.session`: not the record. */
const EXPRESS_SESSION_API = ["regenerate", "destroy", "save", "reload", "touch", "cookie", "id", "resetMaxAge"];

/** Each way of reading the sign-in record directly, named for the report. */
export const RECORD_READS: readonly { name: string; pattern: RegExp }[] = [
  {
    // The record's fields on express-session's session, now or under one key (`req.session.xrpl`).
    name: "a field of express-session's record (req.session.<field>)",
    pattern: new RegExp(String.raw`\breq\.session\??\.(?!(?:${EXPRESS_SESSION_API.join("|")})\b)[A-Za-z_$]`, "u"),
  },
  { name: "a field of express-session's record (req.session[...])", pattern: /\breq\.session\??\[/u },
  { name: "express-session's record taken apart (const { ... } = req.session)", pattern: /\}\s*=\s*req\.session\b(?!\??\.)/u },
  { name: "a session's sign-in fields (session.address)", pattern: /\bsession\??\.(?:address|xrpl|authenticatedAt|sessionId)\b/u },
  { name: "a record's sign-in fields (record.address)", pattern: /\brecord\??\.(?:address|xrpl|authenticatedAt|sessionId)\b/u },
  {
    name: "the record a SessionStore holds (store.get().address, (await store.get()).address)",
    pattern: /\.get\(\s*\)\)?\??\.[A-Za-z_$]/u,
  },
  {
    name: "the record a SessionStore holds, taken apart (const { ... } = await store.get())",
    pattern: /\}\s*=\s*(?:await\s+)?[\w$.()]*\.get\(\s*\)/u,
  },
];

/** The patterns `line` matches (their names). */
export function recordReadsIn(line: string): string[] {
  return RECORD_READS.filter(({ pattern }) => pattern.test(line)).map(({ name }) => name);
}

const SKIPPED_DIRECTORIES = new Set(["node_modules", "public", "dist"]);
const READ_EXTENSIONS = /\.(?:md|ts|tsx|mjs|js|cjs|html)$/u;

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) {
        // Build output (.next*, public bundles) and installed packages are not what apps copy.
        return SKIPPED_DIRECTORIES.has(entry.name) || entry.name.startsWith(".") ? Promise.resolve([]) : filesUnder(path);
      }
      return Promise.resolve(READ_EXTENSIONS.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : []);
    }),
  );
  return nested.flat();
}

describe("record-read patterns", () => {
  it.each([
    ["req.session.address", "app.get('/x', (req, res) => res.json({ address: req.session.address }));"],
    ["the record under one key", "const address = req.session.xrpl?.address;"],
    ["the record under one key, whole", "if (req.session.xrpl) next();"],
    ["optional chaining", "const address = req.session?.address;"],
    ["bracket access", 'const address = req.session["address"];'],
    ["destructuring req.session", "const { address, authenticatedAt } = req.session;"],
    ["an iron-session object", "const session = await getIronSession(cookies(), options); return session.address;"],
    ["session.get().address", "return session.get().address;"],
    ["(await store.get()).address", "const address = (await sessionStore()).get().address;"],
    ["(await store.get()).address, awaited", "const address = (await store.get()).address;"],
    ["destructuring store.get()", "const { address } = await store.get();"],
    ["a record variable", "const record = await store.get(); if (record.address) ok();"],
    ["the session's sign-in time", "if (Date.now() - session.authenticatedAt > limit) fail();"],
  ])("catches %s", (_name, bad) => {
    expect(recordReadsIn(bad)).not.toEqual([]);
  });

  it.each([
    ["getSignedIn", "const signedIn = await handlers.getSignedIn(expressSessionStore(req)); res.json({ address: signedIn.address });"],
    [
      "the fetch handler's getSession",
      "const signedIn = await auth.getSession(request); return Response.json({ address: signedIn.address });",
    ],
    ["the me handler", "send(res, await handlers.me(expressSessionStore(req)));"],
    ["express-session's API", "req.session.regenerate(done); req.session.save(); req.session.destroy(cb); req.session.cookie.maxAge = 1;"],
    ["a header read", 'const cookie = request.headers.get("cookie");'],
    ["a check result", "if (result.ok) console.log(result.address);"],
    ["prose about the adapter", "`expressSessionStore(req)` is the handlers' view of `req.session`."],
  ])("lets %s through", (_name, good) => {
    expect(recordReadsIn(good)).toEqual([]);
  });
});

describe("the guides, the README and the examples", () => {
  it("read the signed-in user only through getSignedIn, getSession or me", async () => {
    const files = [
      join(REPO_ROOT, "README.md"),
      join(REPO_ROOT, "CONTRIBUTING.md"),
      ...(await filesUnder(join(REPO_ROOT, "docs"))),
      ...(await filesUnder(join(REPO_ROOT, "examples"))),
    ];
    expect(files.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (const file of files) {
      const lines = (await readFile(file, "utf8")).split("\n");
      lines.forEach((line, index) => {
        for (const name of recordReadsIn(line)) found.push(`${relative(REPO_ROOT, file)}:${index + 1}: ${name}: ${line.trim()}`);
      });
    }
    expect(found, "read the sign-in with handlers.getSignedIn(store), auth.getSession(request) or the me route").toEqual([]);
  });
});
