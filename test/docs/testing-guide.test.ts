/**
 * The testing guide's sample (docs/snippets/testing/signed-transaction.test.ts, shown as it is in
 * docs/testing.md): a user's own test of a signed-transaction sign-in against the shipped mock
 * ledger, run here as written.
 */
import "../../docs/snippets/testing/signed-transaction.test.js";
