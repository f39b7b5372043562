/** The site's captcha policy on the hosted pages: an altcha site's create-account form needs a solution. */
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../test-support/server.js';
import { Kit, pkce, withRedirectClient } from '../../test-support/redirect-kit.js';

describe('captcha policy on the hosted pages', () => {
  it('altcha sites get the solver script, and a submission without a solution is asked for one', async () => {
    const server = await startTestServer({
      site: (s) => {
        const w = withRedirectClient(s);
        return { ...w, policies: { ...w.policies, captcha: 'altcha' } };
      },
    });
    try {
      const ckit = new Kit(server);
      const { body } = await ckit.redirectSession(ckit.authRequest(pkce()));
      const page = await ckit.open(`${body.redirectSession.fullUrl}&view=register`);
      const html = await page.text();
      expect(html).toContain('name="altcha"');
      expect(html).toContain('/_api/iam/captcha/v1/altcha/challenge');
      const res = await ckit.submitForm(
        body.redirectSession.fullUrl,
        page,
        html,
        {
          redirectSessionId: body.redirectSession.id,
          action: 'register',
          email: 'c@example.com',
          password: 'a long enough password',
        },
        { redirect: 'follow' },
      );
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('captcha');
    } finally {
      await server.close();
    }
  });
});
