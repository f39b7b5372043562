import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  account,
  Browser,
  IDP,
  idTokenFrom,
  serverNonce,
  signInThroughBrowser,
  startSso,
  toCallback,
  type SsoKit,
} from '../../../test-support/sso-kit.js';

/**
 * Every request the server makes to an identity provider (discovery, token, UserInfo, JWKS for both the
 * code flow and a native app's ID token) goes through the outbound client (http/outbound/), seen at the
 * provider by the one user-agent the client sends; libraries' own fetch would say `node` or `jose/…`. The
 * provider listens on 127.0.0.1, so without the operator's switch nothing reaches it (audit V5-7).
 */
let sso: SsoKit;
beforeAll(async () => {
  sso = await startSso();
});
afterAll(async () => {
  await sso?.close();
});

const fromServer = () =>
  new Set(sso.provider.requests.filter((r) => r.userAgent === 'Vitrine/1').map((r) => `${r.method} ${r.path}`));

describe('requests to the provider', () => {
  it('discovery, token, UserInfo and JWKS of a browser sign-in and of a native ID token go through the client', async () => {
    const id = account(sso.provider, { email: `outbound-${Date.now()}@shop.test`, email_verified: true });
    await signInThroughBrowser(sso, id);
    expect(fromServer()).toEqual(
      new Set(['GET /.well-known/openid-configuration', 'POST /token', 'GET /me', 'GET /jwks']),
    );

    // A native app's ID token is checked by jose against the JWKS: through the client too.
    sso.provider.requests.length = 0;
    const nonce = await serverNonce(sso);
    const res = await sso.kit.post(
      '/_api/iam/authentication/v1/sso/login-with-token-params',
      { idpConnectionId: IDP.id, tokenParams: { idToken: await idTokenFrom(sso, id, { nonce }), nonce } },
      { authorization: (await sso.kit.visitor()).access_token },
    );
    expect(res.status).toBe(200);
    expect(fromServer()).toEqual(new Set(['GET /jwks']));
    // Nothing else the server sent went around the client.
    const others = sso.provider.requests.filter((r) => r.userAgent !== 'Vitrine/1' && r.path === '/jwks');
    expect(others).toEqual([]);
  });

  it('without webhooks.allowPrivateNetworks a loopback provider receives nothing: the 503 "not answering" page', async () => {
    const config = sso.kit.server.ctx.config;
    config.webhooks = { ...config.webhooks!, allowPrivateNetworks: false };
    try {
      sso.provider.requests.length = 0;
      const { start } = await toCallback(sso, new Browser(), account(sso.provider, { email: 'x@shop.test' }));
      expect(start.status).toBe(503);
      expect(await start.text()).toContain(`${IDP.name} is not answering`);
      expect(sso.provider.requests).toEqual([]);
    } finally {
      config.webhooks = { ...config.webhooks!, allowPrivateNetworks: true };
    }
  });
});
