/**
 * A redirect session's `preferences` (session-preferences.ts, docs/wire-format.md §4.5): every additional query
 * parameter rides on `fullUrl` beside the server's own, the three flags are accepted as booleans, and what the
 * address cannot carry is refused by field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kit, pkce } from '../../test-support/redirect-kit.js';

let kit: Kit;
beforeAll(async () => {
  kit = await Kit.start();
});
afterAll(() => kit?.server.close());

const violations = (body: Record<string, unknown>) =>
  (body as { details: { validationError: { fieldViolations: { field: string; ruleName?: string }[] } } }).details
    .validationError.fieldViolations;

describe('redirect-session preferences', () => {
  it('carries every additional query parameter on fullUrl, never over the server own', async () => {
    const preferences = {
      useGenericWixPages: false,
      maintainIdentity: true,
      checkIfPublish: true,
      additionalQueryParameters: { lang: 'fr', utm_source: 'newsletter', redirectSessionId: 'someone-else' },
    };
    const { res, body } = await kit.redirectSession({ ...kit.authRequest(pkce()), preferences });
    expect(res.status).toBe(200);
    const session = body.redirectSession;
    const url = new URL(session.fullUrl);
    expect(url.searchParams.get('redirectSessionId')).toBe(session.id);
    expect(url.searchParams.getAll('redirectSessionId')).toHaveLength(1);
    expect(url.searchParams.get('lang')).toBe('fr');
    expect(url.searchParams.get('utm_source')).toBe('newsletter');
    expect(session.urlDetails.searchParams).toEqual({
      redirectSessionId: session.id,
      lang: 'fr',
      utm_source: 'newsletter',
    });
    const page = await fetch(session.fullUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html lang="fr"');
  });

  it('refuses a flag that is not a boolean and a parameter that is not a string, by field', async () => {
    const { res, body } = await kit.redirectSession({
      ...kit.authRequest(pkce()),
      preferences: { checkIfPublish: 'yes', additionalQueryParameters: { utm_source: 1 } },
    });
    expect(res.status).toBe(400);
    expect(violations(body)).toEqual([
      expect.objectContaining({ field: 'preferences.checkIfPublish', ruleName: 'INVALID_TYPE' }),
      expect.objectContaining({ field: 'preferences.additionalQueryParameters.utm_source', ruleName: 'INVALID_TYPE' }),
    ]);
    const tooMany = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`p${i}`, 'x']));
    const many = await kit.redirectSession({
      ...kit.authRequest(pkce()),
      preferences: { additionalQueryParameters: tooMany },
    });
    expect(many.res.status).toBe(400);
  });
});
