import { BODY_LIMIT_BYTES, isJsonContentType, parseJsonBytes, type BodyRead } from "../server/verify-body.js";

export { BODY_LIMIT_BYTES, isJsonContentType, parseJsonBytes, type BodyRead };

/**
 * Reads a JSON request body of at most `BODY_LIMIT_BYTES`, found too large from
 * `Content-Length` or while reading, so a huge body is never held in memory.
 *
 * @internal
 */
export async function readJsonBody(request: Request): Promise<BodyRead> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (Number.isFinite(declared) && declared > BODY_LIMIT_BYTES) return { kind: "too-large" };
  if (!isJsonContentType(request.headers.get("content-type"))) return { kind: "unreadable" };
  // A declared length within the limit bounds the body (the server frames it by that length), so
  // it is read in one call, which runtimes and adapters (@hono/node-server) answer without a web
  // stream: several times cheaper than reading chunks. Without one (chunked), chunk by chunk.
  if (request.headers.has("content-length") && Number.isFinite(declared)) {
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (bytes.byteLength > BODY_LIMIT_BYTES) return { kind: "too-large" };
    return parseJsonBytes(bytes);
  }
  if (request.body === null) return { kind: "unreadable" };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > BODY_LIMIT_BYTES) {
      await reader.cancel().catch(() => {});
      return { kind: "too-large" };
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return parseJsonBytes(bytes);
}
