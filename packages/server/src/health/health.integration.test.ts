import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../test-support/server.js';

describe('/healthz', () => {
  it('answers 503 once the database is gone', async () => {
    const server = await startTestServer();
    try {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      await server.ctx.db.close();
      const res = await fetch(`${server.url}/healthz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'unavailable', database: server.ctx.db.kind });
    } finally {
      // The database is already closed; closing it again may complain, the rest must still stop.
      await server.close().catch(() => server.vitrine.app.close());
    }
  });
});
