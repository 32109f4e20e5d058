// A stand-in for an XRP Ledger node (rippled) for tests: a real WebSocket server on 127.0.0.1
// that answers the commands this library sends (`server_info`, `account_info` with
// `signer_lists`, `ping`, `subscribe`, `unsubscribe`, and for claims `account_nfts`,
// `account_lines`, `account_objects`, `ledger_entry` and `ledger`) in rippled's API v2 JSON
// shapes and pagination (`limit` clamped to rippled's range, `marker` to the next page, later
// pages of the same ledger), as rippled documents them
// (https://xrpl.org/docs/references/http-websocket-apis). A test steers it (accounts, regular
// keys, signer lists, flags, NFTs, trust lines, MPTokens, DIDs, credentials, permissioned
// domains, the validated ledger's close time, network id, outages) and reads how many requests
// it received.
//
// Node only, and nothing is loaded until `createMockLedger` runs: `node:http` comes from
// `process.getBuiltinModule` and the `ws` server on first call, so importing
// `sign-in-with-xrpl/testing` stays safe in Workers, Deno and browsers (the contract suites run there).
import type * as NodeHttpModule from "node:http";
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import type { RawData, WebSocket, WebSocketServer } from "ws";
import { isClassicAddress } from "../message/address.js";

/**
 * `lsfDisableMaster`: the account's master key may not sign. Set it in `MockLedgerAccount.flags`
 * (or use `masterKeyDisabled: true`) to test an account that signs with a regular key or a signer list.
 *
 * @example
 * ```ts
 * ledger.setAccount(address, { flags: LSF_DISABLE_MASTER, regularKey: otherAddress });
 * ```
 */
export const LSF_DISABLE_MASTER = 0x00100000;

/**
 * What the mock ledger holds for one account (its `AccountRoot` and `SignerList`). Every field is optional:
 * `{}` is a funded account whose master key signs.
 *
 * @example
 * ```ts
 * const account: MockLedgerAccount = {
 *   masterKeyDisabled: true,
 *   regularKey: "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe",
 *   signerList: { quorum: 2, signers: [{ account: "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", weight: 2 }] },
 * };
 * ```
 */
export interface MockLedgerAccount {
  /** The `AccountRoot` flags. Default 0. `LSF_DISABLE_MASTER` (0x00100000) disables the master key. */
  flags?: number | undefined;
  /** Adds `LSF_DISABLE_MASTER` to `flags`. */
  masterKeyDisabled?: boolean | undefined;
  /** The account's regular key (a classic address). */
  regularKey?: string | undefined;
  /** The account's signer list: `quorum` and each signer's `weight`. */
  signerList?: { quorum: number; signers: { account: string; weight: number }[] } | undefined;
  /** Balance in drops. Default `"100000000"` (100 XRP). */
  balance?: string | undefined;
  /** The next sequence number. Default 1. */
  sequence?: number | undefined;
  /** The NFTs the account owns, in the order `account_nfts` lists them. */
  nfts?: readonly MockLedgerNft[] | undefined;
  /** The account's trust lines, as `account_lines` shows them from its side. */
  trustLines?: readonly MockLedgerTrustLine[] | undefined;
  /** The account's MPTokens (`account_objects` of type `mptoken`). */
  mpTokens?: readonly MockLedgerMpToken[] | undefined;
  /** The account's DID entry: `true` for one with a URI only, or its fields. Default: none. */
  did?: boolean | MockLedgerDid | undefined;
}

/**
 * An NFT an account owns (`account_nfts`).
 *
 * @example
 * ```ts
 * const nft: MockLedgerNft = { issuer: "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", taxon: 7 };
 * ```
 */
export interface MockLedgerNft {
  /** Who minted it. */
  issuer: string;
  /** Its taxon. Default 0. */
  taxon?: number | undefined;
  /** `NFTokenID`; default one built from the flags, fee, issuer, taxon and serial as the ledger builds it. */
  id?: string | undefined;
  /** `Flags`. Default 8 (transferable). */
  flags?: number | undefined;
  /** `TransferFee`. Default 0. */
  transferFee?: number | undefined;
  /** `nft_serial`; default its position among the issuer's NFTs of this account. */
  serial?: number | undefined;
  /** `URI` as hex. */
  uri?: string | undefined;
}

/**
 * A trust line as `account_lines` shows it from the account's side: a positive `balance` is
 * what the account holds of `peer`'s token.
 *
 * @example
 * ```ts
 * const line: MockLedgerTrustLine = { peer: "rhub8VRN55s94qWKDv6jmDy1pUykJzF3wq", currency: "USD", balance: "12.5" };
 * ```
 */
export interface MockLedgerTrustLine {
  /** The other account of the line (the issuer, for a holder). */
  peer: string;
  /** A 3-character code or 40 hex characters. */
  currency: string;
  /** The balance as rippled writes it: `"12.5"`, `"-3"`, `"1e-20"`. Default `"0"`. */
  balance?: string | undefined;
  /** The account's limit. Default `"1000000000"`. */
  limit?: string | undefined;
  /** The peer's limit. Default `"0"`. */
  limitPeer?: string | undefined;
  /** The account froze the line. */
  freeze?: boolean | undefined;
  /** The peer (the issuer) froze the line. */
  freezePeer?: boolean | undefined;
  /** The account deep-froze the line. */
  deepFreeze?: boolean | undefined;
  /** The peer (the issuer) deep-froze the line. */
  deepFreezePeer?: boolean | undefined;
  /** The account set No Ripple. Default true, as a holder's line usually has. */
  noRipple?: boolean | undefined;
  /** The peer set No Ripple. */
  noRipplePeer?: boolean | undefined;
  /** The account authorized the peer to hold its token. */
  authorized?: boolean | undefined;
  /** The peer authorized the account to hold its token. */
  peerAuthorized?: boolean | undefined;
}

/**
 * An `MPToken` entry: an account's holding of a Multi-Purpose Token issuance.
 *
 * @example
 * ```ts
 * const token: MockLedgerMpToken = { issuanceId: "00000001A407AF5856CCF3C42619DAA925813FC955C72983", amount: "100" };
 * ```
 */
export interface MockLedgerMpToken {
  /** `MPTokenIssuanceID`, 48 hex characters. */
  issuanceId: string;
  /** `MPTAmount`, a whole number as a string; left out of the entry when zero, as rippled does. Default `"0"`. */
  amount?: string | undefined;
  /** `lsfMPTLocked`: the issuer locked this holding. */
  locked?: boolean | undefined;
  /** `lsfMPTAuthorized`: the issuer authorized this holder. */
  authorized?: boolean | undefined;
}

/**
 * A `DID` entry's fields (hex, as the ledger holds them).
 *
 * @example
 * ```ts
 * const did: MockLedgerDid = { uri: "697066733A2F2F6578616D706C65" };
 * ```
 */
export interface MockLedgerDid {
  uri?: string | undefined;
  data?: string | undefined;
  document?: string | undefined;
}

/**
 * A `Credential` entry: an attestation by `issuer` about `subject`.
 *
 * @example
 * ```ts
 * ledger.setCredential({ subject: address, issuer: "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe", type: "KYC", accepted: true });
 * ```
 */
export interface MockLedgerCredential {
  subject: string;
  issuer: string;
  /** Text (stored as its UTF-8 hex) or `{ hex }`. */
  type: string | { hex: string };
  /** `lsfAccepted`: the subject accepted it. Default true. */
  accepted?: boolean | undefined;
  /** `Expiration`, as a time; stored in seconds since the Ripple epoch (2000-01-01). Default: none. */
  expiration?: Date | undefined;
  /** `URI` as hex. */
  uri?: string | undefined;
}

/**
 * A `PermissionedDomain` entry: the credentials that make an account a member.
 *
 * @example
 * ```ts
 * const domainId = ledger.setPermissionedDomain({ owner: "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe", acceptedCredentials: [{ issuer: "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe", type: "KYC" }] });
 * ```
 */
export interface MockLedgerPermissionedDomain {
  /** The account that set it up. */
  owner: string;
  /** The `Sequence` of the transaction that created it. Default 1. */
  sequence?: number | undefined;
  /** Up to 10 credentials (issuer and type) the domain accepts. */
  acceptedCredentials: readonly { issuer: string; type: string | { hex: string } }[];
  /** The entry's id (64 hex); default one derived from the owner and sequence. */
  id?: string | undefined;
}

/**
 * How the mock ledger answers (`setBehaviour`):
 * - `"normal"`: answer every request.
 * - `"silent"`: accept connections and requests, never answer (a hung node).
 * - `"refuse"`: close every new connection during the WebSocket upgrade (the connection fails at once).
 *
 * @example
 * ```ts
 * ledger.setBehaviour("silent"); // the next verify waits for its ledger time limit, then answers 503
 * ```
 */
export type MockLedgerBehaviour = "normal" | "silent" | "refuse";

/**
 * Counts open connections across several mock ledgers, so a test can prove a client never holds
 * more than one at a time. Pass the same object to each `createMockLedger`.
 *
 * @example
 * ```ts
 * const tracker: MockLedgerConnectionTracker = { open: 0, peak: 0 };
 * const first = await createMockLedger({ tracker });
 * const second = await createMockLedger({ tracker });
 * // ... after the test: expect(tracker.peak).toBe(1)
 * ```
 */
export interface MockLedgerConnectionTracker {
  /** Connections open now, across every ledger sharing this tracker. */
  open: number;
  /** The most connections open at once, across every ledger sharing this tracker. */
  peak: number;
}

/**
 * Options of `createMockLedger`. All optional.
 *
 * @example
 * ```ts
 * const options: MockLedgerOptions = { networkId: 1 }; // a testnet-like node
 * ```
 */
export interface MockLedgerOptions {
  /** The port on 127.0.0.1. Default 0: a free port. */
  port?: number | undefined;
  /** The `network_id` that `server_info` reports. Default 0 (mainnet); `null`: none, as rippled when none is configured. */
  networkId?: number | null | undefined;
  /** Counts open connections across several ledgers. */
  tracker?: MockLedgerConnectionTracker | undefined;
}

/**
 * A running mock ledger node. Give `url` to `createVerifier({ nodeUrl })` (or your app's ledger
 * setting), and `stop()` it after the test.
 *
 * @example
 * ```ts
 * const ledger = await createMockLedger();
 * ledger.setAccount(address, { masterKeyDisabled: true, regularKey: keyAddress });
 * expect(ledger.requestCount("account_info")).toBe(0);
 * await ledger.stop();
 * ```
 */
export interface MockLedger {
  /** `ws://127.0.0.1:<port>` */
  readonly url: string;
  /** The port it listens on (kept across `stop` and `restart`). */
  readonly port: number;
  /** Puts an account on the ledger (or replaces it). An account not set answers `actNotFound`, as an unfunded one. */
  setAccount(address: string, account: MockLedgerAccount): void;
  /** Takes an account off the ledger. */
  removeAccount(address: string): void;
  /** The `network_id` that `server_info` reports (null: none). */
  setNetworkId(id: number | null): void;
  /** `"silent"`: accept and never answer; `"refuse"`: close new connections at once; `"normal"`: answer. */
  setBehaviour(mode: MockLedgerBehaviour): void;
  /** Terminates every open connection (no closing handshake): the network dropped them. */
  dropConnections(): void;
  /** Requests received (in every mode): all commands, or one (`"account_info"`). */
  requestCount(command?: string): number;
  /** WebSocket connections accepted since start. */
  connectionCount(): number;
  /** WebSocket connections open now. */
  openConnectionCount(): number;
  /** Stops listening and drops every connection (the node is down). */
  stop(): Promise<void>;
  /** Listens again on the same port (the node is back). */
  restart(): Promise<void>;
  /** Puts a `Credential` entry on the ledger (or replaces the one with the same subject, issuer and type). */
  setCredential(credential: MockLedgerCredential): void;
  /** Takes a `Credential` entry off the ledger (deleted by its issuer or subject). */
  removeCredential(subject: string, issuer: string, type: string | { hex: string }): void;
  /** Puts a `PermissionedDomain` entry on the ledger and returns its id (64 hex). */
  setPermissionedDomain(domain: MockLedgerPermissionedDomain): string;
  /** Takes a `PermissionedDomain` entry off the ledger. */
  removePermissionedDomain(id: string): void;
  /**
   * How long every answer waits before it is sent, in ms: a node that far away (a round trip
   * over a network instead of loopback). Default 0.
   */
  setLatency(latencyMs: number): void;
  /** The close time of the validated ledger (what credential expirations are judged against). Default: when the mock started. */
  setCloseTime(time: Date): void;
  /** The validated ledger's index, as every answer reports it. */
  readonly ledgerIndex: number;
}

const VALIDATED_LEDGER_INDEX = 95_000_000;
const VALIDATED_LEDGER_HASH = "4BC50C9B0D8515D3EAAE1E74B29A95804346C491EE1A95BF25E4AAB854A6A652";
const FAKE_TXN_ID = "0000000000000000000000000000000000000000000000000000000000000000";

type Json = Record<string, unknown>;
type NodeHttp = typeof NodeHttpModule;
type WebSocketServerConstructor = typeof WebSocketServer;

/**
 * Starts a mock XRP Ledger node on 127.0.0.1 for your tests (Node 20.19 or later): a WebSocket
 * server that answers `server_info` and `account_info` as rippled does, with the accounts, regular
 * keys, signer lists and flags you set, and outages on demand (`setBehaviour("silent" | "refuse")`,
 * `dropConnections()`, `stop()` and `restart()`). Use it to test a signed-transaction sign-in (the
 * verifier asks the ledger who may sign for the account) or how your app answers when the ledger is down.
 *
 * @example
 * ```ts
 * import { createVerifier } from "sign-in-with-xrpl";
 * import { createMockLedger } from "sign-in-with-xrpl/testing";
 *
 * const ledger = await createMockLedger();
 * const verifier = createVerifier({ nodeUrl: ledger.url });
 * ledger.setAccount("rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe", { masterKeyDisabled: true });
 * // ... sign in through your app, then:
 * await ledger.stop();
 * ```
 */
export async function createMockLedger(options: MockLedgerOptions = {}): Promise<MockLedger> {
  const http = loadNodeHttp();
  const WebSocketServerClass = await loadWebSocketServer();
  const accounts = new Map<string, MockLedgerAccount>();
  const counts = new Map<string, number>();
  const sockets = new Set<WebSocket>();
  const rawSockets = new Set<Duplex>();
  let networkId: number | null = options.networkId === undefined ? 0 : options.networkId;
  let connections = 0;
  const tracker = options.tracker;
  let behaviour: MockLedgerBehaviour = "normal";
  const credentials = new Map<string, MockLedgerCredential>();
  const domains = new Map<string, MockLedgerPermissionedDomain & { id: string }>();
  let closeTimeSeconds = rippleSeconds(new Date());
  let latencyMs = 0;
  let server: Server | undefined;
  const wss = new WebSocketServerClass({ noServer: true });

  const ok = (id: unknown, result: Json): Json => ({ id, type: "response", status: "success", result, api_version: 2 });
  const fail = (id: unknown, request: Json, error: string, errorCode: number, errorMessage: string): Json => ({
    id,
    type: "response",
    status: "error",
    error,
    error_code: errorCode,
    error_message: errorMessage,
    request,
    api_version: 2,
  });

  function serverInfo(): Json {
    return {
      info: {
        build_version: "2.4.0",
        complete_ledgers: `32570-${VALIDATED_LEDGER_INDEX}`,
        hostid: "MOCK",
        ...(networkId === null ? {} : { network_id: networkId }),
        server_state: "full",
        peers: 21,
        validated_ledger: {
          age: 2,
          base_fee_xrp: 0.00001,
          hash: VALIDATED_LEDGER_HASH,
          reserve_base_xrp: 1,
          reserve_inc_xrp: 0.2,
          seq: VALIDATED_LEDGER_INDEX,
        },
        validation_quorum: 28,
      },
    };
  }

  function accountInfo(id: unknown, request: Json): Json {
    const address = request["account"];
    if (typeof address !== "string" || !isClassicAddress(address)) {
      return fail(id, request, "actMalformed", 35, "Account malformed.");
    }
    const account = accounts.get(address);
    if (account === undefined) return fail(id, request, "actNotFound", 19, "Account not found.");
    const flags = (account.flags ?? 0) | (account.masterKeyDisabled === true ? LSF_DISABLE_MASTER : 0);
    const accountData: Json = {
      Account: address,
      Balance: account.balance ?? "100000000",
      Flags: flags >>> 0,
      LedgerEntryType: "AccountRoot",
      OwnerCount: account.signerList === undefined ? 0 : 1,
      PreviousTxnID: FAKE_TXN_ID,
      PreviousTxnLgrSeq: VALIDATED_LEDGER_INDEX - 10,
      Sequence: account.sequence ?? 1,
      index: FAKE_TXN_ID,
    };
    if (account.regularKey !== undefined) accountData["RegularKey"] = account.regularKey;
    const result: Json = { account_data: accountData, ledger_index: VALIDATED_LEDGER_INDEX, validated: true };
    if (request["signer_lists"] === true) {
      result["signer_lists"] =
        account.signerList === undefined
          ? []
          : [
              {
                Flags: 0,
                LedgerEntryType: "SignerList",
                OwnerNode: "0",
                PreviousTxnID: FAKE_TXN_ID,
                PreviousTxnLgrSeq: VALIDATED_LEDGER_INDEX - 10,
                SignerEntries: account.signerList.signers.map((signer) => ({
                  SignerEntry: { Account: signer.account, SignerWeight: signer.weight },
                })),
                SignerListID: 0,
                SignerQuorum: account.signerList.quorum,
                index: FAKE_TXN_ID,
              },
            ];
    }
    return result;
  }

  /** The ledger a request reads: the validated one (by "validated", its index or hash), or the open one. */
  function ledgerOf(id: unknown, request: Json): Json {
    const index = request["ledger_index"];
    const hash = request["ledger_hash"];
    if (hash !== undefined) {
      if (hash !== VALIDATED_LEDGER_HASH) return fail(id, request, "lgrNotFound", 21, "ledgerNotFound");
      return { ledger_hash: VALIDATED_LEDGER_HASH, ledger_index: VALIDATED_LEDGER_INDEX, validated: true };
    }
    if (index === undefined || index === "current") return { ledger_current_index: VALIDATED_LEDGER_INDEX + 1, validated: false };
    if (index === "validated" || index === "closed" || index === VALIDATED_LEDGER_INDEX || index === String(VALIDATED_LEDGER_INDEX)) {
      return { ledger_hash: VALIDATED_LEDGER_HASH, ledger_index: VALIDATED_LEDGER_INDEX, validated: true };
    }
    if (typeof index === "number" || (typeof index === "string" && /^\d+$/u.test(index))) {
      return fail(id, request, "lgrNotFound", 21, "ledgerNotFound");
    }
    return fail(id, request, "invalidParams", 31, "ledgerIndexMalformed");
  }

  /** The account a list command names, or the error rippled answers. */
  function listAccount(id: unknown, request: Json): { address: string; account: MockLedgerAccount } | Failure {
    const address = request["account"];
    if (address === undefined) return new Failure(fail(id, request, "invalidParams", 31, "Missing field 'account'."));
    if (typeof address !== "string" || !isClassicAddress(address))
      return new Failure(fail(id, request, "actMalformed", 35, "Account malformed."));
    const account = accounts.get(address);
    if (account === undefined) return new Failure(fail(id, request, "actNotFound", 19, "Account not found."));
    return { address, account };
  }

  /**
   * One page of `items` from the position `marker` names, `limit` clamped to rippled's range;
   * a marker for the next page when more remain.
   */
  function page<T>(
    id: unknown,
    request: Json,
    items: readonly T[],
    range: { min: number; max: number; fallback: number },
    markerOf: (position: number) => string,
    positionOf: (marker: string) => number | undefined,
  ): { items: T[]; marker?: string; limit?: number } | Failure {
    const requested = request["limit"];
    if (requested !== undefined && (typeof requested !== "number" || !Number.isInteger(requested) || requested < 0)) {
      return new Failure(fail(id, request, "invalidParams", 31, "Invalid field 'limit', not unsigned integer."));
    }
    const limit = requested === undefined ? range.fallback : Math.min(range.max, Math.max(range.min, requested));
    let start = 0;
    const marker = request["marker"];
    if (marker !== undefined) {
      const position = typeof marker === "string" ? positionOf(marker) : undefined;
      if (position === undefined || position > items.length)
        return new Failure(fail(id, request, "invalidParams", 31, "Invalid field 'marker'."));
      start = position;
    }
    const slice = items.slice(start, start + limit);
    const next = start + limit < items.length ? markerOf(start + limit) : undefined;
    return { items: slice, ...(next === undefined ? {} : { marker: next }), ...(requested === undefined ? {} : { limit }) };
  }

  /** The account's NFTs as account_nfts lists them, built once per setAccount (ids take some work). */
  const nftCache = new WeakMap<MockLedgerAccount, Json[]>();
  function nftEntries(account: MockLedgerAccount): Json[] {
    const known = nftCache.get(account);
    if (known !== undefined) return known;
    const serials = new Map<string, number>();
    const nfts = (account.nfts ?? []).map((nft) => {
      const serial = nft.serial ?? serials.get(nft.issuer) ?? 0;
      serials.set(nft.issuer, serial + 1);
      const flags = nft.flags ?? 8;
      const taxon = nft.taxon ?? 0;
      const transferFee = nft.transferFee ?? 0;
      const entry: Json = {
        Flags: flags,
        Issuer: nft.issuer,
        NFTokenID: nft.id ?? nftokenId(flags, transferFee, nft.issuer, taxon, serial),
        NFTokenTaxon: taxon,
        nft_serial: serial,
      };
      if (transferFee !== 0) entry["TransferFee"] = transferFee;
      if (nft.uri !== undefined) entry["URI"] = nft.uri;
      return entry;
    });
    nftCache.set(account, nfts);
    return nfts;
  }

  function accountNfts(id: unknown, request: Json): Json {
    const ledger = ledgerOf(id, request);
    if ("status" in ledger) return ledger;
    const found = listAccount(id, request);
    if (found instanceof Failure) return found.response;
    const nfts = nftEntries(found.account);
    // rippled's marker is the NFTokenID the next page starts after.
    const paged = page(
      id,
      request,
      nfts,
      { min: 20, max: 400, fallback: 100 },
      (position) => String(nfts[position - 1]!["NFTokenID"]),
      (marker) => {
        const at = nfts.findIndex((nft) => nft["NFTokenID"] === marker);
        return at < 0 ? undefined : at + 1;
      },
    );
    if (paged instanceof Failure) return paged.response;
    return { account: found.address, account_nfts: paged.items, ...ledger, ...withoutItems(paged) };
  }

  function accountLines(id: unknown, request: Json): Json {
    const ledger = ledgerOf(id, request);
    if ("status" in ledger) return ledger;
    const found = listAccount(id, request);
    if (found instanceof Failure) return found.response;
    const peer = request["peer"];
    if (peer !== undefined && (typeof peer !== "string" || !isClassicAddress(peer))) {
      return fail(id, request, "actMalformed", 35, "Account malformed.");
    }
    const lines = (found.account.trustLines ?? [])
      .filter((line) => peer === undefined || line.peer === peer)
      .map((line) => {
        const entry: Json = {
          account: line.peer,
          balance: line.balance ?? "0",
          currency: line.currency,
          limit: line.limit ?? "1000000000",
          limit_peer: line.limitPeer ?? "0",
          quality_in: 0,
          quality_out: 0,
        };
        if (line.noRipple ?? true) entry["no_ripple"] = true;
        if (line.noRipplePeer === true) entry["no_ripple_peer"] = true;
        if (line.authorized === true) entry["authorized"] = true;
        if (line.peerAuthorized === true) entry["peer_authorized"] = true;
        if (line.freeze === true) entry["freeze"] = true;
        if (line.freezePeer === true) entry["freeze_peer"] = true;
        if (line.deepFreeze === true) entry["deep_freeze"] = true;
        if (line.deepFreezePeer === true) entry["deep_freeze_peer"] = true;
        return entry;
      });
    // rippled's marker is "<hash of the next line>,<page hint>".
    const paged = page(
      id,
      request,
      lines,
      { min: 10, max: 400, fallback: 200 },
      (position) => `${fakeHash(`line:${found.address}:${position}`)},${position}`,
      (marker) => {
        const [hash, hint] = marker.split(",");
        const position = Number(hint);
        return Number.isSafeInteger(position) && hash === fakeHash(`line:${found.address}:${position}`) ? position : undefined;
      },
    );
    if (paged instanceof Failure) return paged.response;
    return { account: found.address, lines: paged.items, ...ledger, ...withoutItems(paged) };
  }

  function ownedObjects(address: string, account: MockLedgerAccount): Json[] {
    const objects: Json[] = [];
    for (const token of account.mpTokens ?? []) {
      const flags = (token.locked === true ? LSF_MPT_LOCKED : 0) | (token.authorized === true ? LSF_MPT_AUTHORIZED : 0);
      const entry: Json = {
        Account: address,
        Flags: flags,
        LedgerEntryType: "MPToken",
        MPTokenIssuanceID: token.issuanceId.toUpperCase(),
        OwnerNode: "0",
        PreviousTxnID: FAKE_TXN_ID,
        PreviousTxnLgrSeq: VALIDATED_LEDGER_INDEX - 10,
        index: fakeHash(`mptoken:${address}:${token.issuanceId.toUpperCase()}`),
      };
      if ((token.amount ?? "0") !== "0") entry["MPTAmount"] = token.amount;
      objects.push(entry);
    }
    const did = didEntry(address, account);
    if (did !== undefined) objects.push(did);
    for (const credential of credentials.values()) {
      if (credential.subject === address || credential.issuer === address) objects.push(credentialEntry(credential));
    }
    return objects;
  }

  function accountObjects(id: unknown, request: Json): Json {
    const ledger = ledgerOf(id, request);
    if ("status" in ledger) return ledger;
    const found = listAccount(id, request);
    if (found instanceof Failure) return found.response;
    const type = request["type"];
    const typeNames: Readonly<Record<string, string>> = { mptoken: "MPToken", did: "DID", credential: "Credential" };
    const knownTypes = [
      "account",
      "amendments",
      "amm",
      "bridge",
      "check",
      "credential",
      "delegate",
      "deposit_preauth",
      "did",
      "directory",
      "escrow",
      "fee",
      "hashes",
      "mpt_issuance",
      "mptoken",
      "nft_offer",
      "nft_page",
      "nunl",
      "offer",
      "oracle",
      "payment_channel",
      "permissioned_domain",
      "signer_list",
      "state",
      "ticket",
      "vault",
      "xchain_owned_claim_id",
      "xchain_owned_create_account_claim_id",
    ];
    if (type !== undefined && (typeof type !== "string" || !knownTypes.includes(type))) {
      return fail(id, request, "invalidParams", 31, "Invalid field 'type'.");
    }
    // Only the entries this mock keeps: MPTokens, a DID, credentials; other types answer none.
    const objects = ownedObjects(found.address, found.account).filter(
      (object) => type === undefined || object["LedgerEntryType"] === typeNames[type],
    );
    // rippled's marker is "<directory page>,<next entry>" as two hashes.
    const paged = page(
      id,
      request,
      objects,
      { min: 10, max: 400, fallback: 200 },
      (position) => `${fakeHash(`dir:${found.address}`)},${position.toString(16).toUpperCase().padStart(64, "0")}`,
      (marker) => {
        const [directory, entry] = marker.split(",");
        return directory === fakeHash(`dir:${found.address}`) && entry !== undefined && /^[0-9A-F]{64}$/u.test(entry)
          ? parseInt(entry, 16)
          : undefined;
      },
    );
    if (paged instanceof Failure) return paged.response;
    return { account: found.address, account_objects: paged.items, ...ledger, ...withoutItems(paged) };
  }

  function didEntry(address: string, account: MockLedgerAccount): Json | undefined {
    if (account.did === undefined || account.did === false) return undefined;
    const fields: MockLedgerDid = account.did === true ? { uri: "697066733A2F2F6578616D706C65" } : account.did;
    const entry: Json = {
      Account: address,
      Flags: 0,
      LedgerEntryType: "DID",
      OwnerNode: "0",
      PreviousTxnID: FAKE_TXN_ID,
      PreviousTxnLgrSeq: VALIDATED_LEDGER_INDEX - 10,
      index: fakeHash(`did:${address}`),
    };
    if (fields.document !== undefined) entry["DIDDocument"] = fields.document;
    if (fields.data !== undefined) entry["Data"] = fields.data;
    if (fields.uri !== undefined) entry["URI"] = fields.uri;
    return entry;
  }

  function credentialEntry(credential: MockLedgerCredential): Json {
    const type = typeHex(credential.type);
    const entry: Json = {
      CredentialType: type,
      Flags: credential.accepted === false ? 0 : LSF_ACCEPTED,
      Issuer: credential.issuer,
      IssuerNode: "0",
      LedgerEntryType: "Credential",
      PreviousTxnID: FAKE_TXN_ID,
      PreviousTxnLgrSeq: VALIDATED_LEDGER_INDEX - 10,
      Subject: credential.subject,
      SubjectNode: "0",
      index: fakeHash(`credential:${credential.subject}:${credential.issuer}:${type}`),
    };
    if (credential.expiration !== undefined) entry["Expiration"] = rippleSeconds(credential.expiration);
    if (credential.uri !== undefined) entry["URI"] = credential.uri;
    return entry;
  }

  function domainEntry(domain: MockLedgerPermissionedDomain & { id: string }): Json {
    return {
      AcceptedCredentials: domain.acceptedCredentials.map((accepted) => ({
        Credential: { CredentialType: typeHex(accepted.type), Issuer: accepted.issuer },
      })),
      Flags: 0,
      LedgerEntryType: "PermissionedDomain",
      Owner: domain.owner,
      OwnerNode: "0",
      PreviousTxnID: FAKE_TXN_ID,
      PreviousTxnLgrSeq: VALIDATED_LEDGER_INDEX - 10,
      Sequence: domain.sequence ?? 1,
      index: domain.id,
    };
  }

  /** `ledger_entry` for the entries claims read: a credential, a DID, a permissioned domain. */
  function ledgerEntry(id: unknown, request: Json): Json {
    const ledger = ledgerOf(id, request);
    if ("status" in ledger) return ledger;
    const notFound = (): Json => fail(id, request, "entryNotFound", 21, "Entry not found.");
    const malformed = (): Json => fail(id, request, "malformedRequest", 30, "Malformed request.");
    let node: Json | undefined;
    if (request["credential"] !== undefined) {
      const asked = request["credential"];
      if (typeof asked === "string") {
        if (!/^[0-9A-Fa-f]{64}$/u.test(asked)) return malformed();
        node = [...credentials.values()].map(credentialEntry).find((entry) => entry["index"] === asked.toUpperCase());
      } else {
        if (typeof asked !== "object" || asked === null) return malformed();
        const { subject, issuer, credential_type: type } = asked as Json;
        if (typeof subject !== "string" || !isClassicAddress(subject) || typeof issuer !== "string" || !isClassicAddress(issuer)) {
          return malformed();
        }
        if (typeof type !== "string" || type.length === 0 || type.length > 128 || !/^[0-9A-Fa-f]+$/u.test(type)) return malformed();
        const credential = credentials.get(credentialKey(subject, issuer, type.toUpperCase()));
        node = credential === undefined ? undefined : credentialEntry(credential);
      }
    } else if (request["did"] !== undefined) {
      const address = request["did"];
      if (typeof address !== "string" || !isClassicAddress(address)) return malformed();
      const account = accounts.get(address);
      node = account === undefined ? undefined : didEntry(address, account);
    } else if (request["permissioned_domain"] !== undefined) {
      const asked = request["permissioned_domain"];
      let domain: (MockLedgerPermissionedDomain & { id: string }) | undefined;
      if (typeof asked === "string") {
        if (!/^[0-9A-Fa-f]{64}$/u.test(asked)) return malformed();
        domain = domains.get(asked.toUpperCase());
      } else if (typeof asked === "object" && asked !== null) {
        const { account, seq } = asked as Json;
        if (typeof account !== "string" || !isClassicAddress(account) || typeof seq !== "number") return malformed();
        domain = [...domains.values()].find((entry) => entry.owner === account && (entry.sequence ?? 1) === seq);
      } else {
        return malformed();
      }
      node = domain === undefined ? undefined : domainEntry(domain);
    } else {
      return fail(id, request, "unknownOption", 31, "Unknown option.");
    }
    if (node === undefined) return notFound();
    return { index: node["index"], ...ledger, node };
  }

  /** `ledger`: the validated ledger's header, with the close time a test set. */
  function ledgerHeader(id: unknown, request: Json): Json {
    const ledger = ledgerOf(id, request);
    if ("status" in ledger) return ledger;
    const closed = ledger["validated"] === true;
    const index = closed ? VALIDATED_LEDGER_INDEX : VALIDATED_LEDGER_INDEX + 1;
    const iso = new Date((closeTimeSeconds + RIPPLE_EPOCH_OFFSET_SECONDS) * 1000).toISOString();
    const header: Json = {
      account_hash: fakeHash(`accounts:${index}`),
      close_flags: 0,
      close_time: closeTimeSeconds,
      close_time_human: humanTime(iso),
      close_time_iso: iso.replace(/\.\d{3}Z$/u, "Z"),
      close_time_resolution: 10,
      closed,
      ledger_hash: closed ? VALIDATED_LEDGER_HASH : fakeHash(`open:${index}`),
      ledger_index: index,
      parent_close_time: closeTimeSeconds - 4,
      parent_hash: fakeHash(`ledger:${index - 1}`),
      total_coins: "99985687626634189",
      transaction_hash: fakeHash(`transactions:${index}`),
    };
    return { ledger: header, ...ledger };
  }

  function answer(raw: RawData): Json | undefined {
    let request: Json;
    try {
      const parsed: unknown = JSON.parse(textOf(raw));
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error("not an object");
      request = parsed as Json;
    } catch {
      counts.set("", (counts.get("") ?? 0) + 1);
      return { type: "response", status: "error", error: "jsonInvalid", error_code: 31, error_message: "JSON parse error." };
    }
    const command = typeof request["command"] === "string" ? request["command"] : "";
    counts.set(command, (counts.get(command) ?? 0) + 1);
    if (behaviour === "silent") return undefined;
    const id = request["id"];
    switch (command) {
      case "ping":
        return ok(id, {});
      case "server_info":
        return ok(id, serverInfo());
      case "account_info": {
        const result = accountInfo(id, request);
        return "status" in result ? result : ok(id, result);
      }
      case "subscribe":
      case "unsubscribe":
        return ok(id, {});
      case "account_nfts":
      case "account_lines":
      case "account_objects":
      case "ledger_entry":
      case "ledger": {
        const handler = {
          account_nfts: accountNfts,
          account_lines: accountLines,
          account_objects: accountObjects,
          ledger_entry: ledgerEntry,
          ledger: ledgerHeader,
        }[command];
        const result = handler(id, request);
        return "status" in result ? result : ok(id, result);
      }
      default:
        return fail(id, request, "unknownCmd", 32, "Unknown method.");
    }
  }

  wss.on("connection", (socket: WebSocket) => {
    sockets.add(socket);
    connections += 1;
    if (tracker !== undefined) {
      tracker.open += 1;
      tracker.peak = Math.max(tracker.peak, tracker.open);
    }
    let counted = true;
    const forget = (): void => {
      sockets.delete(socket);
      if (counted && tracker !== undefined) tracker.open -= 1;
      counted = false;
    };
    socket.on("close", forget);
    socket.on("error", forget);
    socket.on("message", (raw) => {
      const response = answer(raw);
      if (response === undefined) return;
      const send = (): void => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(response));
      };
      if (latencyMs > 0) setTimeout(send, latencyMs);
      else send();
    });
  });

  function onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on("error", () => undefined);
    if (behaviour === "refuse") {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit("connection", ws, request));
  }

  async function listen(port: number): Promise<number> {
    const created = http.createServer((_request, response) => {
      response.writeHead(426).end();
    });
    created.on("upgrade", onUpgrade);
    created.on("connection", (socket) => {
      rawSockets.add(socket);
      socket.on("close", () => rawSockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      created.once("error", reject);
      created.listen(port, "127.0.0.1", () => {
        created.off("error", reject);
        resolve();
      });
    });
    server = created;
    const address = created.address();
    if (address === null || typeof address === "string") throw new Error("sign-in-with-xrpl: the mock ledger got no TCP address.");
    return address.port;
  }

  function dropConnections(): void {
    for (const socket of sockets) socket.terminate();
  }

  const port = await listen(options.port ?? 0);

  return {
    url: `ws://127.0.0.1:${port}`,
    port,
    setAccount(address, account) {
      accounts.set(address, { ...account });
    },
    removeAccount(address) {
      accounts.delete(address);
    },
    setNetworkId(id) {
      networkId = id;
    },
    setBehaviour(mode) {
      behaviour = mode;
    },
    dropConnections,
    connectionCount: () => connections,
    openConnectionCount: () => sockets.size,
    requestCount(command) {
      if (command !== undefined) return counts.get(command) ?? 0;
      let total = 0;
      for (const count of counts.values()) total += count;
      return total;
    },
    async stop() {
      const current = server;
      server = undefined;
      dropConnections();
      for (const socket of rawSockets) socket.destroy();
      rawSockets.clear();
      if (current === undefined) return;
      await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    async restart() {
      if (server !== undefined) return;
      await listen(port);
    },
    setCredential(credential) {
      const type = typeHex(credential.type);
      credentials.set(credentialKey(credential.subject, credential.issuer, type), { ...credential });
    },
    removeCredential(subject, issuer, type) {
      credentials.delete(credentialKey(subject, issuer, typeHex(type)));
    },
    setPermissionedDomain(domain) {
      const id = (domain.id ?? fakeHash(`domain:${domain.owner}:${domain.sequence ?? 1}`)).toUpperCase();
      domains.set(id, { ...domain, id });
      return id;
    },
    removePermissionedDomain(id) {
      domains.delete(id.toUpperCase());
    },
    setLatency(ms) {
      latencyMs = ms;
    },
    setCloseTime(time) {
      closeTimeSeconds = rippleSeconds(time);
    },
    ledgerIndex: VALIDATED_LEDGER_INDEX,
  };
}

/** lsfAccepted on a Credential. */
const LSF_ACCEPTED = 0x00010000;
/** lsfMPTLocked and lsfMPTAuthorized on an MPToken. */
const LSF_MPT_LOCKED = 0x00000001;
const LSF_MPT_AUTHORIZED = 0x00000002;
/** Seconds from the Unix epoch to the Ripple epoch (2000-01-01T00:00:00Z). */
const RIPPLE_EPOCH_OFFSET_SECONDS = 946_684_800;
const XRPL_ALPHABET = "rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz";
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** An error answer from a helper, as opposed to the value it found. */
class Failure {
  constructor(readonly response: Json) {}
}

function rippleSeconds(time: Date): number {
  return Math.floor(time.getTime() / 1000) - RIPPLE_EPOCH_OFFSET_SECONDS;
}

/** "2026-Nov-24 20:30:01.000000000 UTC", rippled's close_time_human. */
function humanTime(iso: string): string {
  const [date = "", time = ""] = iso.split("T");
  const [year, month, day] = date.split("-");
  return `${year}-${MONTHS[Number(month) - 1]}-${day} ${time.slice(0, 8)}.000000000 UTC`;
}

function typeHex(type: string | { hex: string }): string {
  if (typeof type !== "string") return type.hex.toUpperCase();
  return [...new TextEncoder().encode(type)]
    .map((byte) => byte.toString(16).padStart(2, "0"))
    .join("")
    .toUpperCase();
}

function credentialKey(subject: string, issuer: string, typeHexText: string): string {
  return `${subject}:${issuer}:${typeHexText}`;
}

function withoutItems(paged: { marker?: string; limit?: number }): Json {
  return { ...(paged.limit === undefined ? {} : { limit: paged.limit }), ...(paged.marker === undefined ? {} : { marker: paged.marker }) };
}

/** 64 hex characters derived from `text`: an id or marker that is stable, not a real ledger hash. */
function fakeHash(text: string): string {
  let out = "";
  for (let round = 0; round < 8; round += 1) {
    let hash = 0x811c9dc5 ^ round;
    for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
    out += (hash >>> 0).toString(16).padStart(8, "0");
  }
  return out.toUpperCase();
}

/** The 20-byte account id of a classic address, as hex (base58 decoded; the checksum was checked before). */
function accountIdHex(address: string): string {
  let value = 0n;
  for (const char of address) value = value * 58n + BigInt(XRPL_ALPHABET.indexOf(char));
  return value.toString(16).padStart(50, "0").slice(2, 42).toUpperCase();
}

/** An NFTokenID as the ledger builds it: flags, transfer fee, issuer, scrambled taxon, serial. */
function nftokenId(flags: number, transferFee: number, issuer: string, taxon: number, serial: number): string {
  const scrambled = (taxon ^ ((Math.imul(384160001, serial) + 2459) >>> 0)) >>> 0;
  const hex = (value: number, digits: number): string => value.toString(16).padStart(digits, "0");
  return `${hex(flags, 4)}${hex(transferFee, 4)}${accountIdHex(issuer)}${hex(scrambled, 8)}${hex(serial, 8)}`.toUpperCase();
}

// Through process.getBuiltinModule rather than an import: a static `node:http` import would
// break the testing entry in Workers, where the contract suites run.
function loadNodeHttp(): NodeHttp {
  const getBuiltinModule = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule;
  const http = typeof getBuiltinModule === "function" ? (getBuiltinModule("node:http") as NodeHttp | undefined) : undefined;
  if (typeof http?.createServer !== "function") {
    throw new Error(
      "sign-in-with-xrpl: createMockLedger runs on Node 20.19 or later (it needs node:http); start it in your Node test runner.",
    );
  }
  return http;
}

async function loadWebSocketServer(): Promise<WebSocketServerConstructor> {
  const module = (await import("ws")) as unknown as {
    WebSocketServer?: WebSocketServerConstructor;
    default?: { WebSocketServer?: WebSocketServerConstructor };
  };
  const Constructor = module.WebSocketServer ?? module.default?.WebSocketServer;
  if (typeof Constructor !== "function") {
    throw new Error("sign-in-with-xrpl: createMockLedger needs the ws package's WebSocketServer (Node); it did not load.");
  }
  return Constructor;
}

// ws hands a text frame over as a Buffer (an ArrayBuffer or fragments with other binaryTypes).
function textOf(raw: RawData): string {
  const decoder = new TextDecoder();
  if (!Array.isArray(raw)) return decoder.decode(raw);
  let length = 0;
  for (const part of raw) length += part.byteLength;
  const joined = new Uint8Array(length);
  let offset = 0;
  for (const part of raw) {
    joined.set(part, offset);
    offset += part.byteLength;
  }
  return decoder.decode(joined);
}
