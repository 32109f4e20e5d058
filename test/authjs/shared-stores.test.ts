/**
 * Two Auth.js servers with the XRPL provider sharing one nonce store on a real database (Redis,
 * PostgreSQL): a message used on one is refused on the other, and of two servers receiving the
 * same proof at once exactly one signs in. Without the database: skipped, or failed under CI.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { XrplProvider } from "../../src/authjs/index.js";
import { compactSignature, createVerifier, type NonceStore, type Verifier } from "../../src/index.js";
import { createPostgresNonceStore } from "../../src/postgres/index.js";
import { createRedisNonceStore } from "../../src/redis/index.js";
import { createDevWallet } from "../../src/testing/index.js";
import { createCookieJar } from "../support/cookie-jar.js";
import { connectTestPostgres, type TestDatabase } from "../postgres/connect-postgres.js";
import { connectTestRedis, type TestRedisClient } from "../redis/connect-redis.js";
import { startAuthServer, type AuthServer } from "./auth-server.js";
import { AUTHJS_DOMAIN, authjsMessage, getCsrfToken, postCallback, sessionAddress, signedCredentials, signInWithXrpl } from "./flow.js";

interface StoreSetup {
  name: string;
  /** A nonce store on the database, or the reason it is unavailable. */
  open(): Promise<{ store: NonceStore; close(): Promise<void> } | { reason: string }>;
}

const STORES: StoreSetup[] = [
  {
    name: "Redis",
    async open() {
      const connected = await connectTestRedis();
      if ("reason" in connected) return connected;
      const client: TestRedisClient = connected.client;
      const prefix = `siwx-test:authjs:${process.pid}:${randomBytes(4).toString("hex")}:`;
      return {
        store: createRedisNonceStore(client, { prefix: `${prefix}nonce:`, revocationPrefix: `${prefix}revoked:` }),
        close: async () => {
          for await (const keys of client.scanIterator({ MATCH: `${prefix}*` })) if (keys.length > 0) await client.del(keys);
          await client.close();
        },
      };
    },
  },
  {
    name: "PostgreSQL",
    async open() {
      const database: TestDatabase | { reason: string } = await connectTestPostgres();
      if ("reason" in database) return database;
      const store = createPostgresNonceStore(database.pool, { schema: database.schema });
      return {
        store,
        close: () => database.drop(),
      };
    },
  },
];

for (const setup of STORES) {
  describe(`XrplProvider with a ${setup.name} nonce store shared by two servers`, () => {
    let opened: { store: NonceStore; close(): Promise<void> } | { reason: string };
    let verifier: Verifier;
    const servers: AuthServer[] = [];

    beforeAll(async () => {
      opened = await setup.open();
      verifier = createVerifier({ strategies: [compactSignature({ ledger: "never" })], nodeUrl: "ws://127.0.0.1:9" });
      if ("reason" in opened) return;
      const secret = randomBytes(32).toString("hex");
      for (let index = 0; index < 2; index++) {
        const provider = XrplProvider({ verifier, domain: AUTHJS_DOMAIN, secret, nonceStore: opened.store });
        servers.push(await startAuthServer(provider, { secret }));
      }
    });
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await verifier?.close();
      if (opened !== undefined && !("reason" in opened)) await opened.close();
    });

    const unavailable = (): string | undefined => ("reason" in opened ? opened.reason : undefined);

    it("refuses on the second server a message used on the first", async (context) => {
      const reason = unavailable();
      if (reason !== undefined) {
        if (process.env.CI) throw new Error(`${reason}: start the server (this test needs it under CI).`);
        context.skip(`${reason} (set CI to make this a failure)`);
      }
      const [first, second] = servers as [AuthServer, AuthServer];
      const jar = createCookieJar();
      const signedIn = await signInWithXrpl(jar, first.url, createDevWallet());
      expect(signedIn.error).toBeNull();
      const other = jar.clone();
      const csrfToken = await getCsrfToken(other, second.url);
      expect(await postCallback(other, second.url, { ...signedIn.fields, csrfToken })).toMatchObject({ code: "nonce_used" });
    });

    it("signs in exactly one of two servers that get the same proof at once", async (context) => {
      const reason = unavailable();
      if (reason !== undefined) {
        if (process.env.CI) throw new Error(`${reason}: start the server (this test needs it under CI).`);
        context.skip(`${reason} (set CI to make this a failure)`);
      }
      const [first, second] = servers as [AuthServer, AuthServer];
      const wallet = createDevWallet();
      for (let round = 0; round < 5; round++) {
        const jar = createCookieJar();
        const csrfToken = await getCsrfToken(jar, first.url);
        const { nonce } = (await (await jar.fetch(`${first.url}/api/auth/xrpl-nonce`)).json()) as { nonce: string };
        const fields: Record<string, string> = {
          ...(await signedCredentials(wallet, authjsMessage(await wallet.getAddress(), nonce))),
          csrfToken,
        };
        const jars = [jar.clone(), jar.clone()] as const;
        const answers = await Promise.all([postCallback(jars[0], first.url, fields), postCallback(jars[1], second.url, fields)]);
        expect(answers.filter((answer) => answer.error === null)).toHaveLength(1);
        expect(answers.filter((answer) => answer.code === "nonce_used")).toHaveLength(1);
        const sessions = await Promise.all([sessionAddress(jars[0], first.url), sessionAddress(jars[1], second.url)]);
        expect(sessions.filter((address) => address === null)).toHaveLength(1);
      }
    });
  });
}
