// Loads the SIWE corpus of test/fixtures/siwe and adapts it to the XRPL profile, as the
// fixture README describes.
import { readFileSync } from "node:fs";
import type { SignInMessageFields } from "../../src/message/types.js";

const FIXTURES = new URL("../fixtures/siwe/", import.meta.url);

export function loadFixture<T>(path: string): T {
  return JSON.parse(readFileSync(new URL(path, FIXTURES), "utf8")) as T;
}

const ETHEREUM_HEADER_SUFFIX = " wants you to sign in with your Ethereum account:";
const XRPL_HEADER_SUFFIX = " wants you to sign in with your XRPL account:";

/** Ethereum addresses of the corpus and their XRPL stand-ins (see the fixture README). */
export const ADDRESS_MAP: Readonly<Record<string, string>> = {
  "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2": "r4FTvnahbUfhe1WK2EK5Jz4cNvdFvT8Dzt",
  "0xe5A12547fe4E872D192E3eCecb76F2Ce1aeA4946": "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh",
  "0xc95EB884FE852e241D409234bfC7045CB9E31BD7": "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe",
  "0xe5a12547fe4e872d192e3ececb76f2ce1aea4946": "rhb9cjawyb4rj91vrwn96dkukg4bwdtyth",
  "0xE5A12547fe4E872D192E3eCecb76F2Ce1aeA4946": "rHB9CJAWyB4rj91VRWn96DkukG4bwdtyTh",
  "0xe5a12547fe4E872D192E3eCecb76F2Ce1aeA4946": "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyth",
};

function mapAddress(address: string): string {
  const mapped = ADDRESS_MAP[address];
  if (mapped === undefined) throw new Error(`No XRPL stand-in for the corpus address ${address}`);
  return mapped;
}

/** A SIWE message text with the XRPL header and a classic address on line 2. */
export function adaptMessage(text: string): string {
  const lines = text.split("\n");
  const header = lines[0]!;
  if (!header.endsWith(ETHEREUM_HEADER_SUFFIX)) throw new Error(`Not a SIWE header: ${JSON.stringify(header)}`);
  lines[0] = header.slice(0, header.length - ETHEREUM_HEADER_SUFFIX.length) + XRPL_HEADER_SUFFIX;
  if (lines[1]!.startsWith("0x")) lines[1] = mapAddress(lines[1]!);
  return lines.join("\n");
}

export type SiweFields = Record<string, unknown>;

/** SIWE field object to our fields: null is absent, numeric chain id to CAIP-2, address mapped. */
export function adaptFields(fields: SiweFields): SignInMessageFields {
  const adapted: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === null) continue;
    if (key === "address" && typeof value === "string") adapted[key] = mapAddress(value);
    else if (key === "chainId" && typeof value === "number") adapted[key] = `xrpl:${value}`;
    else adapted[key] = value;
  }
  return adapted as unknown as SignInMessageFields;
}
