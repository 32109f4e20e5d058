// verifier.readClaims / explainClaims against the rippled stand-in: every definition, the
// pagination of NFTs, trust lines and MPTokens, exact decimals, credential acceptance and
// expiry, outages, and bad definitions.
import { encodeAccountID } from "ripple-address-codec";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Client } from "xrpl";
import {
  allOf,
  anyOf,
  createVerifier,
  custom,
  hasCredential,
  hasDid,
  holdsMpt,
  holdsNft,
  holdsToken,
  inPermissionedDomain,
  InvalidOptionsError,
  LedgerRequestError,
  LedgerUnavailableError,
  not,
  type ClaimSet,
  type LedgerRequest,
  type Verifier,
} from "../../../src/index.js";
import { createMockLedger, type MockLedger, type MockLedgerNft } from "../../../src/testing/index.js";

/** A valid classic address per number (its account id is 20 bytes of that number). */
export function addressOf(seed: number): string {
  return encodeAccountID(new Uint8Array(20).fill(seed));
}

const HOLDER = addressOf(1);
const ISSUER = addressOf(2);
const OTHER_ISSUER = addressOf(3);
const STRANGER = addressOf(4);
const ISSUANCE = "00000001A407AF5856CCF3C42619DAA925813FC955C72983";

let ledger: MockLedger;
let verifier: Verifier;

beforeEach(async () => {
  ledger = await createMockLedger();
  verifier = createVerifier({ nodeUrl: ledger.url, connectTimeoutMs: 1000, requestTimeoutMs: 1000 });
});

afterEach(async () => {
  await verifier.close();
  await ledger.stop();
});

function nfts(count: number, make: (index: number) => MockLedgerNft): MockLedgerNft[] {
  return Array.from({ length: count }, (_, index) => make(index));
}

async function read<T extends ClaimSet>(claims: T, address = HOLDER) {
  return verifier.readClaims!(address, claims);
}

async function explain<T extends ClaimSet>(claims: T, address = HOLDER) {
  return verifier.explainClaims!(address, claims);
}

describe("holdsNft", () => {
  it("reads 1,000 NFTs over 3 pages when the one that counts is on the last page", async () => {
    ledger.setAccount(HOLDER, { nfts: nfts(1000, (index) => ({ issuer: ISSUER, taxon: index === 999 ? 7 : 1 })) });
    const answer = await explain({ member: holdsNft({ issuer: ISSUER, taxon: 7 }) });
    expect(answer.member.holds).toBe(true);
    expect(ledger.requestCount("account_nfts")).toBe(3);
    expect(answer.member.reason).toContain("3 pages of account_nfts read");
  });

  it("stops after the first page once the count is reached", async () => {
    ledger.setAccount(HOLDER, { nfts: nfts(1000, () => ({ issuer: ISSUER, taxon: 7 })) });
    const answer = await explain({ member: holdsNft({ issuer: ISSUER, minCount: 400 }) });
    expect(answer.member.holds).toBe(true);
    expect(answer.member.reason).toMatch(/^at least 400 NFTs .*stopped once known/u);
    expect(ledger.requestCount("account_nfts")).toBe(1);
  });

  it("counts every page for minCount, and says no one short of it", async () => {
    ledger.setAccount(HOLDER, { nfts: nfts(1000, (index) => ({ issuer: index % 2 === 0 ? ISSUER : OTHER_ISSUER, taxon: 3 })) });
    const results = await read({
      exactly: holdsNft({ issuer: ISSUER, taxon: 3, minCount: 500 }),
      oneMore: holdsNft({ issuer: ISSUER, taxon: 3, minCount: 501 }),
      otherTaxon: holdsNft({ issuer: ISSUER, taxon: 4 }),
      stranger: holdsNft({ issuer: STRANGER }),
    });
    expect(results).toEqual({ exactly: true, oneMore: false, otherTaxon: false, stranger: false });
    // Four claims on one list: each page was asked for once.
    expect(ledger.requestCount("account_nfts")).toBe(3);
  });

  it("answers false for an account with no NFTs and for one that does not exist", async () => {
    ledger.setAccount(HOLDER, {});
    expect(await read({ member: holdsNft({ issuer: ISSUER }) })).toEqual({ member: false });
    expect(await read({ member: holdsNft({ issuer: ISSUER }) }, STRANGER)).toEqual({ member: false });
  });
});

describe("holdsToken", () => {
  const line = (balance: string, extra: Record<string, unknown> = {}) => ({ peer: ISSUER, currency: "USD", balance, ...extra });

  it("compares balances exactly as decimals", async () => {
    const cases: [balance: string, minBalance: string | undefined, holds: boolean][] = [
      ["0.1", "0.1", true],
      ["0.09999999999999999", "0.1", false],
      ["0.3", "0.30000000000000001", false],
      ["1000000000000000e-15", "1", true],
      ["9999999999999999e-16", "1", false],
      ["9999999999999999e80", "1e95", true],
      ["1e-81", undefined, true],
      ["0", undefined, false],
      ["0", "0", true],
      ["-5", undefined, false],
      ["-5", "0", false],
      ["12.5", "12.50", true],
      ["12.5", "12.500000000000001", false],
    ];
    for (const [balance, minBalance, holds] of cases) {
      ledger.setAccount(HOLDER, { trustLines: [line(balance)] });
      const claim = holdsToken({ currency: "USD", issuer: ISSUER, ...(minBalance === undefined ? {} : { minBalance }) });
      expect({ balance, minBalance, holds: (await read({ usd: claim })).usd }).toEqual({ balance, minBalance, holds });
    }
  });

  it("does not count a line the issuer froze", async () => {
    ledger.setAccount(HOLDER, { trustLines: [line("500", { freezePeer: true })] });
    const answer = await explain({ usd: holdsToken({ currency: "USD", issuer: ISSUER }) });
    expect(answer.usd.holds).toBe(false);
    expect(answer.usd.reason).toContain("frozen by the issuer");
    ledger.setAccount(HOLDER, { trustLines: [line("500", { freezePeer: true, deepFreezePeer: true })] });
    expect(await read({ usd: holdsToken({ currency: "USD", issuer: ISSUER }) })).toEqual({ usd: false });
  });

  it("counts a line the holder froze on its side", async () => {
    ledger.setAccount(HOLDER, { trustLines: [line("500", { freeze: true })] });
    expect(await read({ usd: holdsToken({ currency: "USD", issuer: ISSUER }) })).toEqual({ usd: true });
  });

  it("follows account_lines pages from the issuer's lines and asks with peer", async () => {
    const currencies = Array.from({ length: 450 }, (_, index) => index.toString(16).toUpperCase().padStart(40, "F"));
    ledger.setAccount(HOLDER, {
      trustLines: [
        ...currencies.map((currency) => ({ peer: ISSUER, currency, balance: "1" })),
        { peer: ISSUER, currency: "EUR", balance: "3" },
        { peer: OTHER_ISSUER, currency: "USD", balance: "99" },
      ],
    });
    const results = await read({
      eur: holdsToken({ currency: "EUR", issuer: ISSUER, minBalance: "3" }),
      usd: holdsToken({ currency: "USD", issuer: ISSUER }),
      otherUsd: holdsToken({ currency: "USD", issuer: OTHER_ISSUER, minBalance: "99" }),
    });
    expect(results).toEqual({ eur: true, usd: false, otherUsd: true });
    // ISSUER: 451 lines, 2 pages (shared by eur and usd); OTHER_ISSUER: 1 page.
    expect(ledger.requestCount("account_lines")).toBe(3);
  });

  it("matches 40-hex currencies in any case, and the hex form of a 3-letter code", async () => {
    const hex = "0158415500000000C1F76FF6ECB0BAC600000000";
    ledger.setAccount(HOLDER, { trustLines: [{ peer: ISSUER, currency: hex, balance: "2" }, line("4")] });
    expect(
      await read({
        gold: holdsToken({ currency: hex.toLowerCase(), issuer: ISSUER }),
        usd: holdsToken({ currency: "0000000000000000000000005553440000000000", issuer: ISSUER, minBalance: "4" }),
      }),
    ).toEqual({ gold: true, usd: true });
  });

  it("answers false without a line, and for an account that does not exist", async () => {
    ledger.setAccount(HOLDER, {});
    const answer = await explain({ usd: holdsToken({ currency: "USD", issuer: ISSUER }) });
    expect(answer.usd).toMatchObject({ holds: false, reason: `USD trust line to ${ISSUER}: none` });
    expect(await read({ usd: holdsToken({ currency: "USD", issuer: ISSUER }) }, STRANGER)).toEqual({ usd: false });
  });
});

describe("holdsMpt", () => {
  it("reads the MPToken of the issuance, its amount and lock", async () => {
    ledger.setAccount(HOLDER, {
      mpTokens: [
        { issuanceId: "00000002A407AF5856CCF3C42619DAA925813FC955C72983", amount: "900" },
        { issuanceId: ISSUANCE, amount: "5" },
      ],
    });
    expect(
      await read({
        any: holdsMpt({ issuanceId: ISSUANCE.toLowerCase() }),
        five: holdsMpt({ issuanceId: ISSUANCE, minAmount: "5" }),
        six: holdsMpt({ issuanceId: ISSUANCE, minAmount: "6" }),
        absent: holdsMpt({ issuanceId: "00000003A407AF5856CCF3C42619DAA925813FC955C72983" }),
      }),
    ).toEqual({ any: true, five: true, six: false, absent: false });
    expect(ledger.requestCount("account_objects")).toBe(1);
  });

  it("does not count a locked or an empty holding", async () => {
    ledger.setAccount(HOLDER, { mpTokens: [{ issuanceId: ISSUANCE, amount: "5", locked: true }] });
    const answer = await explain({ mpt: holdsMpt({ issuanceId: ISSUANCE }) });
    expect(answer.mpt).toMatchObject({ holds: false });
    expect(answer.mpt.reason).toContain("locked");
    ledger.setAccount(HOLDER, { mpTokens: [{ issuanceId: ISSUANCE }] });
    expect(await read({ mpt: holdsMpt({ issuanceId: ISSUANCE }) })).toEqual({ mpt: false });
  });

  it("follows account_objects pages", async () => {
    const ids = Array.from({ length: 420 }, (_, index) => index.toString(16).toUpperCase().padStart(48, "0"));
    ledger.setAccount(HOLDER, {
      mpTokens: [...ids.map((issuanceId) => ({ issuanceId, amount: "1" })), { issuanceId: ISSUANCE, amount: "7" }],
    });
    expect(await read({ mpt: holdsMpt({ issuanceId: ISSUANCE, minAmount: "7" }) })).toEqual({ mpt: true });
    expect(ledger.requestCount("account_objects")).toBe(2);
  });
});

describe("hasCredential", () => {
  const kyc = hasCredential({ issuer: ISSUER, type: "KYC" });

  it("holds for an accepted credential without expiration, in one request", async () => {
    ledger.setCredential({ subject: HOLDER, issuer: ISSUER, type: "KYC" });
    const answer = await explain({ kyc });
    expect(answer.kyc).toEqual({
      holds: true,
      description: `has the credential KYC from ${ISSUER}, accepted and not expired`,
      reason: `credential KYC from ${ISSUER}: present, accepted, no expiration`,
    });
    expect(ledger.requestCount()).toBe(1);
  });

  it("does not hold before the subject accepts it", async () => {
    ledger.setCredential({ subject: HOLDER, issuer: ISSUER, type: "KYC", accepted: false });
    const answer = await explain({ kyc });
    expect(answer.kyc).toMatchObject({ holds: false, reason: `credential KYC from ${ISSUER}: present, not accepted` });
  });

  it("judges expiry against the validated ledger's close time", async () => {
    const expiration = new Date("2026-11-20T10:00:00Z");
    ledger.setCredential({ subject: HOLDER, issuer: ISSUER, type: "KYC", expiration });
    ledger.setCloseTime(new Date("2026-11-20T09:59:59Z"));
    expect(await read({ kyc })).toEqual({ kyc: true });
    // rippled: expired once the close time is past Expiration; at it, still valid.
    ledger.setCloseTime(expiration);
    expect(await read({ kyc })).toEqual({ kyc: true });
    ledger.setCloseTime(new Date("2026-11-20T10:00:01Z"));
    const answer = await explain({ kyc });
    expect(answer.kyc.holds).toBe(false);
    expect(answer.kyc.reason).toBe(
      `credential KYC from ${ISSUER}: present, accepted, expired at 2026-11-20T10:00:00Z (validated ledger ${ledger.ledgerIndex} closed at 2026-11-20T10:00:01Z)`,
    );
  });

  it("answers false when absent (entryNotFound), and after deletion", async () => {
    const answer = await explain({ kyc });
    expect(answer.kyc).toMatchObject({ holds: false, reason: `credential KYC from ${ISSUER}: absent` });
    ledger.setCredential({ subject: HOLDER, issuer: ISSUER, type: "KYC" });
    expect(await read({ kyc })).toEqual({ kyc: true });
    ledger.removeCredential(HOLDER, ISSUER, "KYC");
    expect(await read({ kyc })).toEqual({ kyc: false });
  });

  it("takes the type as hex, and tells issuers and types apart", async () => {
    ledger.setCredential({ subject: HOLDER, issuer: ISSUER, type: { hex: "00FF10" } });
    ledger.setCredential({ subject: HOLDER, issuer: OTHER_ISSUER, type: "Accredited investor" });
    expect(
      await read({
        hex: hasCredential({ issuer: ISSUER, type: { hex: "00ff10" } }),
        text: hasCredential({ issuer: OTHER_ISSUER, type: "Accredited investor" }),
        wrongIssuer: hasCredential({ issuer: ISSUER, type: "Accredited investor" }),
        wrongCase: hasCredential({ issuer: OTHER_ISSUER, type: "accredited investor" }),
      }),
    ).toEqual({ hex: true, text: true, wrongIssuer: false, wrongCase: false });
  });
});

describe("hasDid", () => {
  it("answers whether the account has a DID entry", async () => {
    ledger.setAccount(HOLDER, { did: true });
    ledger.setAccount(OTHER_ISSUER, {});
    expect(await read({ did: hasDid() })).toEqual({ did: true });
    expect(await explain({ did: hasDid() }, OTHER_ISSUER)).toEqual({
      did: { holds: false, description: "has a DID", reason: "DID: absent" },
    });
    expect(await read({ did: hasDid() }, STRANGER)).toEqual({ did: false });
  });
});

describe("inPermissionedDomain", () => {
  it("holds for an account with one of the domain's credentials, accepted and unexpired", async () => {
    const domainId = ledger.setPermissionedDomain({
      owner: OTHER_ISSUER,
      acceptedCredentials: [
        { issuer: ISSUER, type: "KYC" },
        { issuer: OTHER_ISSUER, type: "Member" },
      ],
    });
    const member = inPermissionedDomain({ domainId });
    expect(await read({ member })).toEqual({ member: false });
    ledger.setCredential({ subject: HOLDER, issuer: ISSUER, type: "KYC", accepted: false });
    ledger.setCredential({ subject: HOLDER, issuer: OTHER_ISSUER, type: "Member", expiration: new Date("2026-01-01T00:00:00Z") });
    ledger.setCloseTime(new Date("2026-06-01T00:00:00Z"));
    const refused = await explain({ member });
    expect(refused.member.holds).toBe(false);
    expect(refused.member.reason).toContain("not accepted");
    expect(refused.member.reason).toContain("expired at 2026-01-01T00:00:00Z");
    ledger.setCredential({ subject: HOLDER, issuer: ISSUER, type: "KYC" });
    const admitted = await explain({ member });
    expect(admitted.member).toMatchObject({ holds: true });
    expect(admitted.member.reason).toContain(`credential KYC from ${ISSUER}: present, accepted`);
  });

  it("answers false for a domain that does not exist", async () => {
    const answer = await explain({ member: inPermissionedDomain({ domainId: "AB".repeat(32) }) });
    expect(answer.member).toMatchObject({ holds: false, reason: `permissioned domain ABABABAB…ABAB: not found` });
  });
});

describe("allOf, anyOf, not", () => {
  it("combine the answers, reading shared look-ups once", async () => {
    ledger.setAccount(HOLDER, { did: true });
    ledger.setCredential({ subject: HOLDER, issuer: ISSUER, type: "KYC" });
    const kyc = hasCredential({ issuer: ISSUER, type: "KYC" });
    const banned = hasCredential({ issuer: ISSUER, type: "BANNED" });
    const results = await read({
      both: allOf(kyc, hasDid()),
      bothAndBanned: allOf(kyc, banned),
      either: anyOf(banned, hasDid()),
      neither: anyOf(banned, holdsNft({ issuer: ISSUER })),
      notBanned: not(banned),
      notKyc: not(kyc),
      nested: allOf(anyOf(banned, kyc), not(banned)),
    });
    expect(results).toEqual({
      both: true,
      bothAndBanned: false,
      either: true,
      neither: false,
      notBanned: true,
      notKyc: false,
      nested: true,
    });
    expect(ledger.requestCount("ledger_entry")).toBe(3); // KYC, BANNED, DID: each once
  });
});

describe("custom", () => {
  it("gets the address and a typed ledger.request on the validated ledger", async () => {
    ledger.setAccount(HOLDER, { balance: "250000000", sequence: 120 });
    const seen: unknown[] = [];
    const results = await read({
      rich: custom("holds 200 XRP", async (address, ledgerView) => {
        const info = await ledgerView.request({ command: "account_info", account: address });
        seen.push(info.validated, info.ledger_index);
        return BigInt(info.account_data.Balance) >= 200_000_000n;
      }),
      old: custom("over 1000 transactions", async (address, ledgerView) => {
        const info = await ledgerView.request({ command: "account_info", account: address });
        return info.account_data.Sequence > 1000;
      }),
    });
    expect(results).toEqual({ rich: true, old: false });
    expect(seen).toEqual([true, ledger.ledgerIndex]);
  });

  it("sees the node's errors as LedgerRequestError with rippled's token", async () => {
    const results = await read(
      {
        funded: custom("funded", async (address, ledgerView) => {
          try {
            await ledgerView.request({ command: "account_info", account: address });
            return true;
          } catch (error) {
            if (error instanceof LedgerRequestError && error.error === "actNotFound") return false;
            throw error;
          }
        }),
      },
      STRANGER,
    );
    expect(results).toEqual({ funded: false });
  });

  it("refuses an answer that is not true or false, and passes its own errors through", async () => {
    const odd = custom("odd", (() => Promise.resolve("yes")) as never);
    await expect(read({ odd })).rejects.toThrow(InvalidOptionsError);
    await expect(read({ odd })).rejects.toThrow(/"odd" answered "yes"; its check must resolve true or false/u);
    const failing = custom("failing", () => Promise.reject(new RangeError("bug in the app")));
    await expect(read({ failing })).rejects.toThrow(RangeError);
  });
});

describe("an outage", () => {
  it("rejects with LedgerUnavailableError when the node does not answer in time", async () => {
    await verifier.close();
    verifier = createVerifier({ nodeUrl: ledger.url, connectTimeoutMs: 300, requestTimeoutMs: 300 });
    ledger.setBehaviour("silent");
    await expect(read({ kyc: hasCredential({ issuer: ISSUER, type: "KYC" }), did: hasDid() })).rejects.toThrow(LedgerUnavailableError);
  });

  it("rejects with LedgerUnavailableError when the node is down, and reads again once it is back", async () => {
    await verifier.close();
    verifier = createVerifier({ nodeUrl: ledger.url, connectTimeoutMs: 300, requestTimeoutMs: 300 });
    ledger.setAccount(HOLDER, { did: true });
    await ledger.stop();
    await expect(read({ did: hasDid() })).rejects.toThrow(LedgerUnavailableError);
    await ledger.restart();
    expect(await read({ did: hasDid() })).toEqual({ did: true });
  });
});

describe("what readClaims refuses", () => {
  it("a bad definition, naming the claim and the field", async () => {
    const forged = { kind: "credential", description: "kyc", issuer: "rNotAnAddress", type: "KYC" };
    await expect(read({ kyc: forged })).rejects.toThrow(InvalidOptionsError);
    await expect(read({ kyc: forged })).rejects.toThrow(/^sign-in-with-xrpl: claims\.kyc\.issuer must be a classic XRPL address/u);
    const nested = { kind: "allOf", description: "x", claims: [hasDid(), { kind: "nft", description: "n", issuer: ISSUER, minCount: 0 }] };
    await expect(read({ both: nested })).rejects.toThrow(
      /claims\.both\.claims\[1\]\.minCount must be a whole number of at least 1, got 0/u,
    );
    await expect(read({ what: { kind: "vibes", description: "?" } })).rejects.toThrow(/claims\.what\.kind must be one of nft, token/u);
    expect(ledger.requestCount()).toBe(0);
  });

  it("an address that is not a classic address", async () => {
    await expect(verifier.readClaims!("not-an-address", { did: hasDid() })).rejects.toThrow(/readClaims\(address\): address must be/u);
  });

  it("answers a node sends in another shape, as LedgerUnavailableError", async () => {
    const answers: Record<string, Record<string, unknown>> = {
      account_nfts: { account_nfts: "nope", validated: true },
      account_lines: { lines: [{ account: ISSUER, currency: "USD", balance: "1.2.3" }], validated: true },
      ledger_entry: { node: { LedgerEntryType: "Credential", Subject: HOLDER }, validated: true },
      account_objects: { account_objects: [], validated: false },
    };
    const shaped = createVerifier({
      ledgerReader: {
        getAccountAuthority: () => Promise.reject(new Error("not used")),
        request: (command) => Promise.resolve(answers[command.command]!),
      },
    });
    for (const claim of [
      holdsNft({ issuer: ISSUER }),
      holdsToken({ currency: "USD", issuer: ISSUER }),
      hasCredential({ issuer: ISSUER, type: "KYC" }),
      holdsMpt({ issuanceId: ISSUANCE }),
    ]) {
      await expect(shaped.readClaims!(HOLDER, { claim })).rejects.toThrow(/with data this library cannot read/u);
    }
  });

  it("a ledgerReader whose request fails: LedgerUnavailableError, or false for not found", async () => {
    const failing = createVerifier({
      ledgerReader: {
        getAccountAuthority: () => Promise.reject(new Error("not used")),
        request: (command) =>
          command["did"] !== undefined
            ? Promise.reject(new LedgerRequestError("entryNotFound", "Entry not found."))
            : command.command === "account_nfts"
              ? Promise.reject(new LedgerRequestError("invalidParams", "Invalid field 'marker'."))
              : Promise.reject(new TypeError("socket exploded")),
      },
    });
    expect(await failing.readClaims!(HOLDER, { did: hasDid() })).toEqual({ did: false });
    await expect(failing.readClaims!(HOLDER, { nft: holdsNft({ issuer: ISSUER }) })).rejects.toThrow(
      /^The ledger node refused account_nfts: invalidParams/u,
    );
    const outage = failing.readClaims!(HOLDER, { kyc: hasCredential({ issuer: ISSUER, type: "KYC" }) });
    await expect(outage).rejects.toThrow(LedgerUnavailableError);
    await expect(outage).rejects.toThrow(/could not answer ledger_entry: socket exploded/u);
  });

  it("a node that answers the same marker again", async () => {
    const looping = createVerifier({
      ledgerReader: {
        getAccountAuthority: () => Promise.reject(new Error("not used")),
        request: () => Promise.resolve({ account_nfts: [], marker: "SAME", ledger_index: 7, validated: true }),
      },
    });
    await expect(looping.readClaims!(HOLDER, { nft: holdsNft({ issuer: ISSUER }) })).rejects.toThrow(/the same marker twice/u);
  });

  it("a ledgerReader without request", async () => {
    const without = createVerifier({ ledgerReader: { getAccountAuthority: () => Promise.reject(new Error("not used")) } });
    await expect(without.readClaims!(HOLDER, { did: hasDid() })).rejects.toThrow(/reading claims needs ledgerReader\.request\(command\)/u);
  });
});

/** A `LedgerReader.request` over an xrpl.js Client: the node's errors become LedgerRequestError. */
async function xrplRequest(client: Client, command: LedgerRequest): Promise<Record<string, unknown>> {
  try {
    const response: { result: unknown } = await client.request(command as unknown as Parameters<Client["request"]>[0]);
    return response.result as Record<string, unknown>;
  } catch (error) {
    const data = (error as { data?: { error?: unknown } }).data;
    if (typeof data?.error === "string") throw new LedgerRequestError(data.error, (error as Error).message);
    throw error;
  }
}

describe("on the one connection", () => {
  it("sends every claim's first look-up at once", async () => {
    let inFlight = 0;
    let peak = 0;
    const client = new Client(ledger.url);
    await client.connect();
    ledger.setAccount(HOLDER, { did: true, nfts: [{ issuer: ISSUER }], trustLines: [{ peer: ISSUER, currency: "USD", balance: "1" }] });
    const sent: LedgerRequest[] = [];
    const through = createVerifier({
      ledgerReader: {
        getAccountAuthority: () => Promise.reject(new Error("not used")),
        async request(command) {
          sent.push(command);
          inFlight += 1;
          peak = Math.max(peak, inFlight);
          try {
            return await xrplRequest(client, command);
          } finally {
            inFlight -= 1;
          }
        },
      },
    });
    try {
      expect(
        await through.readClaims!(HOLDER, {
          did: hasDid(),
          nft: holdsNft({ issuer: ISSUER }),
          usd: holdsToken({ currency: "USD", issuer: ISSUER }),
          kyc: hasCredential({ issuer: ISSUER, type: "KYC" }),
        }),
      ).toEqual({ did: true, nft: true, usd: true, kyc: false });
      expect(peak).toBe(4);
      expect(sent.every((command) => command["ledger_index"] === "validated")).toBe(true);
    } finally {
      await client.disconnect();
    }
  });

  it("reads later pages from the ledger of the first page, with its marker", async () => {
    const sent: LedgerRequest[] = [];
    const client = new Client(ledger.url);
    await client.connect();
    ledger.setAccount(HOLDER, { nfts: nfts(1000, () => ({ issuer: OTHER_ISSUER })) });
    const through = createVerifier({
      ledgerReader: {
        getAccountAuthority: () => Promise.reject(new Error("not used")),
        async request(command) {
          sent.push(command);
          return xrplRequest(client, command);
        },
      },
    });
    try {
      expect(await through.readClaims!(HOLDER, { nft: holdsNft({ issuer: ISSUER }) })).toEqual({ nft: false });
      expect(sent.map((command) => [command["ledger_index"], typeof command["marker"], command["limit"]])).toEqual([
        ["validated", "undefined", 400],
        [ledger.ledgerIndex, "string", 400],
        [ledger.ledgerIndex, "string", 400],
      ]);
    } finally {
      await client.disconnect();
    }
  });
});
