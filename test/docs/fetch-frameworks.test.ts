/**
 * The SvelteKit and React Router guides' samples (docs/snippets/sveltekit/, docs/snippets/react-router/,
 * shown as they are in docs/sveltekit.md and docs/react-router.md), type-checked against the real
 * @sveltejs/kit and react-router packages. React Router's routes run in its own server-side router
 * (`createStaticHandler`, which answers each request by matching the routes and calling their
 * loader or action); SvelteKit's `handle` is called with a request event and `resolve` as
 * SvelteKit's server calls it (that server needs a Vite build of an app). The test client drives
 * both in process; the shipped mock ledger is the XRPL node.
 */
import type { RequestEvent } from "@sveltejs/kit";
import { createStaticHandler } from "react-router";
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
    // SvelteKit's server runs only from a Vite build of an app, so the hook is called as that server
    // calls it; the guide's hook reads `request`, `url` and `locals` of the event, which are real here.
    const used: Pick<RequestEvent, "request" | "url" | "locals"> = { request, url: new URL(request.url), locals: {} as App.Locals };
    const event = used as RequestEvent;
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
  // React Router's own server-side router (what its request handler runs for every request),
  // with the guide's route modules as `app/routes.ts` declares them.
  const app = async (request: Request): Promise<Response> => {
    const splat = await import("../../docs/snippets/react-router/api.auth.splat.js");
    const account = await import("../../docs/snippets/react-router/account.js");
    const handler = createStaticHandler([
      { id: "routes/api.auth.$", path: "/api/auth/*", loader: splat.loader, action: splat.action },
      { id: "routes/account", path: "/account", loader: account.loader },
    ]);
    // queryRoute is how React Router answers a data request: a Response from the loader or action
    // (the splat route's answer, the account loader's redirect) comes back as it is, data as data.
    const answer: unknown = await handler.queryRoute(request);
    return answer instanceof Response ? answer : Response.json(answer);
  };

  it("signs in through the splat route; the account loader redirects signed-out users and answers the address", async () => {
    const client = createTestClient(app);
    const out = await client.fetch("/account");
    expect({ status: out.status, location: out.headers.get("location") }).toEqual({ status: 302, location: "/" });
    const result = await client.signIn();
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(await (await client.fetch("/account")).json()).toEqual({ address: result.address });
    expect(await (await client.fetch("/api/auth/me")).json()).toEqual({ address: result.address });
    expect((await client.fetch("/api/auth/signout", { method: "POST" })).status).toBe(200);
    expect((await client.fetch("/api/auth/me")).status).toBe(401);
    expect((await client.fetch("/account")).status).toBe(302);
  });
});
