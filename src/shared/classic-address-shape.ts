// The shape of a classic address ("r" and 24 to 34 base58 characters of the XRPL alphabet),
// without the checksum: a cheap first filter shared by the browser client and the verifier, which
// checks the checksum (or an exact match with a key's derived address) afterwards.

/** `r` followed by 24 to 34 characters of the XRPL base58 alphabet. */
export const CLASSIC_ADDRESS_SHAPE = /^r[1-9A-HJ-NP-Za-km-z]{24,34}$/u;
