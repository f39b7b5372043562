/** What each declared field type accepts and refuses, required and strict (data/fields.ts). */
import { describe, expect, it } from 'vitest';
import type { CollectionConfig, FieldType } from '../config/types.js';
import { fieldViolations } from './fields.js';
import type { Json } from './json.js';

const collection = (type: FieldType, required = false, strict = false): CollectionConfig => ({
  id: 'C',
  permissions: { read: 'ANYONE', insert: 'ANYONE', update: 'ANYONE', remove: 'ANYONE' },
  seed: [],
  fields: [{ key: 'f', type, required, ...(type.endsWith('reference') ? { collection: 'C' } : {}) }],
  strict,
});
const ok = (type: FieldType, value: Json) => fieldViolations(collection(type), { f: value }).length === 0;

const CASES: [FieldType, Json[], Json[]][] = [
  ['text', ['', 'a'], [1, true, {}]],
  ['richtext', ['<p>x</p>'], [1]],
  ['number', [0, -1.5], ['1', Number.NaN as unknown as Json, true]],
  ['boolean', [true, false], ['true', 0]],
  ['date', ['2024-02-29', { $date: '2024-01-01T00:00:00.000Z' }], ['2024-02-30', '2024-01-01T10:00:00Z', 5]],
  ['datetime', [{ $date: '2024-01-01T00:00:00.000Z' }], ['2024-01-01T00:00:00Z', 5]],
  ['time', ['09:30', '23:59:59', '12:00:00.5'], ['24:00', '9:30', 930]],
  ['image', ['/assets/a.svg', 'wix:image://v1/x'], [5, {}]],
  ['url', ['https://shop.example/a', '/local', 'mailto:a@b.c'], ['javascript:alert(1)', '//evil.example', 'not a url']],
  ['language', ['en', 'pt-BR'], ['english!', 5]],
  ['address', [{ city: 'Oslo' }], ['Oslo', [], { $date: '2024-01-01T00:00:00.000Z' }]],
  ['reference', ['id-1'], [5, ['a'], {}]],
  ['multireference', [[], ['a', 'b']], ['a', [1], ['']]],
  ['object', [{}, { a: 1 }], [[], 'x']],
  ['array', [[], [1, 'a']], [{}, 'x']],
];

describe('declared field types', () => {
  for (const [type, good, bad] of CASES) {
    it(`${type}: accepts ${JSON.stringify(good)}, refuses ${JSON.stringify(bad)}`, () => {
      for (const v of good) expect(ok(type, v), JSON.stringify(v)).toBe(true);
      for (const v of bad) expect(ok(type, v), JSON.stringify(v)).toBe(false);
      expect(ok(type, null)).toBe(true);
    });
  }

  it('required refuses missing, null and empty; strict refuses undeclared keys but not system fields', () => {
    const required = collection('number', true);
    expect(fieldViolations(required, {}).map((v) => [v.field, v.ruleName])).toEqual([['dataItem.data.f', 'REQUIRED']]);
    expect(fieldViolations(required, { f: null })).toHaveLength(1);
    expect(fieldViolations(collection('text', true), { f: '' })).toHaveLength(1);
    expect(fieldViolations(required, { f: 2 })).toEqual([]);
    const strict = collection('text', false, true);
    expect(fieldViolations(strict, { f: 'a', _id: 'x', _owner: 'o', other: 1 }, 'dataItems[2].data')).toEqual([
      expect.objectContaining({
        field: 'dataItems[2].data.other',
        ruleName: 'UNKNOWN_FIELD',
        description: 'is not a declared field of the C collection',
      }),
    ]);
    expect(fieldViolations({ ...strict, fields: undefined }, { anything: 1 })).toEqual([]);
  });
});
