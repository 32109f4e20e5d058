// Auth.js (next-auth v5) with the XRPL provider. The provider is created when this module loads,
// `next build` included: it reads APP_DOMAIN and AUTH_SECRET on its first use, so one build runs
// anywhere, and a server started without them fails loudly (instrumentation.ts stops the start).
import NextAuth from "next-auth";
import { headers } from "next/headers";
import { XrplProvider } from "sign-in-with-xrpl/authjs";
import { xrplOptions } from "./lib/xrpl";

export const xrpl = XrplProvider(xrplOptions());

export const { handlers, auth, signIn, signOut } = NextAuth(async (request) => {
  // The host this request is for: with several APP_DOMAIN hosts, a session counts only on its own.
  const host = request?.headers.get("host") ?? (await headers()).get("host");
  return {
    providers: [xrpl],
    // Credentials providers sign in with a JWT session (Auth.js stores nothing per user).
    session: { strategy: "jwt" },
    callbacks: {
      // The library's session rules: 24 hours from the proof at most, ended at sign-out.
      jwt: (params) => xrpl.handleJwt(params, { host }),
      // The session's user is the XRPL account: `session.user.id` is its classic address.
      session({ session, token }) {
        if (token.sub) session.user.id = token.sub;
        return session;
      },
    },
    events: { signOut: (message) => xrpl.handleSignOut(message) },
  };
});
