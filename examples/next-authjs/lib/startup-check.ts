// The start-up check of instrumentation.ts (Node runtime only): a provider built from the
// settings says whether one is missing or refused, so the process ends with the library's
// one-line reason and fix instead of failing the first sign-in. auth.ts builds its own.
import { InvalidOptionsError } from "sign-in-with-xrpl";
import { XrplProvider } from "sign-in-with-xrpl/authjs";
import { xrplOptions } from "./xrpl";

export async function checkSettingsOrExit(): Promise<void> {
  const options = xrplOptions();
  try {
    XrplProvider(options).checkSettings();
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
