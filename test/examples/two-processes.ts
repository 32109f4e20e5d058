/**
 * The checks every shared-store setup of the Express example must pass with two processes on
 * one store (Redis, PostgreSQL): a session started on one is used on the other, of 20 racing
 * verifies of one signed message across both exactly one signs in, and of 40 racing forged proofs
 * on one nonce across both at most five are judged (the count lives in the shared store).
 */
import { expect, it } from "vitest";
import { createCookieJar } from "../support/cookie-jar.js";
import type { ExampleProcess } from "../support/example-process.js";
import type { MockRippled } from "../support/mock-rippled.js";
import {
  getMe,
  getNonce,
  newKeyAccount,
  newWallet,
  postSignOut,
  postVerify,
  routesOf,
  signatureProof,
  signedTxProof,
  signInMessage,
} from "./flow.js";

export interface TwoProcesses {
  serverA: ExampleProcess;
  serverB: ExampleProcess;
  node: MockRippled;
}

/**
 * Registers the checks. `current` is read when each check runs (after `beforeAll`);
 * `afterSignIn` may look at the store once a nonce has been used.
 */
export function itSharesSessionsAndNoncesAcrossTwoProcesses(
  current: () => TwoProcesses,
  afterSignIn?: (nonce: string) => Promise<void>,
): void {
  it("signs in on one process and answers /api/me on the other with the same cookie", async () => {
    const { serverA, serverB } = current();
    const a = routesOf(serverA.url, "server-store");
    const b = routesOf(serverB.url, "server-store");
    const jar = createCookieJar();
    const account = newKeyAccount();
    const nonce = await getNonce(jar, a);
    // The nonce issued by A is pending in the shared session: B verifies it.
    const answer = await postVerify(jar, b, signatureProof(signInMessage(account.address, nonce), account));
    expect(answer).toMatchObject({ status: 200, body: { ok: true, address: account.address } });
    expect(await getMe(jar, a)).toMatchObject({ status: 200, body: { address: account.address } });
    expect(await getMe(jar, b)).toMatchObject({ status: 200, body: { address: account.address } });
    await afterSignIn?.(nonce);

    // Sign-out on A ends the session on B too.
    expect((await postSignOut(jar.clone(), a)).status).toBe(200);
    expect(await getMe(jar, b)).toMatchObject({ status: 401, body: { error: "Not authenticated." } });
  });

  it("signs in by signed transaction across the two processes", async () => {
    const { serverA, serverB, node } = current();
    const jar = createCookieJar();
    const wallet = newWallet("ecdsa-secp256k1");
    node.setAccount(wallet.classicAddress, {});
    const nonce = await getNonce(jar, routesOf(serverB.url, "server-store"));
    const answer = await postVerify(
      jar,
      routesOf(serverA.url, "server-store"),
      signedTxProof(signInMessage(wallet.classicAddress, nonce), wallet),
    );
    expect(answer).toMatchObject({ status: 200, body: { ok: true, address: wallet.classicAddress } });
  });

  it("accepts exactly one of 20 verify requests racing the same signed message across both processes", async () => {
    const { serverA, serverB } = current();
    const jar = createCookieJar();
    const account = newKeyAccount();
    const nonce = await getNonce(jar, routesOf(serverA.url, "server-store"));
    const body = signatureProof(signInMessage(account.address, nonce), account);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        postVerify(jar.clone(), routesOf((index % 2 === 0 ? serverA : serverB).url, "server-store"), body),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.status !== 200)) {
      expect(answer.status).toBe(400);
      expect(["Nonce has already been used.", "No pending nonce. Request /nonce first."]).toContain(answer.body.error);
    }
  });

  it("judges at most 5 of 40 forged proofs racing on one nonce across both processes; the honest proof after them is refused", async () => {
    const { serverA, serverB } = current();
    const jar = createCookieJar();
    const account = newKeyAccount();
    const nonce = await getNonce(jar, routesOf(serverA.url, "server-store"));
    const message = signInMessage(account.address, nonce);
    const forged = signatureProof(message, { ...newKeyAccount(), address: account.address });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        postVerify(jar.clone(), routesOf((index % 2 === 0 ? serverA : serverB).url, "server-store"), forged),
      ),
    );
    // A count kept in each process's memory would judge up to five on each.
    const judged = answers.filter((answer) => answer.body.error === "Signature verification failed.");
    expect(judged.length).toBeGreaterThan(0);
    expect(judged.length).toBeLessThanOrEqual(5);
    for (const answer of answers) {
      expect(["Signature verification failed.", "No pending nonce. Request /nonce first."]).toContain(answer.body.error);
    }
    const honest = await postVerify(jar, routesOf(serverB.url, "server-store"), signatureProof(message, account));
    expect(honest).toMatchObject({ status: 400, body: { error: "No pending nonce. Request /nonce first." } });
  });
}
