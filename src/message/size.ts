/**
 * Largest sign-in message `parseMessage` accepts and `createMessage` writes, in UTF-8 bytes
 * (8 KiB). Use it to cap the request body before parsing.
 *
 * @example
 * ```ts
 * import { MAX_MESSAGE_BYTES } from "sign-in-with-xrpl";
 * app.use(express.json({ limit: MAX_MESSAGE_BYTES * 2 }));
 * ```
 */
export const MAX_MESSAGE_BYTES = 8192;

/**
 * True when the UTF-8 encoding of `text` is longer than `limitBytes`. Costs O(1) for texts
 * whose UTF-16 length alone exceeds the limit (every code unit is at least one byte), and at
 * most `limitBytes` steps otherwise, so an oversized input is refused before any parsing.
 */
export function exceedsUtf8Bytes(text: string, limitBytes: number): boolean {
  if (text.length > limitBytes) return true;
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        index++;
      } else {
        bytes += 3; // a lone surrogate encodes as U+FFFD
      }
    } else bytes += 3;
    if (bytes > limitBytes) return true;
  }
  return false;
}
