/**
 * The Hono guide's app (docs/snippets/hono/app.ts, shown as is in docs/hono.md), called in
 * process through `app.fetch`, as Bun, Deno and Workers call it: a sign-in with a dev wallet,
 * its own protected route, sign-out.
 */
import { describe, expect, it } from "vitest";
import { createApp } from "../../docs/snippets/hono/app.js";
import { compactSignature, createVerifier } from "../../src/index.js";
import { createFetchHandler } from "../../src/fetch/index.js";
import { createTestClient } from "../../src/testing/index.js";

describe("Hono guide: the app on the fetch handler", () => {
  const auth = createFetchHandler({
    verifier: createVerifier({ strategies: [compactSignature({ ledger: "never" })] }),
    domain: "localhost",
    sessionSecret: "hono-guide-test-secret-0123456789abcdef",
  });
  const app = createApp(auth);

  it("signs in, lets the signed-in user through the middleware, refuses everyone else, signs out", async () => {
    const client = createTestClient((request) => app.fetch(request));
    const before = await client.fetch("/api/profile");
    expect({ status: before.status, body: await before.json() }).toEqual({ status: 401, body: { error: "Not authenticated." } });

    const result = await client.signIn();
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(await (await client.fetch("/api/profile")).json()).toEqual({ address: result.address });

    expect((await client.fetch("/api/auth/signout", { method: "POST" })).status).toBe(200);
    expect((await client.fetch("/api/profile")).status).toBe(401);
  });

  it("passes a malformed body to the handler untouched: 400 Invalid request body.", async () => {
    const client = createTestClient((request) => app.fetch(request));
    await client.fetch("/api/auth/nonce");
    const answer = await client.fetch("/api/auth/verify", { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
    expect({ status: answer.status, body: await answer.json() }).toEqual({ status: 400, body: { error: "Invalid request body." } });
  });
});
