/** F-17: projecting fields never reaches Object.prototype, whatever the stored item or the field list holds. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDataServer, type DataServer } from '../../test-support/data-server.js';
import type { JsonObject } from './json.js';
import { project } from './store.js';

const V2 = '/wix-data/v2';
// An item holding an own "__proto__" key, as JSON.parse makes it (seeds are read this way).
const gadget = () => JSON.parse('{"_id":"t","a":{"__proto__":{"polluted":"yes"}},"b":{"c":1}}') as JsonObject;
const polluted = () => (Object.prototype as Record<string, unknown>).polluted;

afterEach(() => {
  delete (Object.prototype as Record<string, unknown>).polluted;
});

describe('project()', () => {
  it('does not pollute Object.prototype with the audit gadget, and keeps ordinary projections', () => {
    const out = project(gadget(), ['a.__proto__.polluted']);
    expect(polluted()).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // The stored own "__proto__" key is copied as an own key (faithful, harmless); the prototype is untouched.
    expect(JSON.stringify(out)).toBe('{"_id":"t","a":{"__proto__":{"polluted":"yes"}}}');
    expect(Object.getPrototypeOf(out.a)).toBe(Object.prototype);
    expect(project(gadget(), ['constructor.prototype.polluted', '__proto__.polluted', 'b.constructor'])).toEqual({
      _id: 't',
    });
    expect(polluted()).toBeUndefined();
    expect(project(gadget(), ['b.c'])).toEqual({ _id: 't', b: { c: 1 } });
    expect(project({ _id: 'x', p: { q: 1, r: 2 }, s: 3 }, ['p.q', 's', 'p.r'])).toEqual({
      _id: 'x',
      p: { q: 1, r: 2 },
      s: 3,
    });
    expect(Object.getPrototypeOf(project({ _id: 'x', p: { q: 1 } }, ['p.q']).p)).toBe(Object.prototype);
  });
});

describe('fields over HTTP', () => {
  let server: DataServer;
  beforeAll(async () => {
    server = await startDataServer((config) => ({
      ...config,
      sites: config.sites.map((site) =>
        site.id !== config.storefront.siteId
          ? site
          : {
              ...site,
              collections: [
                ...site.collections,
                {
                  id: 'Gadgets',
                  permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
                  seed: [gadget(), { _id: 'holder' }],
                },
              ],
            },
      ),
    }));
    const refs = {
      dataCollectionId: 'Gadgets',
      dataItemReferences: [{ referringItemFieldName: 'rel', referringItemId: 'holder', referencedItemId: 't' }],
    };
    const added = await server.call(`${V2}/bulk/items/insert-references`, {
      auth: `Bearer ${server.adminKey}`,
      body: refs,
    });
    expect(added.status).toBe(200);
  }, 120_000);
  afterAll(async () => server?.close());

  it('query-referenced validates fields like every other endpoint and never pollutes', async () => {
    for (const fields of [['a.__proto__.polluted'], ['constructor'], ['a..b']]) {
      for (const shape of [{ referringItemId: 'holder' }, { referringItemIds: ['holder'] }]) {
        const res = await server.call(`${V2}/items/query-referenced`, {
          body: { dataCollectionId: 'Gadgets', ...shape, referringItemFieldName: 'rel', fields },
        });
        expect(res.status, JSON.stringify(fields)).toBe(400);
        expect(res.body.details.validationError.fieldViolations[0].field).toBe('fields[0]');
      }
    }
    expect(polluted()).toBeUndefined();
    const ok = await server.call(`${V2}/items/query-referenced`, {
      body: { dataCollectionId: 'Gadgets', referringItemId: 'holder', referringItemFieldName: 'rel', fields: ['b.c'] },
    });
    expect(ok.body.results).toEqual([
      { dataItem: { id: 't', dataCollectionId: 'Gadgets', data: { _id: 't', b: { c: 1 } } } },
    ]);
    const query = await server.call(`${V2}/items/query`, {
      body: { dataCollectionId: 'Gadgets', query: { fields: ['a.__proto__.polluted'] } },
    });
    expect(query.status).toBe(400);
    expect(polluted()).toBeUndefined();
  });
});
