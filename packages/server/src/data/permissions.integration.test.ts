import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionLevel } from '../config/types.js';
import { PERMISSION_LEVELS } from '../config/types.js';
import type { Caller } from '../http/caller.js';
import type { Database } from '../store/types.js';
import { aggregate } from './aggregate.js';
import { bulkWrite } from './bulk.js';
import { getItem, insertOne, patchOne, removeOne, saveOne, truncate, updateOne } from './items-service.js';
import { reassignVisitorItems } from './ownership.js';
import { parseModifications } from './patch.js';
import { countItems, distinctValues, queryItems } from './query.js';
import { isReferenced, queryReferenced, replaceReferences, writeReferences } from './references.js';
import { itemId } from './scope.js';
import { parseDataItem } from './store.js';
import { callers, collection, expectError, openTestDb, scopeFor, testSite } from '../../test-support/data.js';

let db: Database;
const site = testSite([
  ...PERMISSION_LEVELS.map((level) => collection(`L_${level}`, level)),
  collection('Carts', 'AUTHOR'),
  collection('Posts', 'SITE_MEMBER_AUTHOR'),
]);
const coll = (id: string) => site.collections.find((c) => c.id === id)!;
const admin = () => scopeFor(db, site, callers.admin());

beforeAll(async () => {
  db = await openTestDb();
}, 120_000);
afterAll(async () => db.close());

const CALLERS: Record<string, Caller> = {
  anonymous: callers.anonymous,
  visitor: callers.visitor('v1'),
  member: callers.member('m1'),
  admin: callers.admin(),
};
const ALLOWED: Record<PermissionLevel, string[]> = {
  ANYONE: ['anonymous', 'visitor', 'member', 'admin'],
  SITE_MEMBER: ['member', 'admin'],
  SITE_MEMBER_AUTHOR: ['member', 'admin'],
  AUTHOR: ['visitor', 'member', 'admin'],
  ADMIN: ['admin'],
};
const ownerOf = (name: string) => (name === 'visitor' ? 'v1' : name === 'member' ? 'm1' : undefined);
const mods = parseModifications([{ action: 'SET_FIELD', fieldPath: 'x', setFieldOptions: { value: 2 } }], 'm');

describe('permission levels × callers × operations', () => {
  let n = 0;
  for (const level of PERMISSION_LEVELS) {
    for (const [name, caller] of Object.entries(CALLERS)) {
      const ok = ALLOWED[level].includes(name);
      it(`${level} / ${name}: ${ok ? 'allowed' : 'WDE0027'}`, async () => {
        const c = coll(`L_${level}`);
        const s = scopeFor(db, site, caller);
        const id = `i${n++}`;
        // An item the caller owns (created by the admin on their behalf), so *_AUTHOR levels apply to it.
        await db.transaction((tx) =>
          insertOne(tx, admin(), c, parseDataItem({ id, data: { x: 1, _owner: ownerOf(name) } }, 'd', itemId)),
        );
        const ops: Record<string, () => Promise<unknown>> = {
          query: () => queryItems(s, c, {}),
          get: () => getItem(s, c, id),
          count: () => countItems(s, c, {}),
          distinct: () => distinctValues(s, c, { fieldName: 'x' }),
          aggregate: () => aggregate(s, c, { aggregation: { operations: [{ itemCount: {} }] } }),
          insert: () => db.transaction((tx) => insertOne(tx, s, c, parseDataItem({ data: { x: 1 } }, 'd', itemId))),
          update: () => db.transaction((tx) => updateOne(tx, s, c, { id, data: { x: 3 } })),
          patch: () => db.transaction((tx) => patchOne(tx, s, c, id, mods)),
          bulkUpdate: async () => {
            const r = await bulkWrite(s, c, { dataItems: [{ id, data: { x: 4 } }] }, 'update');
            const meta = (r.results[0] as { itemMetadata: { success: boolean; error?: { code: string } } })
              .itemMetadata;
            if (!meta.success) throw Object.assign(new Error('bulk'), { code: meta.error?.code });
          },
          bulkInsert: async () => {
            const r = await bulkWrite(s, c, { dataItems: [{ data: { x: 5 } }] }, 'insert');
            const meta = (r.results[0] as { itemMetadata: { success: boolean; error?: { code: string } } })
              .itemMetadata;
            if (!meta.success) throw Object.assign(new Error('bulk'), { code: meta.error?.code });
          },
          references: () =>
            writeReferences(
              s,
              c,
              [{ referringItemFieldName: 'rel', referringItemId: id, referencedItemId: 'zzz' }],
              false,
            ),
          remove: () => db.transaction((tx) => removeOne(tx, s, c, id)),
        };
        for (const [op, run] of Object.entries(ops)) {
          const outcome = await run().then(
            () => 'ok',
            (e: { code?: string }) => e.code ?? String(e),
          );
          expect(`${op}: ${outcome}`).toBe(`${op}: ${ok ? 'ok' : 'WDE0027'}`);
        }
        // truncate needs ADMIN whatever the collection says
        const t = await truncate(s, c).then(
          () => 'ok',
          (e: { code?: string }) => e.code,
        );
        expect(t).toBe(name === 'admin' ? 'ok' : 'WDE0027');
      });
    }
  }
});

describe('author-only collections', () => {
  const alice = () => scopeFor(db, site, callers.member('alice'));
  const bob = () => scopeFor(db, site, callers.member('bob'));
  const guest = () => scopeFor(db, site, callers.visitor('guest'));
  const add = (s: ReturnType<typeof alice>, c: string, id: string, data: Record<string, unknown>) =>
    db.transaction((tx) => insertOne(tx, s, coll(c), parseDataItem({ id, data }, 'd', itemId)));

  it('members see and change only their own items; admins see all', async () => {
    await add(alice(), 'Posts', 'a1', { cat: 'x', n: 1 });
    await add(alice(), 'Posts', 'a2', { cat: 'y', n: 2 });
    await add(bob(), 'Posts', 'b1', { cat: 'x', n: 10 });
    const posts = coll('Posts');
    expect((await queryItems(alice(), posts, {})).dataItems.map((d) => d.id)).toEqual(['a1', 'a2']);
    expect(
      (await queryItems(bob(), posts, { query: { filter: { $or: [{}, { cat: 'x' }] } } })).dataItems.map((d) => d.id),
    ).toEqual(['b1']);
    expect((await queryItems(admin(), posts, {})).dataItems).toHaveLength(3);
    expect((await getItem(alice(), posts, 'a1'))._owner).toBe('alice');
    await expectError(getItem(alice(), posts, 'b1'), 404, 'WDE0073');
    expect(await countItems(bob(), posts, {})).toEqual({ totalCount: 1 });
    expect((await distinctValues(alice(), posts, { fieldName: 'cat' })).distinctValues).toEqual(['x', 'y']);
    const agg = await aggregate(alice(), posts, { aggregation: { operations: [{ sum: { itemFieldName: 'n' } }] } });
    expect(agg.results).toEqual([{ _id: null, nSum: 3 }]);
    // Someone else's item looks exactly like a missing one (F-10): WDE0073, not a 403 that confirms it exists.
    await expectError(
      db.transaction((tx) => updateOne(tx, alice(), posts, { id: 'b1', data: {} })),
      404,
      'WDE0073',
    );
    await expectError(
      db.transaction((tx) => patchOne(tx, alice(), posts, 'b1', mods)),
      404,
      'WDE0073',
    );
    await expectError(
      db.transaction((tx) => removeOne(tx, alice(), posts, 'b1')),
      404,
      'WDE0073',
    );
    // Saving it is inserting an id that is taken, answered as insert answers it (docs/wire-format.md §9.10).
    await expectError(
      db.transaction((tx) => saveOne(tx, alice(), posts, parseDataItem({ id: 'b1', data: {} }, 'd', itemId))),
      409,
      'WDE0074',
    );
    await expectError(
      db.transaction((tx) => insertOne(tx, alice(), posts, parseDataItem({ id: 'b1', data: {} }, 'd', itemId))),
      409,
      'WDE0074',
    );
    const bulk = await bulkWrite(alice(), posts, { dataItemIds: ['a2', 'b1'] }, 'remove');
    expect(
      bulk.results.map((r) => (r as { itemMetadata: { error?: { code: string } } }).itemMetadata.error?.code ?? 'ok'),
    ).toEqual(['ok', 'WDE0073']);
    await expectError(
      writeReferences(
        alice(),
        posts,
        [{ referringItemFieldName: 'r', referringItemId: 'b1', referencedItemId: 'a1' }],
        false,
      ),
      404,
      'WDE0073',
    );
    await expectError(
      replaceReferences(alice(), posts, {
        referringItemFieldName: 'r',
        referringItemId: 'b1',
        newReferencedItemIds: [],
      }),
      404,
      'WDE0073',
    );
    expect((await getItem(bob(), posts, 'b1'))._updatedDate).toEqual(
      (await getItem(admin(), posts, 'b1'))._createdDate,
    );
    await expectError(
      isReferenced(alice(), posts, { referringItemFieldName: 'r', referringItemId: 'b1', referencedItemId: 'a1' }),
      404,
      'WDE0073',
    );
    await expectError(
      queryReferenced(alice(), posts, { referringItemId: 'b1', referringItemFieldName: 'r' }),
      404,
      'WDE0073',
    );
    // Visitors never write where members are required.
    await expectError(add(guest(), 'Posts', 'g1', {}), 403, 'WDE0027');
  });

  it('a guest cart (AUTHOR) follows the shopper when the visitor becomes a member', async () => {
    await add(guest(), 'Carts', 'cart1', { lines: [{ sku: 'A', qty: 1 }] });
    await add(scopeFor(db, site, callers.visitor('other')), 'Carts', 'cart2', {});
    const member = scopeFor(db, site, callers.member('newbie'));
    expect((await queryItems(member, coll('Carts'), {})).dataItems).toEqual([]);
    expect((await queryItems(guest(), coll('Carts'), {})).dataItems.map((d) => d.id)).toEqual(['cart1']);
    const moved = await db.transaction((tx) => reassignVisitorItems(tx, site.id, 'guest', 'newbie'));
    expect(moved).toBe(1);
    const mine = await queryItems(member, coll('Carts'), {});
    expect(mine.dataItems.map((d) => [d.id, d.data._owner])).toEqual([['cart1', 'newbie']]);
    expect((await queryItems(guest(), coll('Carts'), {})).dataItems).toEqual([]);
    expect(await db.transaction((tx) => reassignVisitorItems(tx, 'other-site', 'other', 'newbie'))).toBe(0);
  });
});
