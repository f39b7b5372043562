/** Config of typed collections and of GraphQL: every mistake names its key and what is allowed. */
import { describe, expect, it } from 'vitest';
import { readSite } from './sites.js';
import { Reader } from '../config/validate.js';

const client = { clientId: 'web', redirectUris: ['https://shop.example/cb'], allowedOrigins: ['https://shop.example'] };
const perms = { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' };

function read(site: Record<string, unknown>) {
  const r = new Reader();
  const value = readSite(r, { id: 'shop', clients: [client], ...site }, 'sites[0]', '.');
  return { value, problems: r.problems };
}

describe('typed collection config', () => {
  it("keeps a field's label and help for the console, and refuses them too long", () => {
    const { value, problems } = read({
      collections: [
        {
          id: 'Products',
          permissions: perms,
          fields: [
            { key: 'stock', type: 'number', label: ' In stock ', help: 'Units left' },
            { key: 'sku', type: 'text' },
          ],
        },
      ],
    });
    expect(problems).toEqual([]);
    expect(value.collections[0]!.fields).toEqual([
      { key: 'stock', type: 'number', required: false, label: 'In stock', help: 'Units left' },
      { key: 'sku', type: 'text', required: false },
    ]);
    const long = read({
      collections: [{ id: 'P', permissions: perms, fields: [{ key: 'a', type: 'text', label: 'x'.repeat(101) }] }],
    });
    expect(long.problems.join('\n')).toContain('sites[0].collections[0].fields[0].label');
  });

  it('reads fields, strict and graphql settings', () => {
    const { value, problems } = read({
      graphql: { introspection: false, maxCost: 500 },
      collections: [
        { id: 'Categories', permissions: perms, fields: [{ key: 'name', type: 'text', required: true }], strict: true },
        {
          id: 'Products',
          permissions: perms,
          fields: [
            { key: 'category', type: 'reference', collection: 'Categories' },
            { key: 'tags', type: 'array' },
          ],
        },
        { id: 'Loose', permissions: perms },
      ],
    });
    expect(problems).toEqual([]);
    expect(value.graphql).toEqual({ introspection: false, maxCost: 500, maxAliases: 15 });
    expect(value.collections[0]).toMatchObject({
      strict: true,
      fields: [{ key: 'name', type: 'text', required: true }],
    });
    expect(value.collections[1]!.fields).toEqual([
      { key: 'category', type: 'reference', required: false, collection: 'Categories' },
      { key: 'tags', type: 'array', required: false },
    ]);
    expect(value.collections[2]).not.toHaveProperty('fields');
    expect(value.collections[2]).not.toHaveProperty('strict');
  });

  it('names every bad field declaration', () => {
    const { problems } = read({
      graphql: { introspection: 'yes', depth: 3 },
      collections: [
        {
          id: 'Products',
          permissions: perms,
          fields: [
            { key: 'price', type: 'money' },
            { key: '_id', type: 'text' },
            { key: 'price', type: 'number', required: 'yes' },
            { key: 'category', type: 'reference' },
            { key: 'maker', type: 'reference', collection: 'Makers' },
            { key: 'title', type: 'text', collection: 'Products' },
            { key: 'x' },
          ],
        },
        { id: 'Strict', permissions: perms, strict: true },
      ],
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^sites\[0\]\.collections\[0\]\.fields\[0\]\.type must be one of "text", "number", .* \(got "money"\)$/,
        ),
        expect.stringMatching(/^sites\[0\]\.collections\[0\]\.fields\[1\]\.key must be a letter followed by/),
        'sites[0].collections[0].fields[2].key declares "price" a second time',
        'sites[0].collections[0].fields[2].required must be true or false (got "yes")',
        'sites[0].collections[0].fields[3].collection must be a non-empty string (got undefined)',
        expect.stringMatching(
          /^sites\[0\]\.collections\[0\]\.fields\[4\]\.collection must name a collection of this site \(got "Makers"; known: Products, Strict\)$/,
        ),
        'sites[0].collections[0].fields[5].collection is only for reference and multireference fields (this one is "text")',
        expect.stringMatching(/^sites\[0\]\.collections\[0\]\.fields\[6\]\.type is required/),
        'sites[0].collections[1].strict needs "fields": a strict collection refuses every undeclared field',
        'sites[0].graphql.introspection must be true or false (got "yes")',
        'sites[0].graphql.depth is not a known key (allowed: introspection, maxCost, maxAliases)',
      ]),
    );
  });
});
