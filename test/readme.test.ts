// The README's first screen must stay true: its server block is run exactly as written (the way
// a user pastes it into server.mjs next to their node_modules) and a real sign-in goes through it.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCookieJar } from "./support/cookie-jar.js";
import { REPO_ROOT, startNodeScript, type ExampleProcess } from "./support/example-process.js";
import { startMockRippled, type MockRippled } from "./support/mock-rippled.js";
import { newKeyAccount, signatureProof } from "./examples/flow.js";
import { createMessage } from "../src/index.js";

const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");

/** The first fenced block of `language` after the heading that starts with `heading`. */
function blockAfter(heading: string, language: string): string {
  const start = readme.indexOf(`\n## ${heading}`);
  if (start === -1) throw new Error(`README.md has no "## ${heading}" heading`);
  const open = readme.indexOf("```" + language + "\n", start);
  const close = readme.indexOf("\n```", open + 4);
  if (open === -1 || close === -1) throw new Error(`README.md has no \`\`\`${language} block after "## ${heading}"`);
  return readme.slice(open + 4 + language.length, close + 1);
}

describe("README", () => {
  it("starts with the install command of the package, before any section", () => {
    const open = readme.indexOf("```sh\n");
    const firstBlock = readme.slice(open, readme.indexOf("\n```", open + 6));
    expect(open).toBeGreaterThan(-1);
    expect(open).toBeLessThan(readme.indexOf("\n## "));
    expect(firstBlock).toBe("```sh\nnpm install sign-in-with-xrpl");
  });

  it("gives a clone's two commands (demo and tests) before any section, said to be for contributors", () => {
    const firstSection = readme.indexOf("\n## ");
    for (const command of ["npm install && npm start", "npm install && npm test"]) {
      expect(readme.indexOf(command)).toBeGreaterThan(-1);
      expect(readme.indexOf(command)).toBeLessThan(firstSection);
    }
    expect(readme.slice(0, readme.indexOf("npm install && npm start"))).toContain("In a clone of the repository (for contributors)");
  });

  it("keeps the server example to 15 lines and the client example to 10 (blank lines aside)", () => {
    const lines = (code: string) => code.split("\n").filter((line) => line.trim() !== "").length;
    expect(lines(blockAfter("A server in 15 lines", "js"))).toBeLessThanOrEqual(15);
    expect(lines(blockAfter("A client in 10 lines", "js"))).toBeLessThanOrEqual(10);
  });

  it("names every entry of package.json", () => {
    const { exports } = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { exports: Record<string, unknown> };
    for (const entry of Object.keys(exports).filter((key) => key !== "./package.json")) {
      expect(readme).toContain(entry === "." ? '"sign-in-with-xrpl"' : `"sign-in-with-xrpl/${entry.slice(2)}"`);
    }
  });

  it("stays short: at most 16 kB, the rest lives in docs/", () => {
    expect(Buffer.byteLength(readme, "utf8")).toBeLessThanOrEqual(16_000);
  });
});

describe("README server example, run as written", () => {
  let ledger: MockRippled;
  let server: ExampleProcess;

  beforeAll(async () => {
    ledger = await startMockRippled();
    // Inside the repository, so `express` and `sign-in-with-xrpl` resolve as they would for a user.
    const folder = join(REPO_ROOT, "test-artifacts", "readme");
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "server.mjs"), blockAfter("A server in 15 lines", "js"));
    server = await startNodeScript("server.mjs", folder, {
      env: { XRPL_NODE_URL: ledger.url, SESSION_SECRET: "a".repeat(48), NODE_ENV: "development" },
      probePath: "/api/me",
    });
  });

  afterAll(async () => {
    await server?.stop();
    await ledger?.stop();
  });

  it("signs in with a message signature, answers me, and signs out", async () => {
    const jar = createCookieJar();
    const account = newKeyAccount("ed25519");

    const before = await jar.fetch(`${server.url}/api/me`);
    expect(before.status).toBe(401);
    expect(await before.json()).toEqual({ error: "Not authenticated." });

    const nonceAnswer = await jar.fetch(`${server.url}/api/auth/nonce`);
    expect(nonceAnswer.status).toBe(200);
    const { nonce } = (await nonceAnswer.json()) as { nonce: string };
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);

    const message = createMessage({
      domain: `127.0.0.1:${server.port}`,
      address: account.address,
      statement: "Sign in to Example.",
      uri: server.url,
      chainId: "xrpl:0",
      nonce,
      issuedAt: new Date(),
    });
    const verify = await jar.fetch(`${server.url}/api/auth/verify`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(signatureProof(message, account)),
    });
    expect(await verify.json()).toEqual({ ok: true, address: account.address });
    expect(verify.status).toBe(200);

    const me = await jar.fetch(`${server.url}/api/me`);
    expect(await me.json()).toEqual({ address: account.address });

    // Each handler gets the request: another site's page can neither sign out nor restart the sign-in.
    const crossSite = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };
    const refusedSignOut = await jar.fetch(`${server.url}/api/auth/signout`, { method: "POST", headers: crossSite });
    expect({ status: refusedSignOut.status, body: await refusedSignOut.json() }).toEqual({
      status: 403,
      body: { error: "Cross-site request refused." },
    });
    expect((await jar.fetch(`${server.url}/api/auth/nonce`, { headers: crossSite })).status).toBe(403);
    // A nonce request of the site itself keeps the sign-in.
    expect((await jar.fetch(`${server.url}/api/auth/nonce`)).status).toBe(200);
    expect(await (await jar.fetch(`${server.url}/api/me`)).json()).toEqual({ address: account.address });

    const replay = await jar.fetch(`${server.url}/api/auth/verify`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(signatureProof(message, account)),
    });
    expect(replay.status).toBe(400);

    const signOut = await jar.fetch(`${server.url}/api/auth/signout`, { method: "POST" });
    expect(await signOut.json()).toEqual({ ok: true });
    expect((await jar.fetch(`${server.url}/api/me`)).status).toBe(401);
  });
});
