/** A site whose owner approves new members: the hosted create-account form ends on a waiting page, not a code. */
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../test-support/server.js';
import { Kit, pkce, withRedirectClient } from '../../test-support/redirect-kit.js';

describe('owner approval on the hosted pages', () => {
  it('a site with manual approval shows a waiting page instead of a code', async () => {
    const server = await startTestServer({
      site: (s) => {
        const w = withRedirectClient(s);
        return { ...w, policies: { ...w.policies, memberApproval: 'manual' } };
      },
    });
    try {
      const akit = new Kit(server);
      const { body } = await akit.redirectSession(akit.authRequest(pkce()));
      const page = await akit.open(`${body.redirectSession.fullUrl}&view=register`);
      const html = await page.text();
      const res = await akit.submitForm(body.redirectSession.fullUrl, page, html, {
        redirectSessionId: body.redirectSession.id,
        action: 'register',
        email: 'wait@example.com',
        password: 'a long enough password',
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('location')).toBeNull();
      expect(await res.text()).toContain('approval');
    } finally {
      await server.close();
    }
  });
});
