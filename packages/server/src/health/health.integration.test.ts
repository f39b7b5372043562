import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../test-support/server.js';

describe('/healthz and /readyz', () => {
  it('are both 200 on a running server', async () => {
    const server = await startTestServer();
    try {
      expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({
        status: 'ok',
        database: server.ctx.db.kind,
      });
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready', database: true, migrations: true, shuttingDown: false });
    } finally {
      await server.close();
    }
  });

  it('readyz answers 503 while migrations are missing', async () => {
    const server = await startTestServer();
    try {
      // As if an older instance's database: the last migration not recorded yet.
      await server.ctx.db.query(
        'delete from schema_migrations where version = (select max(version) from schema_migrations)',
      );
      const res = await fetch(`${server.url}/readyz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        status: 'unavailable',
        database: true,
        migrations: false,
        shuttingDown: false,
      });
    } finally {
      await server.close();
    }
  });

  it('readyz answers 503 once shutting down', async () => {
    const server = await startTestServer();
    try {
      server.ctx.lifecycle!.shuttingDown = true;
      const res = await fetch(`${server.url}/readyz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ status: 'unavailable', shuttingDown: true });
    } finally {
      await server.close();
    }
  });

  it('once the database is gone: readyz and healthz both 503', async () => {
    const server = await startTestServer();
    try {
      await server.ctx.db.close();
      const res = await fetch(`${server.url}/readyz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        status: 'unavailable',
        database: false,
        migrations: false,
        shuttingDown: false,
      });
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual({ status: 'unavailable', database: server.ctx.db.kind });
    } finally {
      // The database is already closed; closing it again may complain, the rest must still stop.
      await server.close().catch(() => server.vitrine.app.close());
    }
  });
});
