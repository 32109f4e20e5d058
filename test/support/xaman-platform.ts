/**
 * A stand-in of Xaman's platform API on loopback, for the real `xumm-sdk` to talk to (pointed at it
 * with the SDK's own `setEndpoint`), and of the Xaman app that signs on the user's phone.
 *
 * It speaks the platform API as Xaman documents it (docs.xaman.dev, "Payloads (sign requests)")
 * and as xumm-sdk 1.11 calls it (dist/src/Meta.js, Payload.js):
 * - `POST /api/v1/platform/payload` with `x-api-key` / `x-api-secret` headers and
 *   `{ txjson, options, custom_meta, user_token? }` → `{ uuid, next: { always }, refs: { qr_png,
 *   qr_matrix, qr_uri_quality_opts, websocket_status }, pushed }`;
 * - `GET /api/v1/platform/payload/{uuid}` → `{ meta, application, payload, response, custom_meta }`
 *   (`XummGetPayloadResponse`), an unknown uuid → `{ error: { reference, code: 404 } }`;
 * - `DELETE /api/v1/platform/payload/{uuid}` → `{ result: { cancelled, reason }, meta, custom_meta }`;
 * - the payload websocket `/sign/{uuid}`: `{ message: "Welcome <uuid>" }` and
 *   `{ expires_in_seconds }` on connect, `{ opened: true }` when the user opens it, then
 *   `{ payload_uuidv4, reference_call_uuidv4, signed, user_token, return_url, opened_by_deeplink,
 *   custom_meta, txid }` when resolved, or `{ expired: true }`; `{"ping":true}` keepalives get
 *   `{ message: "Right back at you!" }` (what xumm-sdk waits for);
 * - webhooks, when `webhookUrl` is set: a POST of `{ meta, custom_meta, payloadResponse,
 *   userToken }` with `x-xumm-request-timestamp` and `x-xumm-request-signature` = HMAC-SHA1 (key:
 *   the API secret through `secret.replace('-', '')`) of timestamp + JSON body, as documented.
 *
 * The phone (`sign`) signs like the Xaman app signs a `SignIn` pseudo-transaction
 * (XRPL-Labs/Xaman-App, src/common/libs/ledger/transactions/pseudo/base.ts, `JsonForSigning`):
 * the request's fields without `TransactionType`, `Account` set to the signing account when
 * absent, `SigningPubKey`, and `TxnSignature` over `encodeForSigning`, encoded with
 * ripple-binary-codec (what its signing library uses); `response.hex` is that blob.
 */
import { createHmac, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { encode, encodeForSigning } from "ripple-binary-codec";
import { deriveAddress, deriveKeypair, sign } from "ripple-keypairs";
import { WebSocketServer, type WebSocket } from "ws";

export interface XamanPayloadRecord {
  uuid: string;
  created: Record<string, unknown>;
  state: "pending" | "opened" | "signed" | "rejected" | "expired" | "cancelled";
  hex: string | null;
  account: string | null;
  sockets: Set<WebSocket>;
}

export interface XamanPlatform {
  /** The base URL to give `xumm-sdk`'s `setEndpoint` (`http://127.0.0.1:<port>`). */
  url: string;
  apiKey: string;
  apiSecret: string;
  /** Every payload created, oldest first. */
  payloads: XamanPayloadRecord[];
  /** Resolves with the next payload created (or the one already created and not yet taken). */
  nextPayload(timeoutMs?: number): Promise<XamanPayloadRecord>;
  open(uuid: string): void;
  /** The user signs on the phone with the account of `seed`. */
  sign(uuid: string, seed: string): string;
  reject(uuid: string): void;
  expire(uuid: string): void;
  setWebhookUrl(url: string | undefined): void;
  stop(): Promise<void>;
}

const USER_TOKEN = "5a7e6b9f-3c1d-4e2a-9b8c-0d1e2f3a4b5c";

export async function startXamanPlatform(): Promise<XamanPlatform> {
  const apiKey = randomUUID();
  const apiSecret = randomUUID();
  const payloads: XamanPayloadRecord[] = [];
  const byUuid = new Map<string, XamanPayloadRecord>();
  let taken = 0;
  const waiting: ((record: XamanPayloadRecord) => void)[] = [];
  let webhookUrl: string | undefined;
  let base = "";

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  };
  const apiError = (code: number) => ({ error: { reference: randomUUID(), code } });

  function details(record: XamanPayloadRecord): Record<string, unknown> {
    const txjson = record.created["txjson"] as Record<string, unknown>;
    const signed = record.state === "signed";
    const resolved = signed || record.state === "rejected";
    return {
      meta: {
        exists: true,
        uuid: record.uuid,
        multisign: false,
        submit: false,
        pathfinding: false,
        pathfinding_fallback: false,
        destination: "",
        resolved_destination: "",
        resolved,
        signed,
        cancelled: record.state === "cancelled",
        expired: record.state === "expired",
        pushed: record.created["user_token"] !== undefined,
        app_opened: record.state !== "pending",
        opened_by_deeplink: false,
        return_url_app: null,
        return_url_web: null,
        is_xapp: false,
        signers: null,
      },
      application: {
        name: "stand-in",
        description: "Xaman platform stand-in",
        disabled: 0,
        uuidv4: apiKey,
        icon_url: `${base}/icon.png`,
        issued_user_token: signed ? USER_TOKEN : null,
      },
      payload: {
        tx_type: txjson["TransactionType"],
        tx_destination: "",
        tx_destination_tag: null,
        request_json: txjson,
        origintype: null,
        signmethod: null,
        created_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + 300_000).toISOString(),
        expires_in_seconds: 300,
      },
      response: {
        hex: record.hex,
        txid: signed ? "0".repeat(64) : null,
        resolved_at: resolved ? new Date().toISOString() : null,
        dispatched_nodetype: null,
        dispatched_to: null,
        dispatched_result: null,
        dispatched_to_node: null,
        environment_nodeuri: null,
        environment_nodetype: null,
        environment_networkid: 0,
        multisign_account: null,
        account: record.account,
        signer: record.account,
        user: signed ? "stand-in-user" : null,
      },
      custom_meta: record.created["custom_meta"] ?? {},
    };
  }

  async function readBody(request: IncomingMessage): Promise<unknown> {
    let text = "";
    for await (const chunk of request) text += String(chunk);
    return text === "" ? undefined : JSON.parse(text);
  }

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? "/", base);
      if (url.pathname.endsWith(".png")) {
        // A 1x1 PNG: the page only needs an image to show.
        response.writeHead(200, { "content-type": "image/png" });
        response.end(
          Buffer.from(
            "89504E470D0A1A0A0000000D4948445200000001000000010806000000" +
              "1F15C4890000000D49444154789C6360000002000001E221BC330000000049454E44AE426082",
            "hex",
          ),
        );
        return;
      }
      const match = /^\/api\/v1\/platform\/payload(?:\/([^/]+))?$/u.exec(url.pathname);
      if (match === null) return send(response, 404, apiError(404));
      if (request.headers["x-api-key"] !== apiKey || request.headers["x-api-secret"] !== apiSecret) {
        return send(response, 403, apiError(812));
      }
      const uuid = match[1];
      if (uuid === undefined && request.method === "POST") {
        const body = (await readBody(request)) as Record<string, unknown>;
        if (body === null || typeof body !== "object" || typeof body["txjson"] !== "object") return send(response, 400, apiError(602));
        const record: XamanPayloadRecord = {
          uuid: randomUUID(),
          created: body,
          state: "pending",
          hex: null,
          account: null,
          sockets: new Set(),
        };
        payloads.push(record);
        byUuid.set(record.uuid, record);
        waiting.shift()?.(record);
        return send(response, 200, {
          uuid: record.uuid,
          next: { always: `${base}/sign/${record.uuid}` },
          refs: {
            qr_png: `${base}/sign/${record.uuid}_q.png`,
            qr_matrix: `${base}/sign/${record.uuid}_q.json`,
            qr_uri_quality_opts: ["m", "q", "h"],
            websocket_status: `${base.replace(/^http/u, "ws")}/sign/${record.uuid}`,
          },
          pushed: body["user_token"] !== undefined,
        });
      }
      const record = uuid === undefined ? undefined : byUuid.get(uuid);
      if (record === undefined) return send(response, 404, apiError(404));
      if (request.method === "GET") return send(response, 200, details(record));
      if (request.method === "DELETE") {
        const cancelled = record.state === "pending";
        if (cancelled) record.state = "cancelled";
        return send(response, 200, {
          result: { cancelled, reason: cancelled ? "OK" : "ALREADY_RESOLVED" },
          meta: details(record)["meta"],
          custom_meta: {},
        });
      }
      return send(response, 405, apiError(405));
    })().catch((error: unknown) => send(response, 500, { message: String(error) }));
  });

  const sockets = new WebSocketServer({ server });
  sockets.on("connection", (socket, request) => {
    const uuid = /^\/sign\/([^/?]+)/u.exec(request.url ?? "")?.[1];
    const record = uuid === undefined ? undefined : byUuid.get(uuid);
    if (record === undefined) {
      socket.send(JSON.stringify({ message: "Payload does not exist or is not yours" }));
      socket.close();
      return;
    }
    socket.send(JSON.stringify({ message: `Welcome ${record.uuid}` }));
    if (record.state === "expired") socket.send(JSON.stringify({ expired: true }));
    else socket.send(JSON.stringify({ expires_in_seconds: 300 }));
    record.sockets.add(socket);
    socket.on("message", (data) => {
      if ((Buffer.isBuffer(data) ? data.toString("utf8") : "").includes('"ping"'))
        socket.send(JSON.stringify({ message: "Right back at you!" }));
    });
    socket.on("close", () => record.sockets.delete(socket));
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function recordOf(uuid: string): XamanPayloadRecord {
    const record = byUuid.get(uuid);
    if (record === undefined) throw new Error(`No payload ${uuid} on the Xaman stand-in.`);
    return record;
  }

  function broadcast(record: XamanPayloadRecord, message: Record<string, unknown>): void {
    for (const socket of record.sockets) socket.send(JSON.stringify(message));
  }

  async function resolved(record: XamanPayloadRecord, signed: boolean): Promise<void> {
    const event = {
      payload_uuidv4: record.uuid,
      reference_call_uuidv4: randomUUID(),
      signed,
      user_token: signed,
      return_url: { app: null, web: null },
      opened_by_deeplink: false,
      custom_meta: record.created["custom_meta"] ?? {},
      txid: signed ? "0".repeat(64) : "",
    };
    if (webhookUrl !== undefined) {
      const body = {
        meta: { url: webhookUrl, application_uuidv4: apiKey, payload_uuidv4: record.uuid, opened_by_deeplink: false },
        custom_meta: record.created["custom_meta"] ?? {},
        payloadResponse: { ...event },
        userToken: signed ? { user_token: USER_TOKEN, token_issued: 1_700_000_000, token_expiration: 1_800_000_000 } : null,
      };
      const timestamp = String(Math.floor(Date.now() / 1000));
      const signature = createHmac("sha1", apiSecret.replace("-", ""))
        .update(timestamp + JSON.stringify(body))
        .digest("hex");
      await fetch(webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json", "x-xumm-request-timestamp": timestamp, "x-xumm-request-signature": signature },
        body: JSON.stringify(body),
      }).catch(() => undefined);
    }
    broadcast(record, event);
  }

  return {
    url: base,
    apiKey,
    apiSecret,
    payloads,
    nextPayload(timeoutMs = 30_000) {
      if (taken < payloads.length) return Promise.resolve(payloads[taken++]!);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("No payload was created on the Xaman stand-in.")), timeoutMs);
        waiting.push((record) => {
          clearTimeout(timer);
          taken += 1;
          resolve(record);
        });
      });
    },
    open(uuid) {
      const record = recordOf(uuid);
      record.state = "opened";
      broadcast(record, { opened: true });
    },
    sign(uuid, seed) {
      const record = recordOf(uuid);
      const { publicKey, privateKey } = deriveKeypair(seed);
      const address = deriveAddress(publicKey);
      const txjson = { ...(record.created["txjson"] as Record<string, unknown>) };
      delete txjson["TransactionType"]; // a pseudo-transaction is signed without it
      if (txjson["Account"] !== undefined && txjson["Account"] !== address) {
        throw new Error(`Xaman asks for ${JSON.stringify(txjson["Account"])}; the phone's account is ${address}.`);
      }
      const unsigned: Record<string, unknown> = { ...txjson, SigningPubKey: publicKey };
      unsigned["Account"] ??= address;
      const hex = encode({ ...unsigned, TxnSignature: sign(encodeForSigning(unsigned), privateKey) });
      record.state = "signed";
      record.hex = hex;
      record.account = address;
      void resolved(record, true);
      return hex;
    },
    reject(uuid) {
      const record = recordOf(uuid);
      record.state = "rejected";
      void resolved(record, false);
    },
    expire(uuid) {
      const record = recordOf(uuid);
      record.state = "expired";
      broadcast(record, { expired: true });
    },
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    async stop() {
      // A normal close (1000): xumm-sdk reconnects after any other.
      for (const client of sockets.clients) client.close(1000);
      await new Promise((resolve) => setTimeout(resolve, 50));
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
