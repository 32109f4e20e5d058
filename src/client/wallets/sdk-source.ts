// How the wallets get their SDK: the application hands it over, either the module itself or a
// function that imports it (`() => import("@gemwallet/api")`). The library never names a wallet
// SDK in an import of its own: a bundler would then fail every application that did not install
// that optional package, and the SDK could not become a chunk of the application's own.
import { InvalidOptionsError } from "../../errors.js";
import { WalletError } from "../errors.js";

/**
 * A wallet SDK as an option: the module (`import * as gemWallet from "@gemwallet/api"`), a module
 * whose default export is the SDK, or a function that loads it on first use
 * (`() => import("@gemwallet/api")`), so the page only downloads it when the user picks that
 * wallet.
 *
 * @example
 * ```ts
 * const source: SdkSource<{ isInstalled(): Promise<unknown> }> = () => import("@gemwallet/api");
 * ```
 */
export type SdkSource<T> = T | { default: T } | (() => Promise<unknown>);

/** @internal Checks an `sdk` option at creation time. */
export function checkSdkSource(caller: string, sdk: unknown, example: string): void {
  if (sdk === null || (typeof sdk !== "object" && typeof sdk !== "function")) {
    throw new InvalidOptionsError(`sign-in-with-xrpl: ${caller} needs \`sdk\`: the wallet's SDK module or a loader, e.g. ${example}.`);
  }
}

/**
 * @internal Loads an SDK once and finds in it the object that has `marker` (a method name): the
 * module, its default export (how bundlers present a CommonJS package), or the default's default.
 */
export function sdkLoader<T>(source: unknown, marker: string, wallet: string): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  const has = (value: unknown): boolean => value !== null && (typeof value === "object" || typeof value === "function") && marker in value;
  const find = (value: unknown): T => {
    const candidates = [value, (value as { default?: unknown } | null)?.default];
    candidates.push((candidates[1] as { default?: unknown } | undefined)?.default);
    for (const candidate of candidates) if (has(candidate)) return candidate as T;
    throw new WalletError("address", `${wallet}: the \`sdk\` given is not ${wallet}'s SDK (it has no ${marker}).`, { reason: "failed" });
  };
  return () =>
    (loaded ??= (async () => {
      if (has(source)) return source as T;
      if (typeof source !== "function") return find(source);
      let module: unknown;
      try {
        module = await (source as () => Promise<unknown>)();
      } catch (error) {
        loaded = undefined; // a failed download may succeed on the next click
        throw new WalletError("address", `${wallet}: its SDK could not be loaded (is the package installed?).`, {
          cause: error,
          reason: "unavailable",
        });
      }
      return find(module);
    })());
}

/** @internal The message of whatever a wallet SDK threw or rejected with. */
export function describeThrown(error: unknown): string {
  if (error instanceof Error && error.message !== "") return error.message;
  if (typeof error === "string" && error !== "") return error;
  return "no reason given";
}

/** @internal A value read from an SDK answer as a non-empty string, else undefined. */
export function nonEmptyString(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/** @internal Reads `object.a.b.c` without throwing on missing links. */
export function pick(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}
