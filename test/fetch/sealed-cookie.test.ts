/**
 * The fetch handler's sealed session cookie: the versioned AES-256-GCM seal (both of its
 * implementations, node:crypto and WebCrypto, seal alike and open each other's), secret rotation,
 * old and unknown formats read as signed out without a crash, and the cost rule: a request opens
 * its cookie at most once and seals at most once, and never re-seals a record it did not change.
 * Real handlers, the real verifier (master keys, no ledger), cookies carried by the library's own
 * test client as a browser would.
 */
import { webcrypto } from "node:crypto";
import fc from "fast-check";
import { sealData } from "iron-session";
import { afterEach, describe, expect, it, vi } from "vitest";
import { base64UrlDecode, base64UrlEncode, COOKIE_SEAL_SELF_TEST, createCookieSeal, type CookieSeal } from "../../src/fetch/cookie-seal.js";
import { createFetchHandler, type FetchHandler } from "../../src/fetch/index.js";
import { normalizeFetchOptions } from "../../src/fetch/options.js";
import { createSealedCookieSessions, REMEMBERED_VALUES } from "../../src/fetch/sealed-cookie-session.js";
import { createMemoryNonceStore } from "../../src/server/index.js";
import type { SessionRecord } from "../../src/server/types.js";
import { createTestClient } from "../../src/testing/index.js";
import { compactSignature, createVerifier } from "../../src/verify/index.js";
import { SEALED_COOKIE_FORMAT } from "../support/cookie-jar.js";
import { recordingLogger } from "../server/support.js";

const OLD_SECRET = "the-first-session-secret-0123456789abcdef";
const NEW_SECRET = "the-second-session-secret-fedcba9876543210";
const COOKIE = "siwx_session";

const noLedger = {
  async getAccountAuthority(): Promise<never> {
    throw new Error("the ledger is not part of this test");
  },
};
const verifier = createVerifier({ strategies: [compactSignature({ ledger: "never" })], ledgerReader: noLedger });

function handler(sessionSecret: string | string[], nonceStore = createMemoryNonceStore()): FetchHandler {
  return createFetchHandler({ verifier, domain: "localhost", sessionSecret, nonceStore, logger: recordingLogger() });
}

/** A request to `auth` carrying `cookie` as the session cookie. */
function withCookie(path: string, cookie: string, init: RequestInit = {}): Request {
  return new Request(`http://localhost${path}`, { ...init, headers: { cookie: `${COOKIE}=${encodeURIComponent(cookie)}` } });
}

const encode = (text: string) => new TextEncoder().encode(text);

/** HKDF-SHA-256 bits of a session secret, with the seal's salt and the given label. */
async function hkdfBits(secret: string, info: string, bits: number): Promise<ArrayBuffer> {
  const material = await webcrypto.subtle.importKey("raw", encode(secret), "HKDF", false, ["deriveBits"]);
  return webcrypto.subtle.deriveBits(
    { name: "HKDF", hash: "SHA-256", salt: encode("sign-in-with-xrpl sealed session"), info: encode(info) },
    material,
    bits,
  );
}

describe("the seal", () => {
  it("is v1.<key id>.<iv>.<ciphertext>, with a fresh IV per seal, and opens to what was sealed", async () => {
    for (const implementation of ["node:crypto", "webcrypto"] as const) {
      const seal = createCookieSeal([NEW_SECRET], implementation);
      expect(seal.implementation).toBe(implementation);
      const first = await seal.seal('{"address":"r"}');
      const second = await seal.seal('{"address":"r"}');
      expect(first).toMatch(SEALED_COOKIE_FORMAT);
      expect(first).not.toBe(second);
      expect(first.split(".")[1]).toBe(second.split(".")[1]);
      expect(await seal.open(first)).toBe('{"address":"r"}');
    }
  });

  it("seals alike with node:crypto and WebCrypto: each opens the other's seals", async () => {
    const native = createCookieSeal([NEW_SECRET, OLD_SECRET], "node:crypto");
    const web = createCookieSeal([NEW_SECRET, OLD_SECRET], "webcrypto");
    for (const text of ["", "x", '{"address":"rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe","data":{"é":"💡"}}', "y".repeat(3000)]) {
      expect(await web.open(await native.seal(text))).toBe(text);
      expect(await native.open(await web.seal(text))).toBe(text);
    }
    // Same secret, same key id whichever derived it.
    expect((await native.seal("a")).split(".")[1]).toBe((await web.seal("a")).split(".")[1]);
  });

  it("checks node:crypto against known answers that WebCrypto gives too", async () => {
    const subtle = webcrypto.subtle;
    const material = await subtle.importKey("raw", encode("secret"), "HKDF", false, ["deriveBits"]);
    const hkdf = new Uint8Array(
      await subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt: encode("salt"), info: encode("info") }, material, 128),
    );
    expect(Buffer.from(hkdf).toString("hex")).toBe(COOKIE_SEAL_SELF_TEST.hkdf);
    const key = await subtle.importKey(
      "raw",
      Uint8Array.from({ length: 32 }, (_, index) => index),
      "AES-GCM",
      false,
      ["encrypt"],
    );
    const sealed = new Uint8Array(
      await subtle.encrypt(
        { name: "AES-GCM", iv: Uint8Array.from({ length: 12 }, (_, index) => index), additionalData: encode("v1.self-test") },
        key,
        encode("sign-in-with-xrpl"),
      ),
    );
    expect(Buffer.from(sealed).toString("hex")).toBe(COOKIE_SEAL_SELF_TEST.sealed);
  });

  it("uses WebCrypto when the runtime's node:crypto lacks HKDF or key objects, or gets AES-GCM wrong (the known-answer self-test)", async () => {
    const real = process.getBuiltinModule("node:crypto");
    const original = process.getBuiltinModule.bind(process);
    const serve = (crypto: unknown) =>
      vi
        .spyOn(process, "getBuiltinModule")
        .mockImplementation(((id: string) => (id === "node:crypto" ? crypto : original(id))) as typeof process.getBuiltinModule);
    try {
      serve({ ...real, hkdfSync: undefined });
      expect(createCookieSeal([NEW_SECRET]).implementation).toBe("webcrypto");
      serve({ ...real, createSecretKey: undefined });
      expect(createCookieSeal([NEW_SECRET]).implementation).toBe("webcrypto");
      // Ciphers that take raw key bytes only: the seal's keys are key objects.
      serve({
        ...real,
        createCipheriv: (algorithm: string, key: unknown, ...rest: unknown[]) => {
          if (!(key instanceof Uint8Array)) throw new TypeError("key must be bytes");
          return (real.createCipheriv as (...args: unknown[]) => unknown)(algorithm, key, ...rest);
        },
      });
      expect(createCookieSeal([NEW_SECRET]).implementation).toBe("webcrypto");
      serve({
        ...real,
        hkdfSync: (...args: Parameters<typeof real.hkdfSync>) =>
          real.hkdfSync("sha512", ...(args.slice(1) as [never, never, never, number])),
      });
      expect(createCookieSeal([NEW_SECRET]).implementation).toBe("webcrypto");
      // A cipher that ignores the additional data would let "v1.<key id>" be swapped.
      serve({
        ...real,
        createCipheriv: (...args: Parameters<typeof real.createCipheriv>) => {
          const cipher = real.createCipheriv(...args);
          return Object.assign(cipher, { setAAD: () => cipher });
        },
      });
      const seal = createCookieSeal([NEW_SECRET]);
      expect(seal.implementation).toBe("webcrypto");
      expect(await seal.open(await seal.seal("still works"))).toBe("still works");
      serve(real);
      expect(createCookieSeal([NEW_SECRET]).implementation).toBe("node:crypto");
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("opens nothing changed, cut, re-labelled or sealed with another secret", async () => {
    const seal = createCookieSeal([NEW_SECRET]);
    const other = createCookieSeal([OLD_SECRET]);
    const sealed = await seal.seal("payload");
    const [version, keyId, iv, body] = sealed.split(".") as [string, string, string, string];
    const flip = (part: string) => base64UrlEncode(base64UrlDecode(part)!.map((byte, index) => (index === 0 ? byte ^ 1 : byte)));
    const forgeries = [
      `${version}.${keyId}.${flip(iv)}.${body}`,
      `${version}.${keyId}.${iv}.${flip(body)}`,
      `${version}.${keyId}.${iv}.${body.slice(0, -4)}`,
      `v2.${keyId}.${iv}.${body}`,
      `${version}.${flip(keyId)}.${iv}.${body}`,
      `${version}.${keyId}.${iv}`,
      `${sealed}.extra`,
      `${version}.${keyId}.${iv}.${body}=`,
      await other.seal("payload"),
      "",
      "Fe26.2*1*abc",
    ];
    for (const forged of forgeries) expect({ forged, opened: await seal.open(forged) }).toEqual({ forged, opened: undefined });
  });

  it("encodes base64url exactly as Node does, and refuses a second spelling of the same bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const text = base64UrlEncode(bytes);
        expect(text).toBe(Buffer.from(bytes).toString("base64url"));
        expect(base64UrlDecode(text)).toEqual(bytes);
      }),
    );
    // "AB" and "AA" would both decode to one zero byte if the stray bits were ignored.
    expect(base64UrlDecode("AA")).toEqual(Uint8Array.of(0));
    expect(base64UrlDecode("AB")).toBeUndefined();
    expect(base64UrlDecode("A")).toBeUndefined();
    expect(base64UrlDecode("A+")).toBeUndefined();
  });
});

describe("old and unknown cookies", () => {
  it("reads an iron-session cookie sealed with the same secret (the format before this one) as signed out, and starts afresh", async () => {
    const auth = handler(NEW_SECRET);
    const iron = await sealData(
      {
        address: "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe",
        authenticatedAt: Date.now(),
        sessionId: "0".repeat(32),
        expiresAt: Date.now() + 60_000,
      },
      { password: NEW_SECRET },
    );
    expect(iron).toMatch(/^Fe26\.2\*/);
    const me = await auth.handle(withCookie("/api/auth/me", iron));
    expect({ status: me.status, body: await me.json() }).toEqual({ status: 401, body: { error: "Not authenticated." } });
    expect(await auth.getSession(withCookie("/", iron))).toBeNull();
    const nonce = await auth.handle(withCookie("/api/auth/nonce", iron));
    expect(nonce.status).toBe(200);
    expect(decodeURIComponent(/siwx_session=([^;]*)/.exec(nonce.headers.get("set-cookie") ?? "")![1]!)).toMatch(SEALED_COOKIE_FORMAT);
  });

  it("never crashes on any cookie value: every route answers as for no session", async () => {
    const auth = handler(NEW_SECRET);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.string().map((rest) => `v1.${rest}`),
          fc
            .tuple(fc.base64String(), fc.base64String(), fc.base64String())
            .map(([keyId, iv, body]) => `v1.${keyId.replace(/=/g, "")}.${iv.replace(/=/g, "")}.${body.replace(/=/g, "")}`),
        ),
        async (cookie) => {
          const me = await auth.handle(withCookie("/api/auth/me", cookie));
          expect(me.status).toBe(401);
          expect(await auth.getSession(withCookie("/", cookie))).toBeNull();
          expect((await auth.handle(withCookie("/api/auth/signout", cookie, { method: "POST" }))).status).toBe(200);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("secret rotation", () => {
  it("a list seals with its first secret and opens with every one; a single string keeps working", async () => {
    const nonceStore = createMemoryNonceStore();
    const before = handler(OLD_SECRET, nonceStore);
    const during = handler([NEW_SECRET, OLD_SECRET], nonceStore);
    const after = handler([NEW_SECRET], nonceStore);

    const client = createTestClient(before);
    const { ok, address } = await client.signIn();
    expect(ok).toBe(true);
    const oldCookie = client.cookie(COOKIE)!;
    // Sealed with the old secret: read during the rotation, no longer once it is dropped.
    expect(await during.getSession(withCookie("/", oldCookie))).toMatchObject({ address });
    expect((await during.handle(withCookie("/api/auth/me", oldCookie))).status).toBe(200);
    expect(await after.getSession(withCookie("/", oldCookie))).toBeNull();

    // What the rotating handler seals is under the new secret: the old-only handler cannot read it.
    const rotated = createTestClient(during);
    const signedIn = await rotated.signIn();
    const newCookie = rotated.cookie(COOKIE)!;
    expect(newCookie.split(".")[1]).not.toBe(oldCookie.split(".")[1]);
    expect(await after.getSession(withCookie("/", newCookie))).toMatchObject({ address: signedIn.address });
    expect(await before.getSession(withCookie("/", newCookie))).toBeNull();
  });

  it("refuses an empty list, and a short or non-string secret in it, naming its place", () => {
    const base = { verifier, domain: "localhost" };
    expect(() => createFetchHandler({ ...base, sessionSecret: [] })).toThrow(/`sessionSecret` is an empty list/);
    expect(() => createFetchHandler({ ...base, sessionSecret: [NEW_SECRET, "short"] })).toThrow(/`sessionSecret\[1\]` is too short/);
    expect(() => createFetchHandler({ ...base, sessionSecret: [NEW_SECRET, 42 as unknown as string] })).toThrow(
      /must be a string or a list of strings/,
    );
  });
});

describe("one open and one seal per request at most", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** node:crypto as the handler sees it, counting AES-GCM seals and opens. */
  function countingCrypto() {
    const counts = { seals: 0, opens: 0 };
    const real = process.getBuiltinModule("node:crypto");
    const counting = {
      ...real,
      createCipheriv: ((...args: Parameters<typeof real.createCipheriv>) => {
        counts.seals += 1;
        return real.createCipheriv(...args);
      }) as typeof real.createCipheriv,
      createDecipheriv: ((...args: Parameters<typeof real.createDecipheriv>) => {
        counts.opens += 1;
        return real.createDecipheriv(...args);
      }) as typeof real.createDecipheriv,
    };
    const original = process.getBuiltinModule.bind(process);
    vi.spyOn(process, "getBuiltinModule").mockImplementation((id: string) => (id === "node:crypto" ? counting : original(id)));
    return counts;
  }

  it("counts per route: nonce and verify seal once each; a cookie this instance sealed or opened is not decrypted again", async () => {
    const counts = countingCrypto();
    const auth = handler(NEW_SECRET);
    // The self-test at creation seals and opens once; counted from here.
    const measure = async (step: () => Promise<unknown>) => {
      const before = { ...counts };
      await step();
      return { seals: counts.seals - before.seals, opens: counts.opens - before.opens };
    };
    const client = createTestClient(auth);
    expect(await measure(() => client.fetch("/api/auth/nonce"))).toEqual({ seals: 1, opens: 0 });
    // The cookie it sends back was sealed here a moment ago: it opens without the cipher.
    expect(await measure(() => client.fetch("/api/auth/nonce"))).toEqual({ seals: 1, opens: 0 });
    const signIn = await measure(() => client.signIn());
    // signIn asks for a nonce (one seal) and verifies (one seal).
    expect(signIn).toEqual({ seals: 2, opens: 0 });
    expect(await measure(() => client.fetch("/api/auth/me"))).toEqual({ seals: 0, opens: 0 });
    const session = client.cookie(COOKIE)!;
    expect(await measure(() => auth.getSession(withCookie("/", session)))).toEqual({ seals: 0, opens: 0 });
    // Another instance with the same secret decrypts the cookie once, then remembers it.
    const other = handler(NEW_SECRET);
    expect(await measure(() => other.getSession(withCookie("/", session)))).toEqual({ seals: 0, opens: 1 });
    expect(await measure(() => other.getSession(withCookie("/", session)))).toEqual({ seals: 0, opens: 0 });
    expect(await measure(() => client.fetch("/api/auth/signout", { method: "POST" }))).toEqual({ seals: 0, opens: 0 });
    expect(await measure(() => client.fetch("/api/auth/me"))).toEqual({ seals: 0, opens: 0 });
    // Remembered or not, a signed-out copy reads as signed out on the instance that signed it out.
    expect(await auth.getSession(withCookie("/", session))).toBeNull();
  });

  it("opens a value as often as asked, and refuses a changed byte of one it opened", async () => {
    const seal = createCookieSeal([NEW_SECRET], "node:crypto");
    const sealed = await seal.seal("payload");
    expect(await seal.open(sealed)).toBe("payload");
    expect(await seal.open(sealed)).toBe("payload");
    const last = sealed.at(-1) === "A" ? "B" : "A";
    expect(await seal.open(`${sealed.slice(0, -1)}${last}`)).toBeUndefined();
    expect(await seal.open(`${sealed}A`)).toBeUndefined();
  });

  it("refuses another spelling of a sealed value (bits past the data in its last character), whichever implementation opens it", async () => {
    const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    for (const implementation of ["node:crypto", "webcrypto"] as const) {
      const seal = createCookieSeal([NEW_SECRET], implementation);
      // "payload" seals to 7 + 16 bytes: 31 characters, the last one with 2 bits past the data.
      const sealed = await seal.seal("payload");
      const body = sealed.split(".")[3]!;
      expect(body.length % 4).toBe(3);
      const last = ALPHABET.indexOf(body.at(-1)!);
      const spellings = [...ALPHABET].filter((_char, value) => value !== last && (value & ~3) === (last & ~3));
      expect(spellings).toHaveLength(3);
      for (const char of spellings) {
        expect({ implementation, opened: await seal.open(`${sealed.slice(0, -1)}${char}`) }).toEqual({ implementation, opened: undefined });
      }
      expect(await seal.open(sealed)).toBe("payload");
    }
  });

  it("refuses a value whose plaintext is not UTF-8, whichever implementation opens it", async () => {
    for (const implementation of ["node:crypto", "webcrypto"] as const) {
      const seal = createCookieSeal([NEW_SECRET], implementation);
      const [version, keyId] = (await seal.seal("x")).split(".") as [string, string];
      // Sealed by hand with the same key and layout, over bytes that are not UTF-8.
      const key = await webcrypto.subtle.importKey(
        "raw",
        new Uint8Array(await hkdfBits(NEW_SECRET, "v1 aes-256-gcm key", 256)),
        "AES-GCM",
        false,
        ["encrypt"],
      );
      const iv = new Uint8Array(12);
      const body = new Uint8Array(
        await webcrypto.subtle.encrypt(
          { name: "AES-GCM", iv, additionalData: encode(`${version}.${keyId}`) },
          key,
          Uint8Array.of(0xff, 0xfe),
        ),
      );
      expect(await seal.open(`${version}.${keyId}.${base64UrlEncode(iv)}.${base64UrlEncode(body)}`)).toBeUndefined();
    }
  });

  /** The sessions of a handler over a seal that counts its calls. */
  function countedSessions(now?: () => number) {
    const real = createCookieSeal([NEW_SECRET]);
    const counts = { seals: 0, opens: 0 };
    const seal: CookieSeal = {
      implementation: real.implementation,
      seal: (plaintext) => ((counts.seals += 1), real.seal(plaintext)),
      open: (sealed) => ((counts.opens += 1), real.open(sealed)),
    };
    const sessions = createSealedCookieSessions(
      normalizeFetchOptions({ verifier, domain: "localhost", sessionSecret: NEW_SECRET, now }),
      seal,
    );
    return { counts, sessions };
  }

  it("seals once however many times a request writes, and never re-seals a record written back unchanged", async () => {
    const { counts, sessions } = countedSessions();
    const first = sessions.open(new Request("http://localhost/"));
    await first.store.set({ pendingNonce: "a".repeat(32), nonceIssuedAt: 1 });
    await first.store.set({ pendingNonce: "b".repeat(32), nonceIssuedAt: 2 });
    expect(await first.store.get()).toEqual({ pendingNonce: "b".repeat(32), nonceIssuedAt: 2 });
    const header = (await first.setCookie())!;
    expect(counts).toEqual({ seals: 1, opens: 0 });
    const cookie = decodeURIComponent(/siwx_session=([^;]*)/.exec(header)![1]!);

    // Another instance with the same secret, which has not seen the value: it opens it.
    const other = countedSessions();
    const unchanged = other.sessions.open(withCookie("/", cookie));
    const record: SessionRecord = await unchanged.store.get();
    await unchanged.store.get();
    await unchanged.store.set({ ...record });
    expect(await unchanged.setCookie()).toBeUndefined();
    expect(other.counts).toEqual({ seals: 0, opens: 1 });

    const changed = other.sessions.open(withCookie("/", cookie));
    await changed.store.set({ ...(await changed.store.get()), nonceIssuedAt: 3 });
    expect(await changed.setCookie()).toMatch(/^siwx_session=v1\./);
    // The value it opened once is read from memory since.
    expect(other.counts).toEqual({ seals: 1, opens: 1 });
  });

  it("reads a value it sealed or opened from memory: the expiry still checked, each read its own copy", async () => {
    let clock = 1_000_000_000;
    const { counts, sessions } = countedSessions(() => clock);
    const written: SessionRecord = { pendingNonce: "a".repeat(32), nonceIssuedAt: 1 };
    const first = sessions.open(new Request("http://localhost/"));
    await first.store.set(written);
    const cookie = decodeURIComponent(/siwx_session=([^;]*)/.exec((await first.setCookie())!)![1]!);

    const reading = sessions.open(withCookie("/", cookie));
    const read = await reading.store.get();
    expect(read).toEqual(written);
    read.pendingNonce = "changed by a route";
    expect(await sessions.open(withCookie("/", cookie)).store.get()).toEqual(written);
    expect(counts).toEqual({ seals: 1, opens: 0 });

    // A changed byte is not the remembered value: opened, and refused.
    const last = cookie.at(-1) === "A" ? "B" : "A";
    expect(await sessions.open(withCookie("/", `${cookie.slice(0, -1)}${last}`)).store.get()).toEqual({});

    clock += 30 * 60 * 1000;
    expect(await sessions.open(withCookie("/", cookie)).store.get()).toEqual({});
  });

  it("reads a record with surrogates (lone or paired) alike from memory and from the cipher", async () => {
    const { counts, sessions } = countedSessions();
    const other = countedSessions();
    for (const pendingNonce of ["lone \uD800 high", "lone \uDFFF low", "paired \u{1F600}", "plain é"]) {
      const writing = sessions.open(new Request("http://localhost/"));
      await writing.store.set({ pendingNonce, nonceIssuedAt: 1 });
      const cookie = decodeURIComponent(/siwx_session=([^;]*)/.exec((await writing.setCookie())!)![1]!);
      const remembered = await sessions.open(withCookie("/", cookie)).store.get();
      const opened = await other.sessions.open(withCookie("/", cookie)).store.get();
      expect({ pendingNonce, remembered }).toEqual({ pendingNonce, remembered: opened });
      expect(opened.pendingNonce).toBe(pendingNonce);
    }
    expect(counts.opens).toBe(0);
    expect(other.counts.opens).toBe(4);
  });

  it("forgets remembered values in the order it remembered them: a read does not keep one longer, and a forgotten one still opens", async () => {
    const { counts, sessions } = countedSessions();
    const sealNew = async (record: SessionRecord): Promise<string> => {
      const writing = sessions.open(new Request("http://localhost/"));
      await writing.store.set(record);
      return decodeURIComponent(/siwx_session=([^;]*)/.exec((await writing.setCookie())!)![1]!);
    };
    const first: SessionRecord = { pendingNonce: "f".repeat(32), nonceIssuedAt: 1 };
    const cookie = await sealNew(first);
    for (let index = 1; index < REMEMBERED_VALUES; index += 1) await sealNew({ pendingNonce: "a".repeat(32), nonceIssuedAt: index });
    // Still remembered (the oldest of exactly REMEMBERED_VALUES): read without the cipher.
    expect(await sessions.open(withCookie("/", cookie)).store.get()).toEqual(first);
    expect(counts.opens).toBe(0);
    // One more value pushes out the oldest remembered, read a moment ago or not.
    await sealNew({ pendingNonce: "b".repeat(32), nonceIssuedAt: 2 });
    expect(await sessions.open(withCookie("/", cookie)).store.get()).toEqual(first);
    expect(counts.opens).toBe(1);
    // Opened by the cipher, it is remembered again.
    expect(await sessions.open(withCookie("/", cookie)).store.get()).toEqual(first);
    expect(counts).toEqual({ seals: REMEMBERED_VALUES + 1, opens: 1 });
  });

  it("compares the app's data and signer lists by value: a copy written back is not re-sealed, a changed one is", async () => {
    const { counts, sessions } = countedSessions();
    const first = sessions.open(new Request("http://localhost/"));
    const signedIn: SessionRecord = {
      address: "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe",
      authenticatedAt: 1,
      sessionId: "c".repeat(32),
      authority: "multisig",
      signers: ["rA", "rB"],
      domain: "localhost",
      data: { userId: 7, roles: ["admin"] },
    };
    await first.store.set(signedIn);
    const cookie = decodeURIComponent(/siwx_session=([^;]*)/.exec((await first.setCookie())!)![1]!);

    const copied = sessions.open(withCookie("/", cookie));
    const read = await copied.store.get();
    await copied.store.set({ ...read, signers: [...read.signers!], data: JSON.parse(JSON.stringify(read.data)) as unknown });
    expect(await copied.setCookie()).toBeUndefined();

    const changes: ((record: SessionRecord) => SessionRecord)[] = [
      (record) => ({ ...record, data: { userId: 7, roles: ["user"] } }),
      (record) => ({ ...record, signers: ["rA"] }),
      (record) => ({ ...record, data: null }),
      ({ domain: _domain, ...record }) => record,
    ];
    for (const change of changes) {
      const changed = sessions.open(withCookie("/", cookie));
      await changed.store.set(change(await changed.store.get()));
      expect(await changed.setCookie()).toMatch(/^siwx_session=v1\./);
    }
    // A record with the app's data is remembered as its JSON: read again without the cipher,
    // and parsed per read, so a read's nested values are its own.
    expect(counts).toEqual({ seals: 5, opens: 0 });
    const mine = await sessions.open(withCookie("/", cookie)).store.get();
    (mine.data as { roles: string[] }).roles.push("changed by a route");
    mine.signers!.push("rC");
    expect(await sessions.open(withCookie("/", cookie)).store.get()).toEqual(signedIn);
  });

  it("answers no Set-Cookie for a request that only reads, and an expired cookie for one that ends the session", async () => {
    const { counts, sessions } = countedSessions();
    const reading = sessions.open(new Request("http://localhost/"));
    expect(await reading.store.get()).toEqual({});
    expect(await reading.setCookie()).toBeUndefined();
    const ending = sessions.open(new Request("http://localhost/"));
    await ending.store.destroy();
    expect(await ending.store.get()).toEqual({});
    expect(await ending.setCookie()).toMatch(/^siwx_session=; Path=\/; Max-Age=0;/);
    expect(counts).toEqual({ seals: 0, opens: 0 });
  });
});
