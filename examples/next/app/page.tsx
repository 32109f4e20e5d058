import type { Metadata } from "next";
import { Demo } from "./demo/Demo";

// A favicon, so the browser does not ask for a missing /favicon.ico (a 404 in the console).
const FAVICON =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#1f5fbf"/><path d="M9 9l14 14M23 9L9 23" stroke="#fff" stroke-width="3.2" stroke-linecap="round"/></svg>',
  );

export const metadata: Metadata = {
  icons: { icon: { url: FAVICON, type: "image/svg+xml" } },
};

export default function Home() {
  return <Demo />;
}
