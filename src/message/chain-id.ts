// The `chain id` rule: the XRPL network id, a decimal uint32 without leading zeros. The API
// speaks CAIP-2 (`xrpl:0`); the message line carries the bare number.
import { isDigit } from "./char-codes.js";
import type { ChainIdForm } from "./types.js";

/** CAIP-2 namespace of the XRP Ledger. */
export const XRPL_NAMESPACE_PREFIX = "xrpl:";
const MAX_UINT32 = 4_294_967_295;

/** True when `text` is a decimal uint32 written without leading zeros ("0" is allowed). */
export function isNetworkIdText(text: string): boolean {
  const length = text.length;
  if (length === 0 || length > 10) return false;
  if (length > 1 && text.charCodeAt(0) === 0x30) return false;
  let value = 0;
  for (let index = 0; index < length; index++) {
    const code = text.charCodeAt(index);
    if (!isDigit(code)) return false;
    value = value * 10 + (code - 0x30);
  }
  return value <= MAX_UINT32;
}

/** True when `text` is a CAIP-2 XRPL chain id (`"xrpl:N"`, N a uint32 without leading zeros). */
export function isCaip2ChainId(text: string): boolean {
  return text.startsWith(XRPL_NAMESPACE_PREFIX) && isNetworkIdText(text.slice(XRPL_NAMESPACE_PREFIX.length));
}

/**
 * The network id of a chain id written either bare (`"0"`) or in CAIP-2 form (`"xrpl:0"`), or
 * undefined when it is neither.
 */
export function networkIdOf(chainId: string): string | undefined {
  const digits = chainId.startsWith(XRPL_NAMESPACE_PREFIX) ? chainId.slice(XRPL_NAMESPACE_PREFIX.length) : chainId;
  return isNetworkIdText(digits) ? digits : undefined;
}

/** The CAIP-2 form (`"xrpl:N"`) of a chain id written bare or in CAIP-2 form, or undefined. */
export function normalizeChainId(chainId: string): string | undefined {
  const networkId = networkIdOf(chainId);
  return networkId === undefined ? undefined : XRPL_NAMESPACE_PREFIX + networkId;
}

/** How a chain id text is written: CAIP-2 (`"xrpl:0"`) or bare (`"0"`). */
export function chainIdFormOf(chainId: string): ChainIdForm {
  return chainId.startsWith(XRPL_NAMESPACE_PREFIX) ? "caip2" : "bare";
}
