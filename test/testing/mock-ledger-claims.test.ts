// The stand-in's answers to the commands claims read, checked with xrpl.js: its own types on
// `client.request`, its pagination (`requestAll` follows the markers), and its parsers
// (`parseNFTokenID`, `getBalances`, `rippleTimeToISOTime`). An answer xrpl.js reads the same way
// as rippled's is an answer the claims are tested against honestly.
import { encodeAccountID } from "ripple-address-codec";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  Client,
  convertStringToHex,
  hasNextPage,
  type AccountLinesRequest,
  type AccountNFTsRequest,
  parseNFTokenID,
  rippleTimeToISOTime,
  type AccountLinesResponse,
  type AccountNFTsResponse,
  type AccountObjectsResponse,
  type LedgerEntryResponse,
  type LedgerResponse,
  type LedgerEntry,
} from "xrpl";
import { createMockLedger, type MockLedger } from "../../src/testing/index.js";

const HOLDER = encodeAccountID(new Uint8Array(20).fill(1));
const ISSUER = encodeAccountID(new Uint8Array(20).fill(2));
const OTHER = encodeAccountID(new Uint8Array(20).fill(3));
const ISSUANCE = "00000001A407AF5856CCF3C42619DAA925813FC955C72983";

let ledger: MockLedger;
let client: Client;

beforeEach(async () => {
  ledger = await createMockLedger();
  client = new Client(ledger.url);
  await client.connect();
});

afterEach(async () => {
  await client.disconnect();
  await ledger.stop();
});

/** xrpl.js's request, for a command its request types spell differently than rippled (see below). */
async function rawRequest<T>(request: Record<string, unknown>): Promise<T> {
  const response: unknown = await client.request(request as unknown as Parameters<Client["request"]>[0]);
  return response as T;
}

/** Every page, following the markers with xrpl.js's own requestNextPage and hasNextPage. */
async function allPages(request: AccountNFTsRequest): Promise<AccountNFTsResponse[]>;
async function allPages(request: AccountLinesRequest): Promise<AccountLinesResponse[]>;
async function allPages(request: AccountNFTsRequest | AccountLinesRequest): Promise<(AccountNFTsResponse | AccountLinesResponse)[]> {
  type NextPage = Parameters<Client["requestNextPage"]>;
  const pages: (AccountNFTsResponse | AccountLinesResponse)[] = [await client.request(request)];
  while (hasNextPage(pages.at(-1)!)) {
    const next: unknown = await client.requestNextPage(request as unknown as NextPage[0], pages.at(-1) as unknown as NextPage[1]);
    pages.push(next as AccountNFTsResponse | AccountLinesResponse);
  }
  return pages;
}

describe("the mock ledger, read by xrpl.js", () => {
  it("pages account_nfts as rippled does: 1,000 NFTs in pages of 400, NFTokenIDs xrpl.js can parse", async () => {
    ledger.setAccount(HOLDER, {
      nfts: Array.from({ length: 1000 }, (_, index) => ({ issuer: index < 500 ? ISSUER : OTHER, taxon: index % 3 })),
    });
    const first: AccountNFTsResponse = await client.request({
      command: "account_nfts",
      account: HOLDER,
      ledger_index: "validated",
      limit: 400,
    });
    expect(first.result).toMatchObject({ account: HOLDER, validated: true, ledger_index: ledger.ledgerIndex, limit: 400 });
    expect(first.result.account_nfts).toHaveLength(400);
    expect(typeof first.result.marker).toBe("string");
    const pages = await allPages({ command: "account_nfts", account: HOLDER, ledger_index: "validated", limit: 400 });
    expect(pages.map((page) => page.result.account_nfts.length)).toEqual([400, 400, 200]);
    expect(pages[2]!.result.marker).toBeUndefined();
    const all = pages.flatMap((page) => page.result.account_nfts);
    expect(new Set(all.map((nft) => nft.NFTokenID)).size).toBe(1000);
    for (const nft of [all[0]!, all[499]!, all[500]!, all[999]!]) {
      const parsed = parseNFTokenID(nft.NFTokenID);
      expect(parsed).toMatchObject({
        NFTokenID: nft.NFTokenID,
        Issuer: nft.Issuer,
        Taxon: nft.NFTokenTaxon,
        Sequence: nft.nft_serial,
        Flags: nft.Flags,
      });
    }
    // limit is clamped to rippled's 20..400; the default page is 100.
    const small: AccountNFTsResponse = await client.request({
      command: "account_nfts",
      account: HOLDER,
      ledger_index: "validated",
      limit: 5,
    });
    expect(small.result.account_nfts).toHaveLength(20);
    const fallback: AccountNFTsResponse = await client.request({ command: "account_nfts", account: HOLDER, ledger_index: "validated" });
    expect(fallback.result.account_nfts).toHaveLength(100);
  });

  it("answers account_lines with rippled's line fields, filtered by peer and paged", async () => {
    ledger.setAccount(HOLDER, {
      trustLines: [
        { peer: ISSUER, currency: "USD", balance: "12.5", freezePeer: true },
        { peer: ISSUER, currency: "0158415500000000C1F76FF6ECB0BAC600000000", balance: "1e-20" },
        ...Array.from({ length: 300 }, (_, index) => ({
          peer: OTHER,
          currency: index.toString(16).toUpperCase().padStart(40, "A"),
          balance: "1",
        })),
      ],
    });
    const lines: AccountLinesResponse = await client.request({
      command: "account_lines",
      account: HOLDER,
      peer: ISSUER,
      ledger_index: "validated",
    });
    expect(lines.result.lines).toEqual([
      {
        account: ISSUER,
        balance: "12.5",
        currency: "USD",
        limit: "1000000000",
        limit_peer: "0",
        quality_in: 0,
        quality_out: 0,
        no_ripple: true,
        freeze_peer: true,
      },
      {
        account: ISSUER,
        balance: "1e-20",
        currency: "0158415500000000C1F76FF6ECB0BAC600000000",
        limit: "1000000000",
        limit_peer: "0",
        quality_in: 0,
        quality_out: 0,
        no_ripple: true,
      },
    ]);
    const pages = await allPages({ command: "account_lines", account: HOLDER, ledger_index: "validated", limit: 200 });
    expect(pages.map((page) => page.result.lines.length)).toEqual([200, 102]);
    const balances = await client.getBalances(HOLDER, { peer: ISSUER });
    expect(balances).toEqual([
      { value: "12.5", currency: "USD", issuer: ISSUER },
      { value: "1e-20", currency: "0158415500000000C1F76FF6ECB0BAC600000000", issuer: ISSUER },
    ]);
  });

  it("answers account_objects of type mptoken with MPToken entries, MPTAmount left out when zero", async () => {
    ledger.setAccount(HOLDER, {
      mpTokens: [{ issuanceId: ISSUANCE, amount: "42" }, { issuanceId: ISSUANCE.replace("01", "02") }],
      did: true,
    });
    const objects: AccountObjectsResponse = await client.request({
      command: "account_objects",
      account: HOLDER,
      type: "mptoken",
      ledger_index: "validated",
    });
    expect(objects.result.account_objects).toHaveLength(2);
    const [held, empty] = objects.result.account_objects as Extract<LedgerEntry.LedgerEntry, { LedgerEntryType: "MPToken" }>[];
    expect(held).toMatchObject({ LedgerEntryType: "MPToken", MPTokenIssuanceID: ISSUANCE, MPTAmount: "42", Flags: 0, Account: HOLDER });
    expect(empty).not.toHaveProperty("MPTAmount");
    const all: AccountObjectsResponse = await client.request({ command: "account_objects", account: HOLDER, ledger_index: "validated" });
    expect(all.result.account_objects.map((object) => object.LedgerEntryType).sort()).toEqual(["DID", "MPToken", "MPToken"]);
  });

  it("answers ledger_entry for a credential, a DID and a permissioned domain, and entryNotFound", async () => {
    ledger.setAccount(HOLDER, { did: { uri: convertStringToHex("ipfs://example") } });
    ledger.setCredential({ subject: HOLDER, issuer: ISSUER, type: "KYC", expiration: new Date("2030-01-01T00:00:00Z") });
    // rippled names the field credential_type; xrpl.js 5's request type spells it credentialType.
    const credential = await rawRequest<LedgerEntryResponse<LedgerEntry.Credential>>({
      command: "ledger_entry",
      credential: { subject: HOLDER, issuer: ISSUER, credential_type: convertStringToHex("KYC") },
      ledger_index: "validated",
    });
    expect(credential.result).toMatchObject({
      validated: true,
      ledger_index: ledger.ledgerIndex,
      index: expect.stringMatching(/^[0-9A-F]{64}$/u),
    });
    expect(credential.result.node).toMatchObject({
      LedgerEntryType: "Credential",
      Subject: HOLDER,
      Issuer: ISSUER,
      CredentialType: "4B5943",
      Flags: 0x00010000,
    });
    expect(rippleTimeToISOTime(credential.result.node!.Expiration!)).toBe("2030-01-01T00:00:00.000Z");

    const did: LedgerEntryResponse<LedgerEntry.DID> = await client.request({
      command: "ledger_entry",
      did: HOLDER,
      ledger_index: "validated",
    });
    expect(did.result.node).toMatchObject({ LedgerEntryType: "DID", Account: HOLDER, URI: convertStringToHex("ipfs://example") });

    const domainId = ledger.setPermissionedDomain({ owner: ISSUER, sequence: 9, acceptedCredentials: [{ issuer: ISSUER, type: "KYC" }] });
    const domain = await rawRequest<LedgerEntryResponse>({
      command: "ledger_entry",
      permissioned_domain: domainId,
      ledger_index: "validated",
    });
    expect(domain.result.node).toMatchObject({
      LedgerEntryType: "PermissionedDomain",
      Owner: ISSUER,
      Sequence: 9,
      AcceptedCredentials: [{ Credential: { Issuer: ISSUER, CredentialType: "4B5943" } }],
    });
    const byOwner = await rawRequest<LedgerEntryResponse>({
      command: "ledger_entry",
      permissioned_domain: { account: ISSUER, seq: 9 },
      ledger_index: "validated",
    });
    expect(byOwner.result.index).toBe(domainId);

    await expect(client.request({ command: "ledger_entry", did: ISSUER, ledger_index: "validated" })).rejects.toMatchObject({
      data: { error: "entryNotFound" },
    });
  });

  it("answers ledger with the close time a test sets", async () => {
    ledger.setCloseTime(new Date("2026-11-20T10:00:00Z"));
    const response: LedgerResponse = await client.request({ command: "ledger", ledger_index: "validated" });
    expect(response.result.validated).toBe(true);
    expect(response.result.ledger).toMatchObject({
      ledger_index: ledger.ledgerIndex,
      closed: true,
      close_time_iso: "2026-11-20T10:00:00Z",
    });
    expect(rippleTimeToISOTime(response.result.ledger.close_time)).toBe("2026-11-20T10:00:00.000Z");
    expect(await client.getLedgerIndex()).toBe(ledger.ledgerIndex);
    await expect(client.request({ command: "ledger", ledger_index: 12 })).rejects.toMatchObject({ data: { error: "lgrNotFound" } });
  });

  it("answers after the latency a test sets", async () => {
    ledger.setAccount(HOLDER, {});
    ledger.setLatency(60);
    let started = performance.now();
    await client.request({ command: "account_info", account: HOLDER, ledger_index: "validated" });
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
    ledger.setLatency(0);
    started = performance.now();
    await client.request({ command: "account_info", account: HOLDER, ledger_index: "validated" });
    expect(performance.now() - started).toBeLessThan(55);
  });

  it("refuses a bad marker or limit, and an account that does not exist, as rippled does", async () => {
    ledger.setAccount(HOLDER, {});
    await expect(client.request({ command: "account_nfts", account: HOLDER, marker: "nope" })).rejects.toMatchObject({
      data: { error: "invalidParams" },
    });
    await expect(client.request({ command: "account_lines", account: HOLDER, limit: -1 })).rejects.toMatchObject({
      data: { error: "invalidParams" },
    });
    await expect(client.request({ command: "account_objects", account: ISSUER })).rejects.toMatchObject({ data: { error: "actNotFound" } });
  });
});
