import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase } from '../../test-support/database.js';
import { migrate } from './migrate.js';
import { migrations } from './migrations/index.js';
import { openDatabase } from './open.js';
import type { Database } from './types.js';

/**
 * Migration 104 on members saved before it: the address book's `FRA` (and `fra`, `de`) become alpha-2 capitals,
 * values that are no country code stay for the address book to flag, and nothing else of a profile changes. On its
 * own PGlite, and on PostgreSQL with VITRINE_TEST_DATABASE_URL.
 */
const adminUrl = process.env.VITRINE_TEST_DATABASE_URL;
let db: Database;
let pg: { url: string; drop(): Promise<void> } | undefined;
const ids = { paris: randomUUID(), mixed: randomUUID(), none: randomUUID(), odd: randomUUID() };

const member = (id: string, profile: unknown) =>
  db.query(
    `insert into members (site_id, id, email, email_key, status, profile) values ('s', $1, $2, $2, 'ACTIVE', $3::jsonb)`,
    [id, `${id}@example.com`, JSON.stringify(profile)],
  );
const profileOf = async (id: string) =>
  (await db.query<{ profile: Record<string, unknown> }>(`select profile from members where id = $1`, [id])).rows[0]!
    .profile;

const at = (country: string, city = 'Paris') => ({ tag: 'SHIPPING', address: { city, country } });

beforeAll(async () => {
  pg = adminUrl ? await createEmptyPostgresDatabase(adminUrl) : undefined;
  db = await openDatabase({ databaseUrl: pg?.url });
  await migrate(
    db,
    migrations.filter((m) => m.version < 104),
  );
  await member(ids.paris, { firstName: 'Ana', addresses: [{ id: 'a1', ...at('FRA') }] });
  await member(ids.mixed, {
    addresses: [at('fra'), at('DE', 'Berlin'), at(' gbr ', 'London'), at('Frankreich'), { tag: 'HOME', address: {} }],
  });
  await member(ids.none, { firstName: 'No addresses' });
  await member(ids.odd, { addresses: 'not a list' });
  await migrate(db, migrations);
}, 60_000);

afterAll(async () => {
  await db?.close();
  await pg?.drop();
});

describe('migration 104: saved addresses in ISO 3166 alpha-2', () => {
  it('turns an alpha-3 country into its alpha-2 code and keeps the rest of the profile', async () => {
    expect(await profileOf(ids.paris)).toEqual({ firstName: 'Ana', addresses: [{ id: 'a1', ...at('FR') }] });
  });

  it('converts each address of a list in its order, leaving unknown values and empty addresses as they were', async () => {
    expect((await profileOf(ids.mixed)).addresses).toEqual([
      at('FR'),
      at('DE', 'Berlin'),
      at('GB', 'London'),
      at('Frankreich'),
      { tag: 'HOME', address: {} },
    ]);
  });

  it('leaves profiles without an address list alone', async () => {
    expect(await profileOf(ids.none)).toEqual({ firstName: 'No addresses' });
    expect(await profileOf(ids.odd)).toEqual({ addresses: 'not a list' });
  });
});
