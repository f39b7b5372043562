/** Config of translatable collection fields (issue #18): accepted shapes and a message naming the key for each mistake. */
import { describe, expect, it } from 'vitest';
import { readSite } from './sites.js';
import { Reader } from '../config/validate.js';

const client = { clientId: 'web', redirectUris: ['https://shop.example/cb'], allowedOrigins: ['https://shop.example'] };
const perms = { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' };

function read(collections: Record<string, unknown>[]) {
  const r = new Reader();
  const value = readSite(r, { id: 'shop', clients: [client], collections }, 'sites[0]', '.');
  return { value, problems: r.problems };
}

describe('collections[].translatable', () => {
  it('reads translatable fields of untyped and typed collections; absent stays absent', () => {
    const { value, problems } = read([
      { id: 'Pages', permissions: perms, translatable: ['title', 'body'] },
      {
        id: 'Products',
        permissions: perms,
        fields: [
          { key: 'title', type: 'text' },
          { key: 'description', type: 'richtext' },
        ],
        translatable: ['title', 'description'],
      },
      { id: 'Plain', permissions: perms },
    ]);
    expect(problems).toEqual([]);
    expect(value.collections[0]!.translatable).toEqual(['title', 'body']);
    expect(value.collections[1]!.translatable).toEqual(['title', 'description']);
    expect(value.collections[2]).not.toHaveProperty('translatable');
  });

  it('names the key of every mistake: nested or system names, repeats, undeclared and non-text fields, a non-array', () => {
    const { problems } = read([
      { id: 'A', permissions: perms, translatable: ['seo.title', '_id', 'title', 'title', 7] },
      {
        id: 'B',
        permissions: perms,
        fields: [
          { key: 'title', type: 'text' },
          { key: 'price', type: 'number' },
        ],
        translatable: ['price', 'subtitle'],
      },
      { id: 'C', permissions: perms, translatable: 'title' },
    ]);
    expect(problems).toEqual([
      expect.stringMatching(
        /^sites\[0\]\.collections\[0\]\.translatable\[0\] must be the name of a top-level field.*no "\."/,
      ),
      expect.stringMatching(/^sites\[0\]\.collections\[0\]\.translatable\[1\] must be the name of a top-level field/),
      'sites[0].collections[0].translatable[3] names "title" a second time',
      expect.stringMatching(
        /^sites\[0\]\.collections\[0\]\.translatable\[4\] must be the name of a top-level field.*\(got 7\)/,
      ),
      'sites[0].collections[1].translatable[0] must name a text or richtext field ("price" is "number")',
      'sites[0].collections[1].translatable[1] must name a declared field (got "subtitle"; declared: title, price)',
      'sites[0].collections[2].translatable must be an array (got "title")',
    ]);
  });
});
