import { isClassicAddress } from "../message/address.js";
import { CLASSIC_ADDRESS_SHAPE } from "../shared/classic-address-shape.js";

/** Longest message the verifier will hash; far above the 8 KiB a sign-in message may have. */
export const MAX_MESSAGE_LENGTH = 65_536;

const encoder = new TextEncoder();

/** A plain object (not null, not an array), the only thing a request can be. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Like isRecord, without narrowing away the caller's option type. */
export function isOptionsObject(value: unknown): boolean {
  return isRecord(value);
}

/**
 * The UTF-8 bytes of a message, or undefined when it is not a non-empty, well-formed string
 * (a lone surrogate has no UTF-8 form, so no wallet can have signed it).
 */
export function messageBytes(message: unknown): Uint8Array | undefined {
  if (typeof message !== "string" || message.length === 0 || message.length > MAX_MESSAGE_LENGTH) return undefined;
  if (!isWellFormed(message)) return undefined;
  return encoder.encode(message);
}

function isWellFormed(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0xd800 || code > 0xdfff) continue;
    if (code > 0xdbff) return false;
    const next = text.charCodeAt(index + 1);
    if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
    index += 1;
  }
  return true;
}

/**
 * A string shaped like a classic address (`r` and 24 to 34 base58 characters), else undefined.
 * The checksum is not checked here: a key's derived address is valid by construction, so an
 * exact match proves it, and {@link classicAddress} checks fully before the ledger is asked.
 */
export function classicAddressShape(value: unknown): string | undefined {
  return typeof value === "string" && CLASSIC_ADDRESS_SHAPE.test(value) ? value : undefined;
}

/** A classic address with a valid checksum, else undefined. */
export function classicAddress(value: unknown): string | undefined {
  return typeof value === "string" && isClassicAddress(value) ? value : undefined;
}
