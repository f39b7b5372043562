import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP, fragmentOf } from '../../oauth/redirect-test-kit.js';
import { account, Browser, IDP, startSso, toCallback, type SsoKit } from './sso-test-kit.js';

let sso: SsoKit;
beforeAll(async () => {
  sso = await startSso();
});
afterAll(async () => {
  await sso?.close();
});

async function memberByEmail(email: string) {
  const { rows } = await sso.kit.server.ctx.db.query<{ id: string; email_verified: boolean; password_hash: string | null }>(
    'select id, email_verified, password_hash from members where site_id = $1 and email_key = $2', [sso.kit.server.siteId, email.toLowerCase()],
  );
  return rows[0];
}

describe('hosted sign-in with an OpenID Connect provider', () => {
  it('offers "Continue with {name}" on the sign-in and create-account pages', async () => {
    const { kit } = sso;
    const { body } = await kit.redirectSession(kit.authRequest((await import('../../oauth/redirect-test-kit.js')).pkce()), (await kit.visitor()).access_token);
    for (const view of ['', '&view=register']) {
      const html = await (await fetch(`${body.redirectSession.fullUrl}${view}`)).text();
      expect(html).toContain(`>Continue with ${IDP.name}</a>`);
      expect(html).toContain('>Continue with Down IdP</a>');
    }
  });

  it('signs a new shopper in end to end: provider login → code at the client → member tokens; the address counts as verified', async () => {
    const email = `new-${Date.now()}@shop.test`;
    const id = account(sso.provider, { email, email_verified: true, given_name: 'Ada', family_name: 'Lovelace' });
    const browser = new Browser();
    const flow = await toCallback(sso, browser, id);
    expect(new URL(flow.start.headers.get('location')!).searchParams.get('code_challenge_method')).toBe('S256');
    const done = await browser.go(flow.callback!);
    expect(done.status).toBe(302);
    const answer = fragmentOf(done.headers.get('location'));
    expect(done.headers.get('location')!.startsWith(APP.redirectUri)).toBe(true);
    expect(answer.get('state')).toBe(flow.p.state);
    const tokens = await sso.kit.exchange({ code: answer.get('code'), codeVerifier: flow.p.verifier, redirectUri: APP.redirectUri });
    expect(tokens.status).toBe(200);
    const member = await memberByEmail(email);
    expect(member).toMatchObject({ email_verified: true, password_hash: null });
    const events = await sso.kit.server.ctx.authEvents.list(sso.kit.server.siteId, { memberId: member!.id, type: 'sign_in' });
    expect(events[0]).toMatchObject({ outcome: 'success', detail: { method: 'sso', provider: IDP.id, created: true } });
  });
});
