// The browser side: better-auth's client with the XRPL plugin, and this library's controller,
// which runs the sign-in with any wallet (GemWallet, Crossmark, Xaman... or a dev wallet).
import { createAuthClient } from "better-auth/client";
import { xrplClient } from "sign-in-with-xrpl/better-auth/client";
import { createAuthController, type Wallet } from "sign-in-with-xrpl/client";

/** In a page, call it without options: same origin, the browser's cookies. */
export function createClient(options: { baseURL?: string; fetch?: typeof fetch } = {}) {
  return createAuthClient({
    ...(options.baseURL === undefined ? {} : { baseURL: options.baseURL }),
    ...(options.fetch === undefined ? {} : { fetchOptions: { customFetchImpl: options.fetch } }),
    plugins: [xrplClient()],
  });
}

/**
 * Signs in with `wallet`: its address, a nonce from the server, the message, the wallet's
 * signature, the server's verification. In a page the message's domain and URI are the page's
 * own; elsewhere (tests, scripts) pass them.
 */
export async function signInWithXrpl(
  authClient: ReturnType<typeof createClient>,
  wallet: Wallet,
  page: { domain?: string; uri?: string } = {},
) {
  const controller = createAuthController({
    wallet,
    adapter: authClient.xrpl.authAdapter(),
    chainId: "xrpl:0",
    statement: "Sign in to the better-auth example.",
    expiresIn: 300,
    ...page,
  });
  return controller.signIn(); // rejects with a SignInError naming the step that failed
}
