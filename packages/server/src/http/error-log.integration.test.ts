/**
 * F-7 / F-18: the log line of an unexpected error carries the message, the code and the request id, never the
 * SQL or its parameters (PGlite's error objects hold both; a failing query could hold token hashes).
 * A statement timeout is not an internal error: 503 with a code, whatever the route.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { errorLogFields } from './install.js';
import { openMigratedPglite } from '../../test-support/database.js';

const SECRET = 'hash-SECRET-0123456789abcdef';

async function failure(run: () => Promise<unknown>): Promise<Error> {
  const error = await run().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error;
}

describe('the log line of an unexpected error', () => {
  it('keeps message, code and request id of a PGlite error, and drops its SQL and parameters', async () => {
    const db = await openMigratedPglite();
    try {
      const error = await failure(() => db.query('select $1::int as n, $2::text as token_hash', [SECRET, SECRET]));
      expect(JSON.stringify(error)).toContain(SECRET); // what the audit saw in the log
      const fields = errorLogFields(error, 'req-1');
      const line = JSON.stringify(fields);
      expect(line).not.toContain(SECRET);
      expect(line).not.toContain('token_hash');
      expect(fields).toMatchObject({
        reqId: 'req-1',
        err: { code: '22P02', message: expect.stringMatching(/invalid input syntax for type integer/) },
      });
      expect(line.length).toBeLessThan(3000);
    } finally {
      await db.close();
    }
  });

  it('keeps a plain error’s type, message and a short stack', () => {
    const fields = errorLogFields(new TypeError('x is not a function'), 'req-2');
    expect(fields).toMatchObject({
      reqId: 'req-2',
      err: { type: 'TypeError', message: 'x is not a function', stack: expect.stringContaining('TypeError') },
    });
    const long = errorLogFields(new Error('y'.repeat(100_000)), 'req-3');
    expect(JSON.stringify(long).length).toBeLessThan(3000);
  });

  it('stays under its cap wherever the checkout lies (frames with long paths, a long message)', () => {
    // A clone in a deep folder makes every frame longer: the line's bound must not depend on it.
    const deep = `/home/someone/${'a-rather-long-folder-name/'.repeat(20)}node_modules/x/index.js`;
    const error = new Error('z'.repeat(5000));
    error.stack = [
      `Error: ${error.message}`,
      ...Array.from({ length: 30 }, (_, i) => `    at f${i} (${deep}:1:${i})`),
    ].join('\n');
    const line = JSON.stringify(errorLogFields(error, 'req-4'));
    expect(line.length).toBeLessThan(2400);
    expect(line).toContain('at f0 (');
  });
});

describe('errors over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      routes: (app) => {
        app.get('/_test/statement-timeout', async () => {
          throw Object.assign(new pg.DatabaseError('canceling statement due to statement timeout', 0, 'error'), {
            code: '57014',
          });
        });
        app.get('/_test/sql-failure', async () => {
          await server.ctx.db.query('select $1::int', [SECRET]);
        });
      },
    });
  }, 120_000);
  afterAll(async () => server?.close());

  it('answers a statement timeout with 503 and a code, and an SQL failure with the 500 envelope', async () => {
    const timedOut = await fetch(`${server.url}/_test/statement-timeout`);
    expect(timedOut.status).toBe(503);
    expect(await timedOut.json()).toMatchObject({ details: { applicationError: { code: 'STATEMENT_TIMEOUT' } } });
    const failed = await fetch(`${server.url}/_test/sql-failure`);
    expect(failed.status).toBe(500);
    const body = await failed.text();
    expect(body).not.toContain(SECRET);
    expect(JSON.parse(body)).toMatchObject({ details: { applicationError: { code: 'INTERNAL' } } });
  });
});
