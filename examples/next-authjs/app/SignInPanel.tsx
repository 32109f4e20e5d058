"use client";
// The browser's side: a nonce from the provider's route, the message, the wallet's signature,
// then next-auth's signIn("xrpl", ...), which posts it to Auth.js's credentials callback.
import { signIn, signOut } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { createDevWallet, createMessage } from "sign-in-with-xrpl/client";

export function SignInPanel({ address }: { address: string | null }) {
  const router = useRouter();
  const [status, setStatus] = useState<string>("");

  async function signInWithDevWallet(): Promise<void> {
    setStatus("Signing in...");
    try {
      // Any wallet fits here (GemWallet, Crossmark, Xaman...): it signs the exact message text.
      const wallet = createDevWallet();
      const walletAddress = await wallet.getAddress();
      const { nonce } = (await (await fetch("/api/auth/xrpl-nonce")).json()) as { nonce: string };
      const message = createMessage({
        domain: window.location.host,
        address: walletAddress,
        statement: "Sign in to the Auth.js example.",
        uri: window.location.origin,
        chainId: "xrpl:0",
        nonce,
        issuedAt: new Date(),
      });
      const proof = await wallet.sign(message);
      const result = await signIn("xrpl", { message, address: walletAddress, ...proof, redirect: false });
      if (result?.error) {
        setStatus(`Refused: ${result.code ?? result.error}`);
        return;
      }
      setStatus("");
      router.refresh();
    } catch (error) {
      setStatus(`Failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async function signOutHere(): Promise<void> {
    await signOut({ redirect: false });
    router.refresh();
  }

  return (
    <section>
      {address === null ? (
        <>
          <p data-testid="session">Not signed in.</p>
          <button type="button" onClick={() => void signInWithDevWallet()}>
            Sign in with a development wallet
          </button>
        </>
      ) : (
        <>
          <p data-testid="session">
            Signed in as <code>{address}</code>
          </p>
          <button type="button" onClick={() => void signOutHere()}>
            Sign out
          </button>
        </>
      )}
      <p role="status">{status}</p>
    </section>
  );
}
