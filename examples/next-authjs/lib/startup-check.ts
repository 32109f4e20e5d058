// The start-up check of instrumentation.ts (Node runtime only): build a provider from the
// settings once, so a setting it refuses ends the process with the library's one-line reason
// and fix. The routes build their own (see lib/xrpl.ts).
import { InvalidOptionsError } from "sign-in-with-xrpl";
import { XrplProvider } from "sign-in-with-xrpl/authjs";
import { xrplOptions } from "./xrpl";

export async function checkSettingsOrExit(): Promise<void> {
  const options = xrplOptions();
  try {
    XrplProvider(options);
  } catch (error) {
    if (!(error instanceof InvalidOptionsError)) throw error;
    // A refused chain id came from XRPL_CHAIN_ID: the line names the setting.
    const setting = error.message.includes("`chainId`") ? `XRPL_CHAIN_ID ${JSON.stringify(process.env.XRPL_CHAIN_ID)} is not usable: ` : "";
    console.error(`Cannot start the example: ${setting}${error.message}`);
    process.exit(1);
  } finally {
    await options.verifier.close();
  }
}
