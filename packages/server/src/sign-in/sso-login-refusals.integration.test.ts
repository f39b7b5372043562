/**
 * What the start of a provider sign-in refuses by name (sso-browser-flow.ts `unservedLoginOption`,
 * docs/providers.md): tenant types other than SITE, `customPayload` and `encryptionKey`. Each is a 400 page
 * that names the error code, not the generic "no such option" 404; an empty value is no refusal, and the plain
 * SITE link still goes to the provider.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pkce } from '../../test-support/redirect-kit.js';
import { Browser, IDP, startSso, type SsoKit } from '../../test-support/sso-kit.js';

let sso: SsoKit;
beforeAll(async () => {
  sso = await startSso();
});
afterAll(() => sso?.close());

/** A live redirect session and the start address of its provider sign-in, with `extra` in the query. */
async function startAddress(extra: Record<string, string>): Promise<string> {
  const { kit } = sso;
  const visitor = await kit.visitor();
  const { body } = await kit.redirectSession(kit.authRequest(pkce()), visitor.access_token);
  const query = new URLSearchParams({ tenantType: 'SITE', sessionId: body.redirectSession.id, ...extra });
  return `${kit.server.url}/_api/iam/authentication/v1/sso/login/${kit.server.siteId}/${IDP.id}?${query}`;
}

describe('the start of a provider sign-in', () => {
  it.each([
    ['ACCOUNT', 'This sign-in link is for a ACCOUNT tenant'],
    ['ROOT', 'This sign-in link is for a ROOT tenant'],
  ])('refuses tenant type %s with a named error', async (tenantType, text) => {
    const res = await new Browser().go(await startAddress({ tenantType }));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Sign-in not offered here');
    expect(html).toContain(text);
    expect(html).toContain('TENANT_TYPE_NOT_SUPPORTED');
  });

  it.each([
    [{ encryptionKey: 'AAAAAAAAAAAAAAAAAAAAAA==' }, 'encryptionKey'],
    [{ customPayload: '{"a":"b"}' }, 'customPayload'],
    [{ 'customPayload.plan': 'gold' }, 'customPayload'],
  ])('refuses %j by name', async (extra, parameter) => {
    const res = await new Browser().go(await startAddress(extra));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(`This sign-in link asks for ${parameter}`);
    expect(html).toContain('SSO_PARAMETER_NOT_SUPPORTED');
  });

  it('goes to the provider for SITE, with empty extras, and answers an unknown provider as before', async () => {
    const ok = await new Browser().go(await startAddress({ customPayload: '', encryptionKey: '' }));
    expect(ok.status).toBe(302);
    expect(ok.headers.get('location')).toContain(sso.provider.issuer);
    const unknown = await new Browser().go((await startAddress({})).replace(`/${IDP.id}?`, '/no-such-idp?'));
    expect(unknown.status).toBe(404);
  });
});
