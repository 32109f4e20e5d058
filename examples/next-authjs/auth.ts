// Auth.js (next-auth v5) with the XRPL provider. The configuration is a function, so the provider
// is created on the first request, with the server's settings, rather than during `next build`.
import NextAuth from "next-auth";
import { getXrplProvider } from "./lib/xrpl";

export const { handlers, auth, signIn, signOut } = NextAuth(() => ({
  providers: [getXrplProvider()],
  // Credentials providers sign in with a JWT session (Auth.js stores nothing per user).
  session: { strategy: "jwt" },
  callbacks: {
    // The session's user is the XRPL account: `session.user.id` is its classic address.
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      return session;
    },
  },
}));
