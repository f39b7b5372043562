import { describe, expect, it } from 'vitest';
import { startTestServer } from '../testing.js';

describe('/healthz', () => {
  it('answers 503 once the database is gone', async () => {
    const server = await startTestServer();
    try {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      await server.ctx.db.close();
      const res = await fetch(`${server.url}/healthz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'unavailable', database: 'pglite' });
    } finally {
      await server.vitrine.app.close();
    }
  });
});
