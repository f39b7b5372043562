import { createHash, createHmac } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase } from '../../../test-support/database.js';
import { appError, memberCalls, startMfaServer, totpCode, type MfaHarness } from '../../../test-support/mfa-kit.js';
import { migrate } from '../../store/migrate.js';
import { migrations } from '../../store/migrations/index.js';
import { openDatabase } from '../../store/open.js';
import type { Database } from '../../store/types.js';
import { secondFactorLockout } from './lockout.js';
import { upgradeLegacyRecoveryCodes } from './recovery-code-upgrade.js';

/**
 * Audit S-11 (ASVS 5.0 6.5.2): recovery codes have 49.5 bits, so they are stored with a password hash
 * and a random salt (argon2id), and guessing them online ends at the second step's lock (S-5). Codes
 * stored before (an unsalted HMAC keyed with `siteId:memberId`) keep working and are wrapped in argon2id.
 */
let h: MfaHarness;
let m: ReturnType<typeof memberCalls>;
type Member = Awaited<ReturnType<ReturnType<typeof memberCalls>['withTotp']>>;
const members: Record<string, Member> = {};
beforeAll(async () => {
  h = await startMfaServer();
  m = memberCalls(h);
  for (const tag of ['stored', 'legacy', 'guess'] as const) members[tag] = await m.withTotp(`codes-${tag}`);
});
afterAll(() => h.server.close());

// Written here from the pre-S-11 source, not imported: what databases made before it hold.
const legacyHmac = (siteId: string, memberId: string, code: string) =>
  createHmac('sha256', Buffer.from(`${siteId}:${memberId}`))
    .update(code.toLowerCase().replace(/[\s-]/g, ''), 'utf8')
    .digest();

interface StoredRow {
  code_hash: Uint8Array | null;
  code_digest: string | null;
}
const storedCodes = async (memberId: string) =>
  (
    await h.server.ctx.db.query<StoredRow>(
      'select code_hash, code_digest from mfa_recovery_codes where member_id = $1',
      [memberId],
    )
  ).rows;

async function signInWithRecoveryCode(member: Member, code: string) {
  const { body } = await m.login(member.email);
  return m.verify('recovery_code/verify', { stateToken: body.stateToken, recoveryCodeData: { code } });
}

const ARGON2ID = /^\$argon2id\$v=19\$m=4096,t=2,p=1\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

describe('recovery codes at rest (S-11)', () => {
  it('are stored as argon2id with a random salt each: not the code, not an unsalted digest of it', async () => {
    const member = members.stored!;
    const codes = member.recoveryCodes;
    expect(codes).toHaveLength(10);
    // 10 characters of a 31-letter alphabet (no i, l, o, 0, 1): 49.5 bits, under 112, hence the password hash.
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
    expect(10 * Math.log2(31)).toBeCloseTo(49.5, 1);

    const rows = await storedCodes(member.memberId);
    expect(rows).toHaveLength(10);
    const dump = JSON.stringify(
      rows.map((r) => [r.code_digest, r.code_hash && Buffer.from(r.code_hash).toString('hex')]),
    );
    for (const code of codes) {
      const bare = code.replace('-', '');
      const hmac = legacyHmac(h.server.siteId, member.memberId, code);
      for (const form of [
        code,
        bare,
        hmac.toString('hex'),
        hmac.toString('base64'),
        hmac.toString('base64url'),
        createHash('sha256').update(bare).digest('hex'),
        createHash('sha256').update(bare).digest('base64'),
      ])
        expect(dump).not.toContain(form);
    }
    expect(rows.every((r) => r.code_hash === null)).toBe(true);
    const salts = rows.map((r) => ARGON2ID.exec(r.code_digest ?? '')?.[1]);
    expect(salts.every(Boolean)).toBe(true);
    expect(new Set(salts).size).toBe(10);
    // Each row is one of the codes, under its own salt.
    const matched = await Promise.all(
      codes.map(async (code) => {
        const key = legacyHmac(h.server.siteId, member.memberId, code).toString('base64url');
        const hits = await Promise.all(rows.map((r) => verify(r.code_digest!, key)));
        return hits.filter(Boolean).length;
      }),
    );
    expect(matched).toEqual(Array(10).fill(1));

    // And they sign in, once each.
    expect((await signInWithRecoveryCode(member, codes[3]!)).body.state).toBe('SUCCESS');
    const again = await signInWithRecoveryCode(member, codes[3]!.toUpperCase());
    expect(again.body.additionalData?.failure?.strValue).toBe('WRONG_CODE');
  });

  it('codes stored before S-11 (an unsalted HMAC) still sign in, and the upgrade wraps each in argon2id', async () => {
    const member = members.legacy!;
    const { siteId } = h.server;
    const codes = ['abcde-fghjk', 'mnpqr-stuvw', 'xyz23-45678'];
    const db = h.server.ctx.db;
    await db.query('delete from mfa_recovery_codes where member_id = $1', [member.memberId]);
    for (const code of codes)
      await db.query(
        'insert into mfa_recovery_codes (site_id, member_id, code_hash, created_at) values ($1, $2, $3, now())',
        [siteId, member.memberId, legacyHmac(siteId, member.memberId, code)],
      );
    expect((await signInWithRecoveryCode(member, 'ABCDE FGHJK')).body.state).toBe('SUCCESS');

    expect(await upgradeLegacyRecoveryCodes(db)).toBe(3);
    const rows = await storedCodes(member.memberId);
    expect(rows.map((r) => [r.code_hash, ARGON2ID.test(r.code_digest ?? '')])).toEqual(Array(3).fill([null, true]));
    expect(await upgradeLegacyRecoveryCodes(db)).toBe(0);

    expect((await signInWithRecoveryCode(member, codes[1]!)).body.state).toBe('SUCCESS');
    // The code spent before the upgrade stays spent after it.
    const spent = await signInWithRecoveryCode(member, codes[0]!);
    expect(spent.body.additionalData?.failure?.strValue).toBe('WRONG_CODE');
    expect((await signInWithRecoveryCode(member, codes[2]!)).body.state).toBe('SUCCESS');
  });

  it('guessing them online ends at the second step’s lock (S-5), which refuses the right code too', async () => {
    const member = members.guess!;
    const saved = { ...secondFactorLockout };
    Object.assign(secondFactorLockout, { failures: 4, notifyAt: 100 });
    try {
      const { body } = await m.login(member.email);
      for (const guess of ['aaaaa-aaaaa', 'bbbbb-bbbbb', 'ccccc-ccccc', 'ddddd-ddddd']) {
        const answer = await m.verify('recovery_code/verify', {
          stateToken: body.stateToken,
          recoveryCodeData: { code: guess },
        });
        expect(answer.status).toBe(200);
      }
      const right = await signInWithRecoveryCode(member, member.recoveryCodes[0]!);
      expect([right.status, appError(right), right.body.details.applicationError.data]).toEqual([
        400,
        'INVALID_STATE_TOKEN',
        { reason: 'SECOND_FACTOR_LOCKED' },
      ]);
      h.clock.offset += 30_000;
      const totp = await m.login(member.email);
      const byApp = await m.verify('totp/verify', {
        stateToken: totp.body.stateToken,
        totpData: { code: totpCode(h, member.secret) },
      });
      expect(appError(byApp)).toBe('INVALID_STATE_TOKEN');
    } finally {
      Object.assign(secondFactorLockout, saved);
    }
  });
});

describe('migration 15 keeps the codes a database already holds', () => {
  const admin = process.env.VITRINE_TEST_DATABASE_URL;
  const targets = [{ name: 'PGlite' }, ...(admin ? [{ name: 'PostgreSQL', admin }] : [])];

  it.each(targets)(
    'on $name: a legacy row survives the migration and is upgraded after it',
    async ({ admin }) => {
      const empty = admin ? await createEmptyPostgresDatabase(admin) : undefined;
      const db: Database = await openDatabase({ databaseUrl: empty?.url });
      try {
        await migrate(
          db,
          migrations.filter((x) => x.version < 15),
        );
        const memberId = '6f1c1d2e-0000-4000-8000-000000000001';
        const hmac = legacyHmac('demo', memberId, 'abcde-fghjk');
        await db.query(
          'insert into mfa_recovery_codes (site_id, member_id, code_hash, created_at) values ($1, $2, $3, now())',
          ['demo', memberId, hmac],
        );
        await migrate(db);
        const before = await db.query<{ id: string; code_hash: Uint8Array; code_digest: string | null }>(
          'select id, code_hash, code_digest from mfa_recovery_codes',
        );
        expect(before.rows).toHaveLength(1);
        expect(before.rows[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
        expect(Buffer.from(before.rows[0]!.code_hash).equals(hmac)).toBe(true);
        expect(before.rows[0]!.code_digest).toBeNull();

        expect(await upgradeLegacyRecoveryCodes(db)).toBe(1);
        const after = await db.query<{ code_hash: Uint8Array | null; code_digest: string }>(
          'select code_hash, code_digest from mfa_recovery_codes',
        );
        expect(after.rows[0]!.code_hash).toBeNull();
        expect(await verify(after.rows[0]!.code_digest, hmac.toString('base64url'))).toBe(true);
      } finally {
        await db.close();
        await empty?.drop();
      }
    },
    120_000,
  ); // a fresh PGlite replays every migration: ~15 s alone, more beside other suites
});
