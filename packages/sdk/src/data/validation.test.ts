/**
 * Client-side validation: each mistake rejects with its WDE code (in `code` and in
 * `details.applicationError.code`) and nothing reaches the network.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ours, record, type Recorder } from '../../test-support/data-harness.js';

let rec: Recorder;
beforeEach(() => {
  rec = record();
});
afterEach(() => rec.restore());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- deliberately wrong argument types
type Loose = any;
const items = () => ours() as Loose;
const big = (n: number) => Array.from({ length: n }, (_, i) => ({ _id: `i${i}` }));

const cases: Record<string, [string, (a: Loose) => Promise<unknown>]> = {
  'collection name not a string': ['WDE0001', (a) => a.insert(42, {})],
  'get with a numeric id': ['WDE0002', (a) => a.get('P', 7)],
  'remove with an object id': ['WDE0002', (a) => a.remove('P', { _id: '1' })],
  'insert of a non-object': ['WDE0004', (a) => a.insert('P', 'text')],
  'insert of an array': ['WDE0004', (a) => a.save('P', [1])],
  'insert with a numeric _id': ['WDE0007', (a) => a.insert('P', { _id: 5 })],
  'update without _id': ['WDE0007', (a) => a.update('P', { title: 'x' })],
  'bulkInsert with a non-object': ['WDE0005', (a) => a.bulkInsert('P', [{}, 3])],
  'bulkSave with numeric _id': ['WDE0005', (a) => a.bulkSave('P', [{ _id: 1 }])],
  'bulkInsert of 1001 items': ['WDE0006', (a) => a.bulkInsert('P', big(1001))],
  'bulkSave of 1001 items': ['WDE0006', (a) => a.bulkSave('P', big(1001))],
  'bulkUpdate of 1001 items': ['WDE0006', (a) => a.bulkUpdate('P', big(1001))],
  'bulkRemove of 1001 ids': [
    'WDE0069',
    (a) =>
      a.bulkRemove(
        'P',
        big(1001).map((i) => i._id),
      ),
  ],
  'bulkRemove with numeric ids': ['WDE0068', (a) => a.bulkRemove('P', ['a', 2])],
  'invalid options': ['WDE0018', (a) => a.get('P', '1', { consistentRead: 'yes' })],
  'limit 0': ['WDE0033', (a) => a.query('P').limit(0).find()],
  'negative limit': ['WDE0033', (a) => a.query('P').limit(-5).find()],
  'fractional limit': ['WDE0035', (a) => a.query('P').limit(2.5).find()],
  'non-number limit': ['WDE0032', (a) => a.query('P').limit('10').find()],
  'negative skip': ['WDE0034', (a) => a.query('P').skip(-1).find()],
  'fractional skip': ['WDE0035', (a) => a.query('P').skip(1.5).count()],
  'aggregate limit 0': ['WDE0033', (a) => a.aggregate('P').limit(0).run()],
  'aggregate grouped twice': ['WDE0013', (a) => a.aggregate('P').group('a').group('b').run()],
  'distinct of a non-string field': ['WDE0003', (a) => a.query('P').distinct(3)],
  '$regex in a builder operand': ['WDE0070', (a) => a.query('P').eq('title', { $regex: '^a' }).find()],
  '$regex in a plain condition': [
    'WDE0070',
    (a) => a.update('P', { _id: '1' }, { condition: { title: { $regex: 'x' } } }),
  ],
  '$regex in a direct query': ['WDE0070', (a) => a.query('P', { filter: { $or: [{ t: { $regex: 'x' } }] } })],
  'skip with cursor paging': [
    'WDE0080',
    (a) => a.query('P', { cursorPaging: { cursor: 'abc', limit: 5 }, paging: { offset: 10 } }),
  ],
  'patch of a numeric id': ['WDE0002', (a) => a.patch('P', 1).setField('a', 1).run()],
  'queryReferenced with a bad item': ['WDE0019', (a) => a.queryReferenced('P', 5, 'rel')],
  'insertReference with an empty field': ['WDE0094', (a) => a.insertReference('P', '', '1', '2')],
  'replaceReferences with a bad right': ['WDE0019', (a) => a.replaceReferences('P', 'rel', '1', ['2', 3])],
};

describe('client-side validation rejects with the WDE code and sends nothing', () => {
  for (const [name, [code, call]] of Object.entries(cases)) {
    it(`${name} → ${code}`, async () => {
      const error = await call(items()).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(Error);
      expect(error).toMatchObject({ code, details: { applicationError: { code } } });
      expect((error as Error).message).toContain(code);
      expect(rec.calls).toEqual([]);
    });
  }

  it('1000 items and 1000 ids are still accepted', async () => {
    await items().bulkInsert('P', big(1000));
    await items().bulkRemove(
      'P',
      big(1000).map((i) => i._id),
    );
    expect(rec.calls.map((c) => c.path)).toEqual(['/wix-data/v2/bulk/items/insert', '/wix-data/v2/bulk/items/remove']);
  });

  it('a query reports all its problems at once', async () => {
    const e = (await items()
      .query('P')
      .limit(-1)
      .skip(-1)
      .find()
      .catch((x: unknown) => x)) as Error;
    expect(e.message).toBe(
      'Failed to perform query on [P].\nWDE0033: .limit must be a positive number.\nWDE0034: .skip must be a non-negative number.',
    );
    expect(rec.calls).toEqual([]);
  });

  it('next() on the last page rejects with WDE0165, prev() on the first with WDE0159', async () => {
    rec.restore();
    rec = record(() => ({ body: { dataItems: [], pagingMetadata: { hasNext: false } } }));
    const page = await items().query('P').find();
    expect(rec.calls).toHaveLength(1);
    await expect(page.next()).rejects.toMatchObject({ code: 'WDE0165' });
    await expect(page.prev()).rejects.toMatchObject({ code: 'WDE0159' });
    expect(rec.calls).toHaveLength(1);
  });
});
