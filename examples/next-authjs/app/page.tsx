import { auth } from "@/auth";
import { SignInPanel } from "./SignInPanel";

export const dynamic = "force-dynamic";

export default async function Page() {
  const session = await auth();
  return (
    <main style={{ fontFamily: "system-ui, sans-serif", maxWidth: 640, margin: "3rem auto", padding: "0 1rem" }}>
      <h1>Sign in with XRPL, through Auth.js</h1>
      <p>
        Auth.js keeps the session; the XRPL provider checks the signed sign-in message. This demo signs with a development wallet: a key
        pair made in this page, for an account that holds nothing.
      </p>
      <SignInPanel address={session?.user?.id ?? null} />
    </main>
  );
}
