/**
 * The SvelteKit and React Router guides' samples (docs/snippets/sveltekit/, docs/snippets/react-router/,
 * shown as they are in docs/sveltekit.md and docs/react-router.md), called the way those
 * frameworks call them: SvelteKit's `handle` with a request event and `resolve`, React Router's
 * loaders and actions with `{ request, params, context }`. Both are fetch-standard functions, so
 * the test client drives them in process; the shipped mock ledger is the XRPL node.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDevWallet, createMockLedger, createTestClient, type MockLedger } from "../../src/testing/index.js";

let ledger: MockLedger;
const saved = { ...process.env };

beforeAll(async () => {
  ledger = await createMockLedger();
  // What the samples read at start-up, as the apps' environment would hold it.
  process.env["XRPL_NODE_URL"] = ledger.url;
  process.env["SESSION_SECRET"] = "framework-guides-test-secret-0123456789";
  process.env["APP_DOMAIN"] = "localhost";
});
afterAll(async () => {
  process.env = saved;
  await ledger?.stop();
});

describe("SvelteKit guide: the handle hook", () => {
  const app = async (request: Request): Promise<Response> => {
    const { handle } = await import("../../docs/snippets/sveltekit/hooks.server.js");
    const event = { request, url: new URL(request.url), locals: {} as App.Locals };
    // The page SvelteKit would render: what the load functions see in locals.
    return handle({ event, resolve: (resolved) => Response.json({ address: resolved.locals.xrpl?.address ?? null }) });
  };

  it("answers the sign-in routes, fills locals.xrpl, and keeps signed-out users off /account", async () => {
    const client = createTestClient(app);
    expect(await (await client.fetch("/")).json()).toEqual({ address: null });
    expect((await client.fetch("/account")).status).toBe(303);
    const wallet = createDevWallet({ proof: "signedTx" });
    const result = await client.signIn({ wallet });
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(ledger.requestCount("account_info")).toBeGreaterThan(0);
    expect(await (await client.fetch("/account")).json()).toEqual({ address: result.address });
    expect((await client.fetch("/api/auth/signout", { method: "POST" })).status).toBe(200);
    expect(await (await client.fetch("/")).json()).toEqual({ address: null });
  });
});

describe("React Router guide: the splat route and a protected loader", () => {
  const app = async (request: Request): Promise<Response> => {
    const splat = await import("../../docs/snippets/react-router/api.auth.splat.js");
    const account = await import("../../docs/snippets/react-router/account.js");
    const args = { request, params: {}, context: {} };
    const { pathname } = new URL(request.url);
    if (pathname.startsWith("/api/auth/")) return request.method === "GET" ? splat.loader(args) : splat.action(args);
    if (pathname === "/account") {
      try {
        return Response.json(await account.loader(args));
      } catch (thrown) {
        if (thrown instanceof Response) return thrown;
        throw thrown;
      }
    }
    return new Response("Not found", { status: 404 });
  };

  it("signs in through the splat route; the account loader redirects signed-out users and answers the address", async () => {
    const client = createTestClient(app);
    const out = await client.fetch("/account");
    expect({ status: out.status, location: out.headers.get("location") }).toEqual({ status: 302, location: "/" });
    const result = await client.signIn();
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(await (await client.fetch("/account")).json()).toEqual({ address: result.address });
    expect(await (await client.fetch("/api/auth/me")).json()).toEqual({ address: result.address });
  });
});
