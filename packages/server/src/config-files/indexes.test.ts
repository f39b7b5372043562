/** `collections[].indexes`: read with their defaults, and every bad declaration refused naming its key. */
import { describe, expect, it } from 'vitest';
import { readSite } from './sites.js';
import { Reader } from '../config/validate.js';

const client = { clientId: 'web', redirectUris: ['https://shop.example/cb'], allowedOrigins: ['https://shop.example'] };
const perms = { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' };

function read(collection: Record<string, unknown>) {
  const r = new Reader();
  const value = readSite(
    r,
    { id: 'shop', clients: [client], collections: [{ id: 'Products', permissions: perms, ...collection }] },
    'sites[0]',
    '.',
  );
  return { value, problems: r.problems };
}

describe('declared index config', () => {
  it('reads fields with their order (ASC by default) and unique (false by default)', () => {
    const { value, problems } = read({
      indexes: [
        { fields: [{ field: 'category' }, { field: 'price', order: 'DESC' }] },
        { fields: [{ field: 'ref.sku' }], unique: true },
      ],
    });
    expect(problems).toEqual([]);
    expect(value.collections[0]!.indexes).toEqual([
      {
        fields: [
          { field: 'category', order: 'ASC' },
          { field: 'price', order: 'DESC' },
        ],
        unique: false,
      },
      { fields: [{ field: 'ref.sku', order: 'ASC' }], unique: true },
    ]);
  });

  it('names every bad declaration', () => {
    const { problems } = read({
      fields: [{ key: 'price', type: 'number' }],
      indexes: [
        { fields: [] },
        { fields: [{ field: '_id' }] },
        { fields: [{ field: 'price', order: 'UP' }] },
        { fields: [{ field: 'price' }, { field: 'price' }] },
        { fields: [{ field: 'title' }] },
        { fields: [{ field: 'price' }], unique: 'yes' },
        { fields: [{ field: 'price', order: 'ASC' }] },
        { fields: [{ field: 'price' }] },
      ],
    });
    expect(problems).toEqual([
      'sites[0].collections[0].indexes[0].fields must be a list of 1 to 4 fields (got [])',
      expect.stringMatching(
        /^sites\[0\]\.collections\[0\]\.indexes\[1\]\.fields\[0\]\.field must be a field name, or a dotted path/,
      ),
      'sites[0].collections[0].indexes[2].fields[0].order must be one of "ASC", "DESC" (got "UP")',
      'sites[0].collections[0].indexes[3].fields[1].field names "price" a second time',
      'sites[0].collections[0].indexes[4].fields[0].field must name a declared field (got "title"; declared: price)',
      'sites[0].collections[0].indexes[5].unique must be true or false (got "yes")',
      'sites[0].collections[0].indexes[7] declares the index of sites[0].collections[0].indexes[6] a second time',
    ]);
    expect(read({ indexes: [{}] }).problems).toEqual([
      'sites[0].collections[0].indexes[0].fields is required: the fields the index orders by, e.g. [{ "field": "price" }]',
    ]);
  });

  it('refuses more than 8 indexes and more than 4 fields in one', () => {
    const five = ['a', 'b', 'c', 'd', 'e'].map((field) => ({ field }));
    const { problems } = read({ indexes: [{ fields: five }] });
    expect(problems).toEqual([
      expect.stringMatching(/^sites\[0\]\.collections\[0\]\.indexes\[0\]\.fields must be a list of 1 to 4 fields/),
    ]);
    const many = Array.from({ length: 9 }, (_, i) => ({ fields: [{ field: `f${i}` }] }));
    expect(read({ indexes: many }).problems.map((p) => p.split(' ')[0])).toEqual(['sites[0].collections[0].indexes']);
  });

  it('reads a search index, and refuses one that is unique, ordered or a second one, naming the key', () => {
    const ok = read({ indexes: [{ search: true, fields: [{ field: 'title' }, { field: 'body' }] }] });
    expect(ok.problems).toEqual([]);
    expect(ok.value.collections[0]!.indexes![0]).toMatchObject({ search: true, unique: false });
    const { problems } = read({
      indexes: [
        { search: true, unique: true, fields: [{ field: 'title' }] },
        { search: true, fields: [{ field: 'body', order: 'DESC' }] },
      ],
    });
    expect(problems.map((p) => p.split(' ')[0])).toEqual([
      'sites[0].collections[0].indexes[0].unique',
      'sites[0].collections[0].indexes[1]',
      'sites[0].collections[0].indexes[1].fields[0].order',
    ]);
  });
});
