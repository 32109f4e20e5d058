import type { Metadata } from "next";
import type { ReactNode } from "react";

export const metadata: Metadata = {
  title: "Sign in with XRPL: Auth.js example",
  description: "Sign in by proof of control of an XRP Ledger account, through Auth.js (next-auth v5).",
  // No favicon: an empty one, so the browser does not ask for /favicon.ico.
  icons: { icon: "data:," },
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
