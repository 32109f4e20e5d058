import { encode, decode } from "ripple-binary-codec";
const a = "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe";
const tries = {
  SendMax: { currency: "USD", issuer: a, value: "1" },
  DeliverMin: { mpt_issuance_id: "00".repeat(24), value: "1" },
  Paths: [[{ account: a }, { currency: "USD", issuer: a }, { currency: "XRP" }]],
  CredentialIDs: ["00".repeat(32)],
  SignerEntries: [{ SignerEntry: { Account: a, SignerWeight: 1 } }],
  Asset: { currency: "XRP" }, Asset2: { currency: "USD", issuer: a },
  XChainBridge: { LockingChainDoor: a, LockingChainIssue: { currency: "XRP" }, IssuingChainDoor: a, IssuingChainIssue: { currency: "USD", issuer: a } },
  MPTokenIssuanceID: "00".repeat(24), OwnerNode: "00".repeat(8), AssetsMaximum: "1e30", LoanScale: -5, BaseAsset: "USD", TakerPaysCurrency: "00".repeat(20),
  AssetMPT: { mpt_issuance_id: "00".repeat(24) },
};
for (const [k, v] of Object.entries(tries)) {
  const key = k === "AssetMPT" ? "Asset" : k;
  try { const b = encode({ Account: a, [key]: v }); console.log(k, "ok", JSON.stringify(decode(b)[key]), b.length); } catch (e) { console.log(k, "ERR", e.message); }
}
