// The server side: better-auth keeps users, accounts and sessions in PostgreSQL, and the XRPL
// plugin adds "sign in with your XRPL account" next to whatever sign-in methods you already have.
import { betterAuth } from "better-auth";
import pg from "pg";
import { createVerifier, type Verifier } from "sign-in-with-xrpl";
import { xrpl } from "sign-in-with-xrpl/better-auth";

/** The settings the app reads from its environment. */
export interface AuthEnv {
  /** PostgreSQL connection string, e.g. postgres://app@db.internal/app. */
  DATABASE_URL?: string | undefined;
  /** Where better-auth is served, e.g. https://example.com (better-auth adds /api/auth). */
  BETTER_AUTH_URL?: string | undefined;
  /** At least 32 random characters: `openssl rand -hex 32`. */
  BETTER_AUTH_SECRET?: string | undefined;
  /** The host users sign in on, e.g. example.com. Leave it out in development: loopback hosts are accepted. */
  APP_DOMAIN?: string | undefined;
  /** A WebSocket URL of an XRPL node (default: a public mainnet node). */
  XRPL_NODE_URL?: string | undefined;
  /** The network sign-in messages must name, CAIP-2: "xrpl:0" mainnet (the default), "xrpl:1" testnet. */
  XRPL_CHAIN_ID?: string | undefined;
  /** "production" refuses a sign-in message whose URI is not https:. */
  NODE_ENV?: string | undefined;
}

/** Everything `createAuth` builds: better-auth itself, and what to close at shutdown. */
export function createAuth(env: AuthEnv, verifier: Verifier = createVerifier({ nodeUrl: env.XRPL_NODE_URL })) {
  const pool = new pg.Pool({ connectionString: env.DATABASE_URL });
  const auth = betterAuth({
    database: pool,
    baseURL: env.BETTER_AUTH_URL,
    secret: env.BETTER_AUTH_SECRET,
    plugins: [
      xrpl({
        verifier,
        domain: env.APP_DOMAIN, // never taken from the request's Host header
        chainId: env.XRPL_CHAIN_ID?.trim() || "xrpl:0", // mainnet unless set; "xrpl:1" is testnet
        // In production a message must name an https: URI.
        uriSchemes: env.NODE_ENV === "production" ? ["https"] : undefined,
      }),
    ],
  });
  const close = async (): Promise<void> => {
    await verifier.close();
    await pool.end();
  };
  return { auth, close };
}

/** The app's better-auth instance type, for code that receives it. */
export type Auth = ReturnType<typeof createAuth>["auth"];
