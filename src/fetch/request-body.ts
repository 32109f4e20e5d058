import { BODY_LIMIT_BYTES } from "../server/verify-body.js";

export { BODY_LIMIT_BYTES };

/** @internal `unreadable`: not JSON (content type or syntax); `too-large`: over `BODY_LIMIT_BYTES`. */
export type BodyRead = { kind: "json"; body: unknown } | { kind: "unreadable" } | { kind: "too-large" };

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

/**
 * Whether a `Content-Type` header value says JSON: `application/json` or any `+json` type,
 * parameters (a charset) ignored.
 *
 * @internal
 */
export function isJsonContentType(header: string | null | undefined): boolean {
  const type = (header ?? "").split(";")[0]!.trim().toLowerCase();
  return type === "application/json" || type.endsWith("+json");
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * A body's bytes read as strict UTF-8 JSON, or `unreadable`.
 *
 * @internal
 */
export function parseJsonBytes(bytes: Uint8Array): BodyRead {
  try {
    return { kind: "json", body: JSON.parse(utf8.decode(bytes)) as unknown };
  } catch {
    return { kind: "unreadable" };
  }
}
