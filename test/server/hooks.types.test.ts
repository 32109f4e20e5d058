/**
 * The types of the hooks and of the handlers' answers. These checks run in `npm run typecheck`
 * (the test project is type-checked): a wrong type there fails the build. The `@ts-expect-error`
 * lines fail it too when the mistake they hold starts to compile.
 */
import type { IncomingMessage } from "node:http";
import { describe, expectTypeOf, it } from "vitest";
import { createFetchHandler, type FetchHandler, type SignedInSession as FetchSignedInSession } from "../../src/fetch/index.js";
import {
  createAuthHandlers,
  getSignedIn,
  type AuthHandlers,
  type HandlerResult,
  type MeResult,
  type NonceResult,
  type OnSignIn,
  type SessionRecord,
  type SignedInSession,
  type SignInDecision,
  type SignOutResult,
  type VerifyResult,
} from "../../src/server/index.js";
import { createMemorySessionStore } from "../../src/testing/index.js";
import type { CheckSuccess } from "../../src/verify/types.js";
import { scriptedVerifier } from "./support.js";

const verifier = scriptedVerifier();
const SECRET = "a-session-secret-of-at-least-32-characters";

describe("handler results", () => {
  it("are unions per status, each still a HandlerResult", () => {
    expectTypeOf<VerifyResult>().toExtend<HandlerResult>();
    expectTypeOf<NonceResult>().toExtend<HandlerResult>();
    expectTypeOf<MeResult>().toExtend<HandlerResult>();
    expectTypeOf<SignOutResult>().toExtend<HandlerResult>();
    expectTypeOf<AuthHandlers["verify"]>().returns.resolves.toEqualTypeOf<VerifyResult>();
  });

  it("narrow on status", () => {
    const narrow = (result: VerifyResult) => {
      if (result.status === 200) {
        expectTypeOf(result.body).toEqualTypeOf<{ ok: true; address: string; error?: undefined }>();
        expectTypeOf(result.body.address).toBeString();
      } else {
        expectTypeOf(result.body.error).toBeString();
        expectTypeOf(result.status).toEqualTypeOf<400 | 401 | 403 | 404 | 409 | 410 | 422 | 423 | 429 | 451 | 500>();
      }
    };
    void narrow;
    const me = (result: MeResult) => (result.status === 200 ? result.body.address : result.body.error);
    expectTypeOf(me).returns.toBeString();
  });

  it("read like the old bodies without narrowing (a field of another status reads undefined)", () => {
    const read = (result: NonceResult) => result.body.nonce;
    expectTypeOf(read).returns.toEqualTypeOf<string | undefined>();
  });
});

describe("onSignIn", () => {
  it("infers the data type and passes it to onSignOut", () => {
    createAuthHandlers({
      verifier,
      sessionKind: "server-store",
      onSignIn: async ({ address, check }) => {
        expectTypeOf(address).toBeString();
        expectTypeOf(check).toEqualTypeOf<CheckSuccess>();
        return { data: { userId: 1, address } };
      },
      onSignOut: ({ data }) => {
        expectTypeOf(data).toEqualTypeOf<{ userId: number; address: string } | undefined>();
      },
    });
  });

  it("types the request as what the caller passes, and the caller must pass that type", () => {
    const handlers = createAuthHandlers<{ id: string }, IncomingMessage>({
      verifier,
      sessionKind: "server-store",
      onSignIn: ({ request }) => {
        expectTypeOf(request).toEqualTypeOf<IncomingMessage | undefined>();
      },
    });
    expectTypeOf(handlers).toEqualTypeOf<AuthHandlers<IncomingMessage, { id: string }>>();
    const store = createMemorySessionStore();
    // @ts-expect-error the request must be the type the hooks were written for
    void handlers.verify(store, { body: {}, request: "not a request" });
    // @ts-expect-error the same for sign-out
    void handlers.signOut(store, { request: 42 });
  });

  it("accepts a refusal with a client-error status, nothing else", () => {
    const refuse: SignInDecision = { refuse: { status: 403, message: "This account is suspended." } };
    void refuse;
    // @ts-expect-error a refusal is never a 200
    const ok: SignInDecision = { refuse: { status: 200, message: "Welcome." } };
    // @ts-expect-error nor a 500: that is the server's fault, not the user's
    const serverError: SignInDecision = { refuse: { status: 500, message: "Oops." } };
    // @ts-expect-error a message is required
    const silent: SignInDecision = { refuse: { status: 403 } };
    // @ts-expect-error data and a refusal at once
    const both: SignInDecision = { data: 1, refuse: { status: 403, message: "No." } };
    void [ok, serverError, silent, both];
  });

  it("checks the data against a declared type", () => {
    const hook: OnSignIn<{ userId: string }> = () => ({ data: { userId: "u_1" } });
    // @ts-expect-error userId is a string
    const wrong: OnSignIn<{ userId: string }> = () => ({ data: { userId: 1 } });
    // @ts-expect-error the data goes under `data`
    const unwrapped: OnSignIn<{ userId: string }> = () => ({ userId: "u_1" });
    void [hook, wrong, unwrapped];
  });

  it("in the fetch handler: the request is a Request and getSession carries the data type", () => {
    const auth = createFetchHandler({
      verifier,
      sessionSecret: SECRET,
      onSignIn: ({ request }) => {
        expectTypeOf(request).toEqualTypeOf<Request>();
        return { data: { plan: "pro" as "pro" | "free" } };
      },
    });
    expectTypeOf(auth).toEqualTypeOf<FetchHandler<{ plan: "pro" | "free" }>>();
    expectTypeOf(auth.getSession).returns.resolves.toEqualTypeOf<SignedInSession<{ plan: "pro" | "free" }> | null>();
    expectTypeOf<FetchSignedInSession<number>>().toEqualTypeOf<SignedInSession<number>>();
  });
});

describe("createAuthHandlers<TData, TRequest> carries TData into the reads", () => {
  it("handlers.getSignedIn answers the data onSignIn stores, without naming it again", async () => {
    const handlers = createAuthHandlers({
      verifier,
      sessionKind: "server-store",
      onSignIn: () => ({ data: { userId: "u_1", roles: ["admin"] as string[] } }),
    });
    const store = createMemorySessionStore();
    expectTypeOf(await handlers.getSignedIn(store)).toEqualTypeOf<SignedInSession<{ userId: string; roles: string[] }> | null>();
    expectTypeOf(await getSignedIn(store, { handlers })).toEqualTypeOf<SignedInSession<{ userId: string; roles: string[] }> | null>();
    const session = await handlers.getSignedIn(store);
    if (session !== null) {
      expectTypeOf(session.data).toEqualTypeOf<{ userId: string; roles: string[] } | undefined>();
      // @ts-expect-error the data has no such field
      void session.data?.email;
    }
  });

  it("with both type arguments named, as the hooks were written for", async () => {
    const handlers = createAuthHandlers<{ userId: number }, IncomingMessage>({
      verifier,
      sessionKind: "server-store",
      onSignIn: () => ({ data: { userId: 7 } }),
    });
    expectTypeOf(handlers).toEqualTypeOf<AuthHandlers<IncomingMessage, { userId: number }>>();
    const store = createMemorySessionStore();
    expectTypeOf(await handlers.getSignedIn(store)).toEqualTypeOf<SignedInSession<{ userId: number }> | null>();
    expectTypeOf(await getSignedIn(store, { handlers })).toEqualTypeOf<SignedInSession<{ userId: number }> | null>();
    createAuthHandlers<{ userId: number }, IncomingMessage>({
      verifier,
      sessionKind: "server-store",
      // @ts-expect-error onSignIn must store the declared type
      onSignIn: () => ({ data: { userId: "7" } }),
    });
  });

  it("handlers without onSignIn read unknown data, and a type named on the read still wins", async () => {
    const handlers = createAuthHandlers({ verifier, sessionKind: "server-store" });
    const store = createMemorySessionStore();
    expectTypeOf(await handlers.getSignedIn(store)).toEqualTypeOf<SignedInSession<unknown> | null>();
    expectTypeOf(await handlers.getSignedIn<{ plan: string }>(store)).toEqualTypeOf<SignedInSession<{ plan: string }> | null>();
    // Handlers with a request type still fit getSignedIn's options.
    const typed = createAuthHandlers<{ id: string }, IncomingMessage>({ verifier, sessionKind: "server-store" });
    expectTypeOf(await getSignedIn(store, { handlers: typed })).toEqualTypeOf<SignedInSession<{ id: string }> | null>();
  });
});

describe("getSignedIn", () => {
  it("answers the data type asked for, possibly undefined", async () => {
    const handlers = createAuthHandlers({ verifier, sessionKind: "server-store" });
    const session = await getSignedIn<{ userId: string }>(createMemorySessionStore(), { handlers });
    expectTypeOf(handlers.getSignedIn<{ userId: string }>).returns.resolves.toEqualTypeOf<SignedInSession<{ userId: string }> | null>();
    // Compiled, never called: it would reject at run time for the very reason it does not compile.
    const withoutHandlers = () =>
      // @ts-expect-error the handlers are required: their rules decide whether the session counts
      getSignedIn(createMemorySessionStore(), { maxAgeSeconds: 60 });
    void withoutHandlers;
    expectTypeOf(session).toEqualTypeOf<SignedInSession<{ userId: string }> | null>();
    if (session !== null) {
      expectTypeOf(session.address).toBeString();
      expectTypeOf(session.authenticatedAt).toBeNumber();
      expectTypeOf(session.data).toEqualTypeOf<{ userId: string } | undefined>();
    }
    expectTypeOf<SessionRecord<{ userId: string }>["data"]>().toEqualTypeOf<{ userId: string } | undefined>();
  });
});
