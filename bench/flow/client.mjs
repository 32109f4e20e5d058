// The browser side of the flow benchmark, the same for every server it drives (ours and the
// ceilings): a fresh account for every flow (a new key pair, never seen by the server before),
// the proof signed here with node:crypto, and a keep-alive HTTP client with one cookie per flow.
// A flow is GET nonce, POST verify (the signed proof), GET me, POST sign-out: four round trips.
import { createHash, generateKeyPairSync, sign as cryptoSign } from "node:crypto";
import { Agent, request } from "node:http";
import { encodeAccountID } from "ripple-address-codec";
import { createMessage } from "sign-in-with-xrpl";

export const DOMAIN = "localhost";
/** How long a request waits for its answer before the flow fails. */
const CLIENT_TIMEOUT_MS = 25_000;
const SECP256K1_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

// ---------- accounts and proofs ----------

const hex = (bytes) => Buffer.from(bytes).toString("hex").toUpperCase();

// The public key comes out of the generation as DER (SPKI): on Node 20, exporting the key object a
// generation returned (`publicKey.export(...)` as a JWK) hangs the process for good now and then (a
// garbage collection during the export frees the generation's job, which waits for the lock the
// export holds), and a flow benchmark makes tens of thousands of keys.
const SPKI = { publicKeyEncoding: { type: "spki", format: "der" } };

/** A new key pair and its XRPL public key (33 bytes, hex) and classic address. */
export function newAccount(algorithm) {
  const { publicKey: spki, privateKey } =
    algorithm === "ed25519" ? generateKeyPairSync("ed25519", SPKI) : generateKeyPairSync("ec", { namedCurve: "secp256k1", ...SPKI });
  // The SPKI ends with the key: ed25519's 32 bytes; secp256k1's uncompressed point (04, x, y).
  const xrplKey =
    algorithm === "ed25519"
      ? Buffer.concat([Buffer.from([0xed]), spki.subarray(spki.length - 32)])
      : Buffer.concat([Buffer.from([spki[spki.length - 1] & 1 ? 0x03 : 0x02]), spki.subarray(spki.length - 64, spki.length - 32)]);
  const accountId = createHash("ripemd160").update(createHash("sha256").update(xrplKey).digest()).digest();
  return { algorithm, publicKey: hex(xrplKey), address: encodeAccountID(accountId), accountId, privateKey };
}

/** XRPL's signature over `data`: ed25519 raw; secp256k1 ECDSA over SHA-512Half, DER, low S (as rippled requires). */
export function signBytes(account, data) {
  if (account.algorithm === "ed25519") return cryptoSign(null, data, account.privateKey);
  return lowS(cryptoSign("sha512", data, { key: account.privateKey, dsaEncoding: "der" }));
}

function lowS(der) {
  // SEQUENCE { INTEGER r, INTEGER s }, both short (under 128 bytes).
  const rLength = der[3];
  const r = der.subarray(4, 4 + rLength);
  const s = BigInt(`0x${hex(der.subarray(6 + rLength))}`);
  if (s <= SECP256K1_ORDER / 2n) return der;
  let low = (SECP256K1_ORDER - s).toString(16);
  if (low.length % 2 === 1) low = `0${low}`;
  let sBytes = Buffer.from(low, "hex");
  if (sBytes[0] & 0x80) sBytes = Buffer.concat([Buffer.from([0]), sBytes]);
  return Buffer.concat([Buffer.from([0x30, 4 + r.length + sBytes.length, 0x02, r.length]), r, Buffer.from([0x02, sBytes.length]), sBytes]);
}

export function signInMessage(address, nonce) {
  return createMessage({
    domain: DOMAIN,
    address,
    uri: `http://${DOMAIN}`,
    chainId: "xrpl:0",
    nonce,
    issuedAt: new Date(),
    statement: "Benchmark sign-in.",
  });
}

const lengthPrefix = (length) => (length <= 192 ? [length] : [193 + ((length - 193) >> 8), (length - 193) & 0xff]);

/**
 * The sign-in transaction a transaction-only wallet signs (AccountSet, Sequence 0, Fee 0, the
 * message as the first memo), signed: the blob, in canonical field order. The layout is fixed
 * (header, SigningPubKey, TxnSignature, Account, Memos), which the ceilings rely on to cut the
 * signed bytes out of it.
 */
export function signedTransaction(account, message) {
  const memo = Buffer.from(message, "utf8");
  const head = [0x12, 0x00, 0x03, 0x24, 0, 0, 0, 0, 0x68, 0x40, 0, 0, 0, 0, 0, 0, 0, 0x73, 33, ...Buffer.from(account.publicKey, "hex")];
  const tail = [0x81, 20, ...account.accountId, 0xf9, 0xea, 0x7d, ...lengthPrefix(memo.length), ...memo, 0xe1, 0xf1];
  const signature = signBytes(account, Buffer.from([0x53, 0x54, 0x58, 0x00, ...head, ...tail]));
  return hex(Buffer.from([...head, 0x74, signature.length, ...signature, ...tail]));
}

/** The POST verify body for `kind` ("signature" or "signedTx"). */
export function proofBody(kind, account, message) {
  if (kind === "signedTx")
    return { message, signatureKind: "signedTx", txBlob: signedTransaction(account, message), address: account.address };
  return {
    message,
    signatureKind: "signature",
    signature: hex(signBytes(account, Buffer.from(message, "utf8"))),
    publicKey: account.publicKey,
    address: account.address,
  };
}

// ---------- HTTP ----------

export function createHttpClient(maxSockets) {
  const agent = new Agent({ keepAlive: true, maxSockets });

  function callOnce(port, method, path, { cookie, body } = {}) {
    return new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers = {};
      if (cookie) headers.cookie = cookie;
      if (payload !== undefined) {
        headers["content-type"] = "application/json";
        headers["content-length"] = Buffer.byteLength(payload);
      }
      const req = request({ host: "127.0.0.1", port, method, path, headers, agent }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => {
          const setCookie = res.headers["set-cookie"]?.[0];
          let parsed;
          try {
            parsed = text === "" ? {} : JSON.parse(text);
          } catch {
            // Rejected, not thrown: a throw here would end the bench and leave its servers running.
            reject(new Error(`${method} ${path}: answered ${res.statusCode} with a body that is not JSON: ${text.slice(0, 200)}`));
            return;
          }
          resolve({ status: res.statusCode, body: parsed, cookie: setCookie?.split(";")[0] });
        });
      });
      req.on("error", (error) => {
        error.reusedSocket = req.reusedSocket;
        reject(error);
      });
      // Longer than a verifier's longest wait for the ledger (8 s to connect, then 10 s for the
      // answer, by default): a ledger problem then shows as the server's own answer (500
      // "Verification service unavailable."), not as this client giving up first.
      req.setTimeout(CLIENT_TIMEOUT_MS, () => req.destroy(new Error(`${method} ${path}: no answer in ${CLIENT_TIMEOUT_MS / 1000} s`)));
      req.end(payload);
    });
  }

  return {
    // A kept-alive socket the server closed while idle (between phases) resets the first request
    // sent on it; Node's documentation says to retry such a request once, on a new socket.
    call: (port, method, path, options = {}) =>
      callOnce(port, method, path, options).catch((error) =>
        error?.reusedSocket === true && error.code === "ECONNRESET" ? callOnce(port, method, path, options) : Promise.reject(error),
      ),
    close: () => agent.destroy(),
  };
}

/**
 * One full sign-in by a new account: nonce, sign, verify, me, sign-out, every answer checked.
 * `paths` names the server's four routes; the cookie of each answer goes with the next request.
 */
export async function runFlow(http, port, paths, { algorithm, kind }) {
  const account = newAccount(algorithm);
  const nonce = await http.call(port, "GET", paths.nonce);
  if (nonce.status !== 200) throw new Error(`nonce: ${nonce.status} ${JSON.stringify(nonce.body)}`);
  const body = proofBody(kind, account, signInMessage(account.address, nonce.body.nonce));
  const verified = await http.call(port, "POST", paths.verify, { cookie: nonce.cookie, body });
  if (verified.status !== 200) throw new Error(`verify: ${verified.status} ${JSON.stringify(verified.body)}`);
  const cookie = verified.cookie ?? nonce.cookie;
  const me = await http.call(port, "GET", paths.me, { cookie });
  if (me.status !== 200 || me.body.address !== account.address) throw new Error(`me: ${me.status} ${JSON.stringify(me.body)}`);
  const out = await http.call(port, "POST", paths.signout, { cookie });
  if (out.status !== 200) throw new Error(`signout: ${out.status} ${JSON.stringify(out.body)}`);
}
