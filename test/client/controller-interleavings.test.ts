// Random interleavings of user actions (signIn, signOut, restore, destroy) and of answers from
// the wallet and the server (in any order, yes or no). Whatever happens, the controller's
// promises to the page hold.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createAuthController } from "../../src/client/controller.js";
import type { AuthState } from "../../src/client/types.js";
import { ADDRESS, flush, NONCE, scriptedAdapter, scriptedWallet, SIGNATURE_PROOF, type Call, type Script } from "./scripted.js";

type Action =
  | { kind: "signIn" }
  | { kind: "signOut" }
  | { kind: "restore" }
  | { kind: "destroy" }
  | { kind: "answer"; pick: number; yes: boolean }
  | { kind: "flush" };

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 3, arbitrary: fc.constant<Action>({ kind: "signIn" }) },
  { weight: 2, arbitrary: fc.constant<Action>({ kind: "signOut" }) },
  { weight: 1, arbitrary: fc.constant<Action>({ kind: "restore" }) },
  { weight: 1, arbitrary: fc.constant<Action>({ kind: "destroy" }) },
  {
    weight: 10,
    arbitrary: fc.record({
      kind: fc.constant("answer" as const),
      pick: fc.nat(),
      yes: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    }),
  },
  { weight: 2, arbitrary: fc.constant<Action>({ kind: "flush" }) },
);

describe("createAuthController under random interleavings", () => {
  it("keeps its state consistent, never authenticates without a later yes, sends nothing after destroy, leaves no promise hanging", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 40 }), async (actions) => await runScenario(actions)),
      {
        numRuns: 200,
        // the interleavings that matter most, always tried: sign-out or destroy while each step waits
        examples: [2, 3, 4, 5, 6].flatMap((answered) =>
          (["signOut", "destroy"] as const).map((cancel): [Action[]] => [
            [
              { kind: "signIn" },
              ...Array.from({ length: answered - 1 }, (): Action => ({ kind: "answer", pick: 0, yes: true })),
              { kind: cancel },
              ...Array.from({ length: 6 }, (): Action => ({ kind: "answer", pick: 0, yes: true })),
            ],
          ]),
        ),
      },
    );
  });
});

async function runScenario(actions: Action[]): Promise<void> {
  const w = scriptedWallet();
  const a = scriptedAdapter();
  for (const script of [w.getAddress, w.sign, a.getNonce, a.createMessage, a.verify, a.signOut, a.me] as Script<unknown>[]) {
    script.always("hold");
  }
  const good: Record<string, unknown> = {
    address: ADDRESS,
    sign: SIGNATURE_PROOF,
    nonce: NONCE,
    message: "M",
    verify: true,
    signOut: undefined,
    me: { address: ADDRESS },
  };
  const named = {
    address: w.getAddress,
    sign: w.sign,
    nonce: a.getNonce,
    message: a.createMessage,
    verify: a.verify,
    signOut: a.signOut,
    me: a.me,
  } as Record<string, Script<unknown>>;

  const controller = createAuthController({
    wallet: w.wallet,
    adapter: a.adapter,
    chainId: "xrpl:0",
    domain: "example.com",
    uri: "https://example.com",
    // the listener below asserts; the controller isolates listener errors, so collect them
    onListenerError: (error) => violations.push(error),
  });
  const violations: unknown[] = [];
  let clock = 0;
  let lastSignOutAt = -1;
  let destroyed = false;
  // when each "yes" from verify or me was given, and which call it answered
  const yesAt: { startedAt: number; answeredAt: number }[] = [];
  const started = new Map<Call<unknown>, number>();
  const pendingPromises: Promise<unknown>[] = [];
  const events: AuthState[] = [];
  let eventAfterDestroy = false;
  controller.on("change", (state) => {
    clock += 1;
    if (destroyed) eventAfterDestroy = true;
    events.push(state);
    // shape
    expect(state.status === "error").toBe(state.error !== null);
    if (state.status === "unauthenticated" || state.status === "error") expect(state.address).toBeNull();
    if (state.status === "authenticated") {
      expect(state.address).toBe(ADDRESS);
      // authenticated only thanks to a yes whose request started after the last sign-out
      expect(yesAt.some((yes) => yes.startedAt > lastSignOutAt && yes.answeredAt <= clock)).toBe(true);
    }
  });

  const noteStarts = () => {
    for (const script of Object.values(named)) for (const call of script.calls) if (!started.has(call)) started.set(call, clock);
  };

  for (const step of actions) {
    clock += 1;
    noteStarts();
    switch (step.kind) {
      case "signIn":
        pendingPromises.push(controller.signIn().catch(() => undefined));
        break;
      case "signOut":
        lastSignOutAt = clock;
        pendingPromises.push(controller.signOut().catch(() => undefined));
        if (!destroyed) expect(controller.getState().status).toBe("unauthenticated");
        break;
      case "restore":
        pendingPromises.push(controller.restore().catch(() => undefined));
        break;
      case "destroy":
        controller.destroy();
        destroyed = true;
        break;
      case "answer": {
        const open = Object.entries(named).flatMap(([name, script]) =>
          script.calls.filter((call) => !call.settled).map((call) => ({ name, call })),
        );
        const chosen = open[step.pick % Math.max(open.length, 1)];
        if (chosen === undefined) break;
        if (step.yes) {
          if (chosen.name === "verify" || chosen.name === "me") {
            yesAt.push({ startedAt: started.get(chosen.call) ?? clock, answeredAt: clock });
          }
          chosen.call.resolve(good[chosen.name]);
        } else if (chosen.name === "verify") chosen.call.resolve(false);
        else if (chosen.name === "me") chosen.call.resolve(null);
        else chosen.call.reject(new Error("no"));
        break;
      }
      case "flush":
        await flush();
        break;
    }
    await flush();
    noteStarts();
  }

  // answer everything still open, repeatedly, until nothing is left: every promise settles
  for (let round = 0; round < 20; round += 1) {
    noteStarts();
    let any = false;
    for (const [name, script] of Object.entries(named)) {
      for (const call of script.calls) {
        if (call.settled) continue;
        any = true;
        if (name === "verify" || name === "me") yesAt.push({ startedAt: started.get(call) ?? clock, answeredAt: clock });
        call.resolve(good[name]);
      }
    }
    await flush();
    if (!any) break;
  }
  const settled = await Promise.race([
    Promise.all(pendingPromises).then(() => true),
    flush()
      .then(() => flush())
      .then(() => false),
  ]);
  expect(settled).toBe(true);
  if (violations.length > 0) throw violations[0];
  expect(eventAfterDestroy).toBe(false);
  expect(controller.getState()).toBe(events.at(-1) ?? controller.getState());
}
