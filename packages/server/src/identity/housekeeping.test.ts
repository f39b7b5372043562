import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase, type Database } from '../store/index.js';
import { sweepExpired } from './housekeeping.js';
import { issueSessionToken } from './session-tokens.js';

let db: Database;
beforeAll(async () => {
  db = await openDatabase({});
  await migrate(db);
});
afterAll(() => db.close());

describe('sweepExpired', () => {
  it('removes session tokens a day after expiry and keeps live ones', async () => {
    const t0 = Date.now();
    await issueSessionToken(db, { siteId: 's', memberId: '00000000-0000-4000-8000-000000000001' }, t0 - 3 * 24 * 3600 * 1000);
    await issueSessionToken(db, { siteId: 's', memberId: '00000000-0000-4000-8000-000000000002' }, t0);
    await db.query(`insert into rate_limits (key, count, expires_ms) values ('old', 1, $1), ('live', 1, $2)`, [t0 - 1, t0 + 60_000]);
    await sweepExpired(db, t0);
    const tokens = await db.query<{ member_id: string }>('select member_id from session_tokens');
    expect(tokens.rows.map((r) => r.member_id)).toEqual(['00000000-0000-4000-8000-000000000002']);
    const limits = await db.query<{ key: string }>('select key from rate_limits');
    expect(limits.rows.map((r) => r.key)).toEqual(['live']);
  });
});
