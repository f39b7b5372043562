/**
 * login-with-token-params takes only an ID token whose nonce this server issued (audit S-9): the app asks
 * POST /v1/sso/nonce first and the provider puts that value in the token. A token without a nonce, one
 * whose nonce was copied from the token itself (never issued), an issued nonce used a second time, one
 * past its 10 minutes and one issued for another provider are refused; `tokenNonce: "app"` keeps the
 * earlier behaviour for apps already shipped. Tokens come from the local oidc-provider, on its defaults (thin ID
 * tokens: the shoppers who sign in are known to the site) and with claims in the ID token (new shoppers).
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  account,
  IDP,
  idTokenFrom,
  serverNonce,
  startSso,
  tokenShopper,
  type SsoKit,
} from '../../../test-support/sso-kit.js';

const PATH = '/_api/iam/authentication/v1/sso/login-with-token-params';
const APP_NONCE_IDP = 'appnonce';
const NOT_ISSUED =
  "The ID token was refused: the ID token's nonce was not issued by this server, or was used or has expired";

describe.each([
  { variant: "oidc-provider's defaults (thin ID tokens)", claimsInIdToken: false },
  { variant: 'claims in the ID token', claimsInIdToken: true },
])('login-with-token-params: the nonce is the server’s — a provider with $variant', ({ claimsInIdToken }) => {
  /** How far the server's clock is moved ahead of the machine's (the expiry test moves it). */
  let clockAhead = 0;
  let sso: SsoKit;

  beforeAll(async () => {
    sso = await startSso({
      now: () => Date.now() + clockAhead,
      provider: { claimsInIdToken },
      // The same provider once more, configured for apps that bring their own nonce (or none).
      site: (site) => ({
        ...site,
        identityProviders: [
          ...site.identityProviders!,
          { ...site.identityProviders![0]!, id: APP_NONCE_IDP, tokenNonce: 'app' },
        ],
      }),
    });
  });
  afterAll(async () => {
    await sso?.close();
  });

  async function login(idToken: string, nonce?: string, idpConnectionId = IDP.id) {
    const visitor = (await sso.kit.visitor()).access_token;
    const res = await sso.kit.post(
      PATH,
      { idpConnectionId, tokenParams: { idToken, ...(nonce ? { nonce } : {}) } },
      { authorization: visitor },
    );
    return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
  }

  const claims = () => ({ email: `nonce-${Date.now()}-${Math.random()}@shop.test`, email_verified: true });
  /** A shopper whose token-params sign-in must succeed (known to the site when the ID token is thin). */
  const fresh = (idp = IDP.id) => tokenShopper(sso, claims(), { claimsInIdToken, idp });
  /** A shopper whose token is refused: the refusal must come before the question of who they are. */
  const stranger = () => account(sso.provider, claims());

  function expectRefused(answer: Awaited<ReturnType<typeof login>>, message = NOT_ISSUED) {
    expect(answer.status).toBe(400);
    expect(answer.body.details.applicationError.code).toBe('INVALID_ID_TOKEN');
    expect(answer.body.message).toBe(message);
  }

  it('issues a nonce (single use, 10 minutes) and signs in with a token carrying it (the positive control)', async () => {
    const visitor = (await sso.kit.visitor()).access_token;
    const res = await sso.kit.post(
      '/_api/iam/authentication/v1/sso/nonce',
      { idpConnectionId: IDP.id },
      { authorization: visitor },
    );
    expect(res.status).toBe(200);
    const issued = (await res.json()) as { nonce: string; expiresIn: number };
    expect(issued.expiresIn).toBe(600);
    expect(issued.nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Stored by its hash, and gone once spent.
    const stored = async () =>
      (
        await sso.kit.server.ctx.db.query('select 1 from sso_token_nonces where nonce_hash = $1', [
          createHash('sha256').update(issued.nonce).digest(),
        ])
      ).rows.length;
    expect(await stored()).toBe(1);
    const answer = await login(await idTokenFrom(sso, await fresh(), { nonce: issued.nonce }), issued.nonce);
    expect(answer.status).toBe(200);
    expect(answer.body.state).toBe('SUCCESS');
    expect(await stored()).toBe(0);
  });

  it('refuses a token without a nonce', async () => {
    expectRefused(
      await login(await idTokenFrom(sso, stranger(), { nonce: null })),
      'The ID token was refused: the ID token carries no nonce (ask POST /v1/sso/nonce for one before signing in at the provider)',
    );
  });

  it('refuses a nonce copied from the token itself (the app chose it; the server never issued it)', async () => {
    const token = await idTokenFrom(sso, stranger(), { nonce: 'n-123' });
    expectRefused(await login(token, 'n-123'));
  });

  it('refuses an issued nonce the second time, in another token', async () => {
    const nonce = await serverNonce(sso);
    expect((await login(await idTokenFrom(sso, await fresh(), { nonce }), nonce)).body.state).toBe('SUCCESS');
    expectRefused(await login(await idTokenFrom(sso, stranger(), { nonce }), nonce));
  });

  it('refuses a nonce past its 10 minutes', async () => {
    const nonce = await serverNonce(sso);
    const token = await idTokenFrom(sso, stranger(), { nonce });
    clockAhead = 601_000;
    try {
      expectRefused(await login(token, nonce));
    } finally {
      clockAhead = 0;
    }
  });

  it('refuses a nonce issued for another provider of the site', async () => {
    const nonce = await serverNonce(sso, 'downidp');
    expectRefused(await login(await idTokenFrom(sso, stranger(), { nonce }), nonce));
  });

  it('answers 400 for an unknown provider and 401 without a token, not a nonce', async () => {
    const visitor = (await sso.kit.visitor()).access_token;
    const unknown = await sso.kit.post(
      '/_api/iam/authentication/v1/sso/nonce',
      { idpConnectionId: 'nope' },
      { authorization: visitor },
    );
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(await unknown.json())).toContain('UNKNOWN_IDP_CONNECTION');
    const anonymous = await sso.kit.post('/_api/iam/authentication/v1/sso/nonce', { idpConnectionId: IDP.id });
    expect(anonymous.status).toBe(401);
  });

  it('a provider configured tokenNonce "app" takes the app’s own nonce, or none, as before', async () => {
    const own = await login(
      await idTokenFrom(sso, await fresh(APP_NONCE_IDP), { nonce: 'app-nonce-1' }),
      'app-nonce-1',
      APP_NONCE_IDP,
    );
    expect(own.body.state).toBe('SUCCESS');
    const none = await login(
      await idTokenFrom(sso, await fresh(APP_NONCE_IDP), { nonce: null }),
      undefined,
      APP_NONCE_IDP,
    );
    expect(none.body.state).toBe('SUCCESS');
  });
});
