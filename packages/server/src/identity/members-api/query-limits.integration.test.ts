import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  api,
  startIdentityServer,
  visitorToken,
  type IdentityTestServer,
} from '../../../test-support/identity-server.js';

/**
 * Members API queries (`POST /members/v1/members/query`, `GET /members/v1/members`) count every public member,
 * may search substrings and page deep: each one is a heavy read of the caller's address, in the data API's
 * budget (`VITRINE_DATA_QUERY_RATE_LIMIT`), and a visitor or member pages at most 10,000 members deep. The
 * owner's key is counted by neither.
 */
const LIMIT = 3;
let server: IdentityTestServer;
let call: ReturnType<typeof api>;
let visitor: string;
beforeAll(async () => {
  vi.stubEnv('VITRINE_DATA_QUERY_RATE_LIMIT', String(LIMIT));
  server = await startIdentityServer();
  call = api(server.url);
  visitor = await visitorToken(server.url, server.clientId);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server?.close();
});

const query = (token: string, paging: Record<string, unknown> = {}) =>
  call('POST', '/members/v1/members/query', {
    token,
    body: { query: { paging: { limit: 10, ...paging } }, search: { expression: 'a' } },
  });
const list = (token: string) => call('GET', '/members/v1/members', { token });

describe('Members API queries: depth and rate', () => {
  it('a visitor may not page past 10,000 members; the owner may', async () => {
    const deep = await query(visitor, { offset: 10_001 });
    expect(deep.status).toBe(400);
    expect(deep.body.details.validationError.fieldViolations).toEqual([
      expect.objectContaining({
        field: 'paging.offset',
        ruleName: 'OFFSET_TOO_LARGE',
        data: { maxOffset: 10_000 },
        description: expect.stringContaining('narrow the query'),
      }),
    ]);
    const owner = await query(server.adminKey, { offset: 10_001 });
    expect(owner.status).toBe(200);
    expect(owner.body.metadata).toMatchObject({ offset: 10_001, count: 0 });
  });

  it('past the heavy-read budget a visitor gets 429 with Retry-After, on query and list alike; keys are not counted', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) statuses.push((await query(visitor)).status);
    // The test above spent part of this address's budget: some 200s, then 429.
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(LIMIT);
    const limited = await query(visitor);
    expect(limited.status).toBe(429);
    expect(limited.body.details.applicationError).toMatchObject({
      code: 'WD_TOO_MANY_REQUESTS',
      data: { retryAfterSeconds: expect.any(Number) },
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await list(visitor)).status).toBe(429);
    expect((await query(server.adminKey)).status).toBe(200);
    expect((await list(server.adminKey)).status).toBe(200);
  });
});
