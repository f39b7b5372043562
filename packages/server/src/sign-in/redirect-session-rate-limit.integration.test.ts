/** Creating redirect sessions is limited per address (`VITRINE_REDIRECT_RATE_LIMIT`, read when the server starts). */
import { describe, expect, it, vi } from 'vitest';
import { startTestServer } from '../../test-support/server.js';
import { Kit, pkce, withRedirectClient } from '../../test-support/redirect-kit.js';

describe('redirect-session creation is rate limited per IP', () => {
  it('answers 429 with Retry-After past the limit', async () => {
    vi.stubEnv('VITRINE_REDIRECT_RATE_LIMIT', '3');
    const server = await startTestServer({ site: withRedirectClient }).finally(() => vi.unstubAllEnvs());
    try {
      const lkit = new Kit(server);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await lkit.redirectSession(lkit.authRequest(pkce()))).res.status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const last = await lkit.redirectSession(lkit.authRequest(pkce()));
      expect(Number(last.res.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });
});
