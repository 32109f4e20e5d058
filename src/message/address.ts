// The `address` rule: a classic XRPL address (`r...`) whose base58check checksum holds.
import { isValidClassicAddress } from "ripple-address-codec";

// The XRPL base58 alphabet; "0", "O", "I" and "l" are not in it.
const XRPL_ALPHABET = "rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz";
const IN_ALPHABET: readonly boolean[] = (() => {
  const table: boolean[] = new Array<boolean>(128).fill(false);
  for (let index = 0; index < XRPL_ALPHABET.length; index++) table[XRPL_ALPHABET.charCodeAt(index)] = true;
  return table;
})();

/**
 * True when `text` is a classic address with a valid checksum. Cheap shape checks (length 25 to
 * 35, leading "r", base58 alphabet) run first so that garbage never reaches the decoder.
 */
export function isClassicAddress(text: string): boolean {
  const length = text.length;
  if (length < 25 || length > 35 || text.charCodeAt(0) !== 0x72) return false;
  for (let index = 1; index < length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 128 || IN_ALPHABET[code] !== true) return false;
  }
  try {
    return isValidClassicAddress(text);
  } catch {
    return false;
  }
}
