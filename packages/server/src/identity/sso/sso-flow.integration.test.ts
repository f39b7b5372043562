import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP, fragmentOf, pkce } from '../../../test-support/redirect-kit.js';
import { account, Browser, IDP, startSso, toCallback, type SsoKit } from '../../../test-support/sso-kit.js';

let sso: SsoKit;
beforeAll(async () => {
  sso = await startSso();
});
afterAll(async () => {
  await sso?.close();
});

async function memberByEmail(email: string) {
  const { rows } = await sso.kit.server.ctx.db.query<{
    id: string;
    email_verified: boolean;
    password_hash: string | null;
  }>('select id, email_verified, password_hash from members where site_id = $1 and email_key = $2', [
    sso.kit.server.siteId,
    email.toLowerCase(),
  ]);
  return rows[0];
}

describe('hosted sign-in with an OpenID Connect provider', () => {
  it('offers "Continue with {name}" on the sign-in and create-account pages', async () => {
    const { kit } = sso;
    const { body } = await kit.redirectSession(kit.authRequest(pkce()), (await kit.visitor()).access_token);
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
    const tokens = await sso.kit.exchange({
      code: answer.get('code'),
      codeVerifier: flow.p.verifier,
      redirectUri: APP.redirectUri,
    });
    expect(tokens.status).toBe(200);
    const member = await memberByEmail(email);
    expect(member).toMatchObject({ email_verified: true, password_hash: null });
    const events = await sso.kit.server.ctx.authEvents.list(sso.kit.server.siteId, {
      memberId: member!.id,
      type: 'sign_in',
    });
    expect(events[0]).toMatchObject({ outcome: 'success', detail: { method: 'sso', provider: IDP.id, created: true } });
  });

  it('keeps a provider identity on its member when the address changes at the provider', async () => {
    const email = `moving-${Date.now()}@shop.test`;
    const id = account(sso.provider, { email, email_verified: true });
    const first = new Browser();
    expect((await first.go((await toCallback(sso, first, id)).callback!)).status).toBe(302);
    const before = await memberByEmail(email);
    sso.provider.accounts.set(id, { email: `moved-${Date.now()}@shop.test`, email_verified: true });
    const browser = new Browser();
    const flow = await toCallback(sso, browser, id);
    const done = await browser.go(flow.callback!);
    expect(done.status).toBe(302);
    const tokens = (await (
      await sso.kit.exchange({
        code: fragmentOf(done.headers.get('location')).get('code'),
        codeVerifier: flow.p.verifier,
        redirectUri: APP.redirectUri,
      })
    ).json()) as { access_token: string };
    const me = (await (
      await fetch(`${sso.kit.server.url}/_api/members/v1/members/my`, {
        headers: { authorization: tokens.access_token },
      })
    ).json()) as { member: { id: string } };
    expect(me.member.id).toBe(before!.id);
  });
});

/** A password account (its address unverified: the site requires verification). */
async function passwordMember() {
  const email = `pw-${Math.random().toString(36).slice(2, 10)}@shop.test`;
  const password = 'correct horse battery';
  const res = await sso.kit.post(
    '/_api/iam/authentication/v2/register',
    { loginId: { email }, password },
    { authorization: (await sso.kit.visitor()).access_token },
  );
  const body = (await res.json()) as { identity: { id: string } };
  return { email, password, memberId: body.identity.id };
}

describe('linking a provider identity to an existing member', () => {
  it('links when the provider verified the address (a verified member keeps its password)', async () => {
    const m = await passwordMember();
    await sso.kit.server.ctx.db.query('update members set email_verified = true where id = $1', [m.memberId]);
    const id = account(sso.provider, { email: m.email.toUpperCase(), email_verified: true });
    const browser = new Browser();
    const done = await browser.go((await toCallback(sso, browser, id)).callback!);
    expect(done.status).toBe(302);
    // An authorization code: 256 random bits, base64url.
    expect(fragmentOf(done.headers.get('location')).get('code')).toMatch(/^[\w-]{43}$/);
    const { rows } = await sso.kit.server.ctx.db.query<{ member_id: string }>(
      'select member_id from sso_identities where subject = $1',
      [id],
    );
    expect(rows).toEqual([{ member_id: m.memberId }]);
    expect((await memberByEmail(m.email))!.password_hash).not.toBeNull();
  });

  it('adopts an unverified password account (pre-hijacking): the squatter’s password stops working', async () => {
    const squatter = await passwordMember();
    const id = account(sso.provider, { email: squatter.email, email_verified: true });
    const browser = new Browser();
    const done = await browser.go((await toCallback(sso, browser, id)).callback!);
    expect(done.status).toBe(302);
    const member = await memberByEmail(squatter.email);
    expect(member).toMatchObject({ id: squatter.memberId, email_verified: true, password_hash: null });
    const login = await sso.kit.post(
      '/_api/iam/authentication/v2/login',
      { loginId: { email: squatter.email }, password: squatter.password },
      { authorization: (await sso.kit.visitor()).access_token },
    );
    expect(login.status).toBe(400);
  });

  it('refuses to link an address the provider did not verify: the shopper is told to sign in and connect', async () => {
    const m = await passwordMember();
    const id = account(sso.provider, { email: m.email, email_verified: false });
    const browser = new Browser();
    const done = await browser.go((await toCallback(sso, browser, id)).callback!);
    expect(done.status).toBe(409);
    const html = await done.text();
    expect(html).toContain('You already have an account');
    expect(html).toContain('Account → Sign-in methods');
    expect(html).toContain('Back to the shop');
    const { rows } = await sso.kit.server.ctx.db.query('select 1 from sso_identities where subject = $1', [id]);
    expect(rows).toHaveLength(0);
    expect((await memberByEmail(m.email))!.password_hash).not.toBeNull();
  });
});

describe('a provider answer that fails a check ends on a clear page, never signed in', () => {
  const expectNoCode = (response: Response) => expect(response.headers.get('location') ?? '').not.toContain('code=');

  it('wrong state', async () => {
    const browser = new Browser();
    const flow = await toCallback(
      sso,
      browser,
      account(sso.provider, { email: `s-${Date.now()}@shop.test`, email_verified: true }),
    );
    const url = new URL(flow.callback!);
    url.searchParams.set('state', 'not-the-state');
    const response = await browser.go(url.href);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Sign-in expired');
    expectNoCode(response);
  });

  it('a replayed callback', async () => {
    const browser = new Browser();
    const flow = await toCallback(
      sso,
      browser,
      account(sso.provider, { email: `r-${Date.now()}@shop.test`, email_verified: true }),
    );
    expect((await browser.go(flow.callback!)).status).toBe(302);
    const again = await browser.go(flow.callback!);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('already completed');
    expectNoCode(again);
  });

  it('a callback opened in another browser (no binding cookie)', async () => {
    const flow = await toCallback(
      sso,
      new Browser(),
      account(sso.provider, { email: `b-${Date.now()}@shop.test`, email_verified: true }),
    );
    const response = await new Browser().go(flow.callback!);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('started in another browser');
  });

  it('a nonce that does not match the ID token', async () => {
    const browser = new Browser();
    const email = `n-${Date.now()}@shop.test`;
    const flow = await toCallback(sso, browser, account(sso.provider, { email, email_verified: true }));
    await sso.kit.server.ctx.db.query("update sso_logins set nonce = 'another-nonce' where used_at is null");
    const response = await browser.go(flow.callback!);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('could not be verified');
    expect(await memberByEmail(email)).toBeUndefined();
  });

  it('the shopper cancels at the provider', async () => {
    const browser = new Browser();
    const flow = await toCallback(
      sso,
      browser,
      account(sso.provider, { email: `c-${Date.now()}@shop.test`, email_verified: true }),
    );
    const url = new URL(flow.callback!);
    const cancelled = new URL(`${url.origin}${url.pathname}`);
    cancelled.search = new URLSearchParams({
      state: url.searchParams.get('state')!,
      error: 'access_denied',
    }).toString();
    const response = await browser.go(cancelled.href);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('The sign-in was cancelled.');
    expect(html).toContain('Back to sign in');
  });

  it('a provider that is down: a 503 page with a way back, not a 500', async () => {
    const browser = new Browser();
    const flow = await toCallback(sso, browser, 'unused', 'downidp');
    expect(flow.start.status).toBe(503);
    const html = await flow.start.text();
    expect(html).toContain('Down IdP is not answering');
    expect(html).toContain('Back to sign in');
    expect(html).toContain(`href="${APP.origin}/"`);
  });
});
