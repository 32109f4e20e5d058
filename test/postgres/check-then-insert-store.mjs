// A deliberately broken Postgres nonce store: it reads, then writes, in two statements. The race
// test runs it to prove that it can tell a broken store from a correct one.
export function createPostgresNonceStore(pool, { schema }) {
  const table = `"${schema}"."broken_nonces"`;
  return {
    // The test creates the table first.
    async ready() {},
    async consume(nonce, ttlMs) {
      const { rows } = await pool.query(`SELECT 1 FROM ${table} WHERE nonce = $1 AND expires_at > $2`, [nonce, Date.now()]);
      if (rows.length > 0) return false;
      // The window between the read and the write, widened so the race shows on every run.
      await pool.query("SELECT pg_sleep(0.02)");
      await pool.query(
        `INSERT INTO ${table} (nonce, expires_at) VALUES ($1, $2) ON CONFLICT (nonce) DO UPDATE SET expires_at = EXCLUDED.expires_at`,
        [nonce, Date.now() + ttlMs],
      );
      return true;
    },
  };
}
