import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../store/index.js';
import { sweepExpired } from './housekeeping.js';
import { issueSessionToken } from '../sessions/session-tokens.js';
import { openMigratedPglite } from '../../test-support/database.js';

let db: Database;
beforeAll(async () => {
  db = await openMigratedPglite();
});
afterAll(() => db.close());

describe('sweepExpired', () => {
  it('removes session tokens a day after expiry and keeps live ones', async () => {
    const t0 = Date.now();
    await issueSessionToken(
      db,
      { siteId: 's', memberId: '00000000-0000-4000-8000-000000000001' },
      t0 - 3 * 24 * 3600 * 1000,
    );
    await issueSessionToken(db, { siteId: 's', memberId: '00000000-0000-4000-8000-000000000002' }, t0);
    await db.query(`insert into rate_limits (key, count, expires_ms) values ('old', 1, $1), ('live', 1, $2)`, [
      t0 - 1,
      t0 + 60_000,
    ]);
    await sweepExpired(db, t0);
    const tokens = await db.query<{ member_id: string }>('select member_id from session_tokens');
    expect(tokens.rows.map((r) => r.member_id)).toEqual(['00000000-0000-4000-8000-000000000002']);
    const limits = await db.query<{ key: string }>('select key from rate_limits');
    expect(limits.rows.map((r) => r.key)).toEqual(['live']);
  });
});

describe('sweepExpired: member sessions', () => {
  it('removes sessions and their refresh tokens a day after their absolute expiry, keeps the others', async () => {
    const { insertSession } = await import('../sessions/member-sessions.js');
    const t0 = Date.now();
    const base = { siteId: 's', clientId: 'c', ttlSeconds: 30 * 86_400 };
    const old = await insertSession(db, {
      ...base,
      memberId: '00000000-0000-4000-8000-0000000000a1',
      now: t0 - 32 * 86_400 * 1000,
    });
    const live = await insertSession(db, {
      ...base,
      memberId: '00000000-0000-4000-8000-0000000000a2',
      now: t0 - 10 * 86_400 * 1000,
    });
    await sweepExpired(db, t0);
    const sessions = await db.query<{ id: string }>('select id from sessions where id in ($1, $2)', [
      old.sessionId,
      live.sessionId,
    ]);
    expect(sessions.rows.map((r) => r.id)).toEqual([live.sessionId]);
    const tokens = await db.query<{ session_id: string }>(
      'select session_id from refresh_tokens where session_id in ($1, $2)',
      [old.sessionId, live.sessionId],
    );
    expect(tokens.rows.map((r) => r.session_id)).toEqual([live.sessionId]);
  });
});
