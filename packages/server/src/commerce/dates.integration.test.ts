/**
 * Every surface where a client hands the commerce module a date (catalog v1 and v3 filters, as POST bodies and
 * as `.r` GETs; a discount code's dates and the order list's days on the admin API) answers a year outside
 * 1000–9999, a day the calendar does not have or a non-ISO date with a 400 naming the field, never a 500, and keeps
 * a year it takes as it was sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommerceKit } from '../../test-support/commerce-kit.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';

let server: TestServer;
let kit: CommerceKit;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  kit = new CommerceKit(server);
  token = await kit.visitor();
});
afterAll(() => server?.close());

// `Date.parse` takes all of these; PostgreSQL refuses the first three as timestamps, the fourth is not ISO 8601,
// and the last is rolled over into March (PostgreSQL refuses it where it reaches SQL as written).
const REFUSED = [
  '+010000-01-01T00:00:00Z',
  '-000100-01-01T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  'May 1, 2024',
  '2024-02-30T00:00:00Z',
];
// Years below 1000 are refused too: PGlite would read a stored year below 100 back in the 20th or 21st century.
const TOO_EARLY = ['0001-01-01T00:00:00Z', '0999-12-31T23:59:59Z'];

const dotR = (body: unknown) => `.r=${Buffer.from(JSON.stringify(body)).toString('base64url')}`;

/** The four ways a filter reaches the catalog: v1 and v3, POST body and `.r` GET. */
const SURFACES = [
  { name: 'v1 POST', path: '/stores-reader/v1/products/query-platformized', field: 'lastUpdated', post: true },
  { name: 'v1 GET .r', path: '/stores-reader/v1/products/query-platformized', field: 'createdDate', post: false },
  { name: 'v3 POST', path: '/stores/v3/products/query', field: 'createdDate', post: true },
  { name: 'v3 GET .r', path: '/stores/v3/products/query', field: 'updatedDate', post: false },
  { name: 'v3 search', path: '/stores/v3/products/search', field: 'updatedDate', post: true, search: true },
] as const;

function filterBy(surface: (typeof SURFACES)[number], value: unknown) {
  const query = { filter: { [surface.field]: { $gt: value } } };
  const body = 'search' in surface ? { search: query } : { query };
  return surface.post
    ? kit.call('POST', surface.path, { token, body })
    : kit.call('GET', `${surface.path}?${dotR(body)}`, { token });
}

describe('catalog filters on dates', () => {
  it.each(SURFACES)('$name: refuses an extended or early year with a 400 naming the field', async (surface) => {
    for (const value of [...REFUSED, ...TOO_EARLY, { $date: '+010000-01-01T00:00:00Z' }]) {
      const answer = await filterBy(surface, value);
      expect(answer.status, `${JSON.stringify(value)}: ${answer.text}`).toBe(400);
      const violation = answer.body.details.validationError.fieldViolations[0];
      expect(violation.field).toMatch(new RegExp(`filter\\.${surface.field}\\.\\$gt$`));
      expect(violation.description).toContain('ISO 8601');
    }
  });

  it.each(SURFACES)('$name: still filters by a date of years 1000–9999', async (surface) => {
    await kit.product();
    const all = await filterBy(surface, '1000-01-01T00:00:00Z');
    expect(all.status, all.text).toBe(200);
    expect(all.body.products.length).toBeGreaterThan(0);
    const none = await filterBy(surface, { $date: '9999-12-31T23:59:59.999Z' });
    expect(none.status, none.text).toBe(200);
    expect(none.body.products).toEqual([]);
  });
});

describe('discount code dates on the admin API', () => {
  const PATH = '/_admin/v1/commerce/discounts';
  const admin = () => `Bearer ${server.adminKey}`;
  const create = (body: Record<string, unknown>) =>
    kit.call('POST', PATH, { token: admin(), body: { siteId: server.siteId, kind: 'amount', value: 100, ...body } });

  it('refuses an extended or early year with a 400 naming the field, on create and on change', async () => {
    let n = 0;
    for (const field of ['startsAt', 'endsAt']) {
      for (const value of [...REFUSED, ...TOO_EARLY]) {
        const answer = await create({ code: `DATE${++n}`, [field]: value });
        expect(answer.status, `${field} ${value}: ${answer.text}`).toBe(400);
        expect(answer.body.details.validationError.fieldViolations[0].field).toBe(field);
      }
    }
    const made = await create({ code: 'DATECHANGE' });
    expect(made.status).toBe(200);
    const changed = await kit.call('PATCH', `${PATH}/${made.body.discount.id}`, {
      token: admin(),
      body: { siteId: server.siteId, endsAt: '+010000-01-01T00:00:00Z' },
    });
    expect(changed.status, changed.text).toBe(400);
    expect(changed.body.details.validationError.fieldViolations[0].field).toBe('endsAt');
  });

  it('keeps the years it takes as they were sent', async () => {
    const made = await create({ code: 'MILLENNIUM', startsAt: '1000-01-01T00:00:00Z', endsAt: '9999-12-31T23:59:59Z' });
    expect(made.status, made.text).toBe(200);
    expect(made.body.discount).toMatchObject({
      startsAt: '1000-01-01T00:00:00.000Z',
      endsAt: '9999-12-31T23:59:59.000Z',
    });
    const listed = await kit.call('GET', `${PATH}?siteId=${server.siteId}`, { token: admin() });
    const read = listed.body.discounts.find((d: { code: string }) => d.code === 'MILLENNIUM');
    expect(read).toMatchObject({ startsAt: '1000-01-01T00:00:00.000Z', endsAt: '9999-12-31T23:59:59.000Z' });
  });
});

describe("the admin order list's days", () => {
  it('refuses a day outside 1000–9999 or one the calendar does not have, in the list and the export', async () => {
    for (const path of ['/_admin/v1/commerce/orders', '/_admin/v1/commerce/orders/export'])
      for (const key of ['from', 'to'])
        for (const day of ['0000-01-01', '0999-12-31', '2024-02-30', '2023-02-29', '+10000-01-01']) {
          const answer = await kit.call('GET', `${path}?siteId=${server.siteId}&${key}=${encodeURIComponent(day)}`, {
            token: `Bearer ${server.adminKey}`,
          });
          expect(answer.status, `${path} ${key}=${day}: ${answer.text}`).toBe(400);
          expect(answer.body.details.validationError.fieldViolations[0].field).toBe(key);
        }
    const listed = await kit.call(
      'GET',
      `/_admin/v1/commerce/orders?siteId=${server.siteId}&from=1000-01-01&to=2024-02-29`,
      {
        token: `Bearer ${server.adminKey}`,
      },
    );
    expect(listed.status, listed.text).toBe(200);
  });
});
