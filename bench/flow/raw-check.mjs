// The one raw signature check a ceiling server makes per sign-in: the proof's signature over its
// signed bytes by the key the proof names, with the runtime's node:crypto (the noble curves for
// secp256k1 where node:crypto has no secp256k1, as on Bun), and nothing else: no message parsing,
// no canonical-form rules, no address derivation, no ledger. Runs on Node and on Bun.
import { createPublicKey, verify } from "node:crypto";

const SECP256K1_SPKI_PREFIX = Buffer.from("3036301006072a8648ce3d020106052b8104000a032200", "hex");
const SELF_TEST_KEY = Buffer.from("030D58EB48B4420B1F7B9DF55087E0E29FEF0E8468F9A6825B01CA2C361042D435", "hex");

/** `(body) => boolean` for a verify body of either kind (compact signature or the bench's signed transaction layout). */
export async function createRawCheck() {
  let nativeSecp256k1 = true;
  try {
    createPublicKey({ key: Buffer.concat([SECP256K1_SPKI_PREFIX, SELF_TEST_KEY]), format: "der", type: "spki" });
  } catch {
    nativeSecp256k1 = false;
  }
  let noble;
  if (!nativeSecp256k1) {
    const [{ secp256k1 }, { sha512 }] = await Promise.all([import("@noble/curves/secp256k1.js"), import("@noble/hashes/sha2.js")]);
    noble = { secp256k1, sha512 };
  }

  const check = (data, signature, publicKey) => {
    if (publicKey[0] === 0xed) {
      const key = createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: publicKey.subarray(1).toString("base64url") }, format: "jwk" });
      return verify(null, data, key, signature);
    }
    if (noble !== undefined) {
      const compact = noble.secp256k1.Signature.fromBytes(signature, "der").toBytes("compact");
      return noble.secp256k1.verify(compact, noble.sha512(data).subarray(0, 32), publicKey, { prehash: false });
    }
    const key = createPublicKey({ key: Buffer.concat([SECP256K1_SPKI_PREFIX, publicKey]), format: "der", type: "spki" });
    return verify("sha512", data, key, signature);
  };

  return (body) => {
    try {
      if (body.signatureKind === "signedTx") {
        // The bench client's layout: 17 header bytes, SigningPubKey (0x73, 33, key), TxnSignature
        // (0x74, length, signature), the rest. The signature signs "STX\0" and all but TxnSignature.
        const blob = Buffer.from(body.txBlob, "hex");
        const publicKey = blob.subarray(19, 52);
        const signatureLength = blob[53];
        const signature = blob.subarray(54, 54 + signatureLength);
        const signed = Buffer.concat([Buffer.from("STX\0", "latin1"), blob.subarray(0, 52), blob.subarray(54 + signatureLength)]);
        return check(signed, signature, publicKey);
      }
      return check(Buffer.from(body.message, "utf8"), Buffer.from(body.signature, "hex"), Buffer.from(body.publicKey, "hex"));
    } catch {
      return false;
    }
  };
}
