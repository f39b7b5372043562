import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startIdentityServer, type IdentityTestServer } from '../../test-support/identity-server.js';

const SITE_KEY = 'site-key-named-admin-0123456789abcdef';
let server: IdentityTestServer;
let call: ReturnType<typeof api>;
beforeAll(async () => {
  server = await startIdentityServer({
    site: (s) => ({ ...s, apiKeys: [{ name: 'admin', key: SITE_KEY }] }),
    config: (c) => {
      const demo = c.sites[0]!;
      const other = {
        ...demo,
        id: 'other',
        name: 'Other',
        apiKeys: [],
        clients: [{ ...demo.clients[0]!, clientId: 'other-client' }],
      };
      return { ...c, sites: [...c.sites, other] };
    },
  });
  call = api(server.url);
});
afterAll(() => server.close());

describe('admin API scoping', () => {
  it('the server admin key acts on every site; a site key (even one named "admin") only on its own', async () => {
    const list = (siteId: string, key: string) =>
      call('GET', `/_admin/v1/members?siteId=${siteId}`, { token: `Bearer ${key}` });
    expect((await list(server.siteId, server.adminKey)).status).toBe(200);
    expect((await list('other', server.adminKey)).status).toBe(200);
    expect((await list(server.siteId, SITE_KEY)).status).toBe(200);
    const foreign = await list('other', SITE_KEY);
    expect(foreign.status).toBe(403);
    expect(foreign.body.details.applicationError.code).toBe('PERMISSION_DENIED');
    expect(
      (
        await call('POST', '/_admin/v1/members/block', {
          token: `Bearer ${SITE_KEY}`,
          body: { siteId: 'other', email: 'a@b.co' },
        })
      ).status,
    ).toBe(403);
  });
});
