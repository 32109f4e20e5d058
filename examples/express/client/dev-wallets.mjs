// The development wallet of the demo page and of the OpenID Provider's interaction page: one key
// pair per tab, two proof kinds. Never for an account that holds value: its secret lives in the
// page and in the tab's session storage.
import { createDevWallet } from "sign-in-with-xrpl/client";

/** Where the tab keeps its dev wallet's seed, so that a reload signs in as the same account. */
export const DEV_WALLET_SEED_KEY = "sign-in-with-xrpl-demo:dev-wallet-seed";

/**
 * The dev wallet of this tab: one key pair, two proof kinds. Its seed stays in sessionStorage so
 * that a reload signs in to the same account (and a new tab gets a new one).
 */
export async function loadDevWallets() {
  const storedSeed = sessionStorage.getItem(DEV_WALLET_SEED_KEY);
  let byMessage;
  try {
    byMessage = createDevWallet(storedSeed ? { seed: storedSeed } : {});
    await byMessage.getAddress();
  } catch {
    // Not a seed we can use (edited by hand?): start over with a new wallet.
    byMessage = createDevWallet();
  }
  sessionStorage.setItem(DEV_WALLET_SEED_KEY, await byMessage.exportSeed());
  return { byMessage, byTransaction: byMessage.withProof("signedTx") };
}
