// The `request id` rule: printable ASCII without spaces. Empty is allowed (EIP-4361 has
// `request-id = *pchar`, and the SIWE corpus has a valid message with an empty Request ID).
import { isVisibleAsciiText } from "./char-codes.js";

/** True when `text` is a valid request id: visible ASCII (0x21 to 0x7e) only, possibly empty. */
export function isRequestId(text: string): boolean {
  return isVisibleAsciiText(text);
}
