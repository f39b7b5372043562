import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/index.js';

/**
 * The admin changes whose body schema is an OptionalBody (`{siteId}`, http/schemas/common.ts) still take
 * `?siteId=` with no body at all, or a body that is no object, as they did before their body was declared:
 * each call reaches its handler, which reads the site from the query string and answers its own 404.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const CHANGES: [method: string, path: string, code: string][] = [
  ['POST', '/_admin/v1/mail/00000000-0000-4000-8000-000000000000/retry', 'MAIL_NOT_FOUND'],
  ['POST', '/_admin/v1/api-keys/no-such-key/revoke', 'API_KEY_NOT_FOUND'],
  ['POST', '/_admin/v1/members/00000000-0000-4000-8000-000000000000/block', 'MEMBER_NOT_FOUND'],
  ['POST', '/_admin/v1/members/00000000-0000-4000-8000-000000000000/resend-verification', 'MEMBER_NOT_FOUND'],
  ['POST', '/_admin/v1/webhooks/no-such-endpoint/rotate-secret', 'WEBHOOK_NOT_FOUND'],
  ['POST', '/_admin/v1/webhooks/no-such-endpoint/test', 'WEBHOOK_NOT_FOUND'],
  ['PUT', '/_admin/v1/media/0123456789abcdef01234567/alt', 'NOT_FOUND'],
];

async function call(method: string, path: string, body?: string) {
  const response = await fetch(`${server.url}${path}?siteId=${server.siteId}`, {
    method,
    headers: {
      authorization: `Bearer ${server.adminKey}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body }),
  });
  const answer = (await response.json()) as { details?: { applicationError?: { code?: string } } };
  return { status: response.status, code: answer.details?.applicationError?.code };
}

describe('siteId in the query string of an admin change', () => {
  it.each(CHANGES)('%s %s without a body reaches the handler (%s)', async (method, path, code) => {
    expect(await call(method, path)).toEqual({ status: 404, code });
  });

  it.each(CHANGES)('%s %s with a body that is no object reaches the handler (%s)', async (method, path, code) => {
    expect(await call(method, path, '[]')).toEqual({ status: 404, code });
  });
});
