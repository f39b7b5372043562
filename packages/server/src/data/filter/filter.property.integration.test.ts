import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../store/types.js';
import { dateValue, normalizeJson, type Json, type JsonObject } from '../json.js';
import { buildData } from '../store.js';
import { openTestDb } from '../../../test-support/data.js';
import { compileFilter, compileSort, Params } from './compile.js';
import { compareItems, evaluate } from './evaluate.js';
import { parseFilter, parseSort } from './parse.js';

let db: Database;
beforeAll(async () => {
  db = await openTestDb();
}, 120_000);
afterAll(async () => {
  await db.close();
});

const PATHS = ['a', 'b', 'n.x', 'n', 'tags', 'missing', '_id'];
const str = fc.string({ unit: fc.constantFrom('a', 'b', 'A', 'B', 'é', 'É', 'z', ' ', '0', 'ß'), maxLength: 3 });
const num = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom(0.5, -1.5, 1e10, 2.25));
const date = fc
  .integer({ min: Date.UTC(1999, 0, 1), max: Date.UTC(2001, 0, 1) })
  .map((ms) => dateValue(ms - (ms % 3_600_000)));
const scalar: fc.Arbitrary<Json> = fc.oneof(str, num, fc.boolean(), date, fc.constant(null));
const value: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.record({ x: scalar, y: scalar }, { requiredKeys: [] }) },
);
const item = fc.record({ a: value, b: value, n: value, tags: value }, { requiredKeys: [] });

const operand = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }));
const leaf: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.tuple(fc.constantFrom(...PATHS), value).map(([p, v]) => ({ [p]: v })),
  fc
    .tuple(fc.constantFrom(...PATHS), fc.constantFrom('$eq', '$ne'), operand)
    .map(([p, op, v]) => ({ [p]: { [op]: v } })),
  fc
    .tuple(fc.constantFrom(...PATHS), fc.constantFrom('$gt', '$gte', '$lt', '$lte'), fc.oneof(str, num, date))
    .map(([p, op, v]) => ({ [p]: { [op]: v } })),
  fc
    .tuple(fc.constantFrom(...PATHS), fc.constantFrom('$in', '$hasSome', '$hasAll'), fc.array(scalar, { maxLength: 3 }))
    .map(([p, op, v]) => ({ [p]: { [op]: v } })),
  fc
    .tuple(fc.constantFrom(...PATHS), fc.constantFrom('$contains', '$startsWith', '$endsWith'), str)
    .map(([p, op, v]) => ({ [p]: { [op]: v } })),
  fc.tuple(fc.constantFrom(...PATHS), fc.boolean()).map(([p, v]) => ({ [p]: { $exists: v } })),
  fc.constant({}),
);
const { filter } = fc.letrec<{ filter: Record<string, unknown> }>((tie) => ({
  filter: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('filter'), { maxLength: 3 }).map((fs) => ({ $and: fs })),
    fc.array(tie('filter'), { maxLength: 3 }).map((fs) => ({ $or: fs })),
    tie('filter').map((f) => ({ $not: [f] })),
    fc.tuple(leaf, leaf).map(([x, y]) => ({ ...x, ...y })),
  ),
}));
const sort = fc.array(
  fc.record({
    fieldName: fc.constantFrom('a', 'b', 'n.x', 'n', 'tags', '_id', '_createdDate'),
    order: fc.constantFrom('ASC', 'DESC'),
  }),
  { maxLength: 2 },
);

const KEYED: ReadonlySet<string> = new Set(['a', 'n.x', 'n']);
let run = 0;
describe('filter compiler agrees with the in-memory evaluator', () => {
  it('on random items, filters and sorts', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(item, { maxLength: 12 }),
        fc.array(filter, { minLength: 1, maxLength: 4 }),
        sort,
        async (raw, filters, sortSpec) => {
          const coll = `c${run++}`;
          const docs: JsonObject[] = raw.map((r, i) =>
            buildData(
              normalizeJson(r, 'item') as JsonObject,
              `id${i}`,
              undefined,
              dateValue(1000 + (i % 3)),
              dateValue(1000),
            ),
          );
          for (const d of docs) {
            await db.query(
              `insert into data_items (site_id, collection_id, id, data, created_at, updated_at) values ('s', $1, $2, $3::jsonb, $4::timestamptz, now())`,
              [coll, d._id, JSON.stringify(d), (d._createdDate as { $date: string }).$date],
            );
          }
          const sorts = parseSort(sortSpec, 'sort');
          // Both forms of equality: jsonb containment, and sort keys for fields a b-tree leads (`keyed`).
          for (const [f, keyed] of filters.flatMap((f) => [[f, undefined] as const, [f, KEYED] as const])) {
            const node = parseFilter(f, 'filter');
            const params = new Params(['s', coll]);
            const where = compileFilter(node, { doc: 'i.data', itemColumns: 'i.', keyed }, params);
            const order = compileSort(sorts, { doc: 'i.data', itemColumns: 'i.' }, params, 'i.id collate "C"');
            const rows = await db.query<{ id: string }>(
              `select i.id from data_items i where i.site_id = $1 and i.collection_id = $2 and ${where} order by ${order}`,
              params.values,
            );
            const expected = docs
              .filter((d) => evaluate(node, d))
              .sort(compareItems(sorts))
              .map((d) => d._id);
            expect(
              rows.rows.map((r) => r.id),
              JSON.stringify({ f, sortSpec, keyed: !!keyed }),
            ).toEqual(expected);
          }
        },
      ),
      { numRuns: 300 },
    );
  }, 300_000);

  it('also on a computed document (aggregate rows, no item columns)', async () => {
    await fc.assert(
      fc.asyncProperty(item, filter, async (raw, f) => {
        const doc = normalizeJson(raw, 'item') as JsonObject;
        const node = parseFilter(f, 'filter');
        const params = new Params([JSON.stringify(doc)]);
        const where = compileFilter(node, { doc: '$1::jsonb' }, params);
        const rows = await db.query<{ ok: boolean }>(`select (${where}) as ok, $1::jsonb as d`, params.values);
        expect(rows.rows[0]!.ok).toBe(evaluate(node, doc));
      }),
      { numRuns: 300 },
    );
  }, 300_000);
});
