import { hashLookupSecret } from '../../security/index.js';
import type { Queryable } from '../../store/types.js';
import { hmacText } from './recovery-codes.js';

/**
 * Audit S-11: recovery codes stored before migration 15 are an unsalted HMAC of the code (`code_hash`),
 * which a database copy reverses in hours. Each is wrapped in argon2id (`code_digest` = argon2id of
 * that HMAC, the form every code is checked in) and its `code_hash` cleared. Runs when the server starts
 * and with each housekeeping sweep, one hash at a time through the shared hash slots so sign-ins keep
 * their turn; rows are claimed by their old value, so instances running it together do each row once.
 * Answers how many rows it wrapped.
 */
export async function upgradeLegacyRecoveryCodes(db: Queryable, batch = 200): Promise<number> {
  let wrapped = 0;
  for (;;) {
    const { rows } = await db.query<{ site_id: string; id: string; code_hash: Uint8Array }>(
      'select site_id, id, code_hash from mfa_recovery_codes where code_hash is not null limit $1',
      [batch],
    );
    let now = 0;
    for (const row of rows) {
      const digest = await hashLookupSecret(hmacText(row.code_hash));
      const { rowCount } = await db.query(
        'update mfa_recovery_codes set code_digest = $3, code_hash = null where site_id = $1 and id = $2 and code_hash = $4',
        [row.site_id, row.id, digest, Buffer.from(row.code_hash)],
      );
      now += rowCount ?? 0;
    }
    wrapped += now;
    // A batch that wrapped nothing (another instance took every row) ends the run rather than spin.
    if (rows.length < batch || now === 0) return wrapped;
  }
}
