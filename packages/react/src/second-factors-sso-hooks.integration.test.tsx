/**
 * The hooks of issues #14 and #15 (useFactors, useSecondStep, useSsoProviders, useSignInMethods) with
 * the real `@vitrine/sdk` client against a real @vitrine/server and a real OpenID Connect provider
 * (oidc-provider). Only the hidden sign-in frame is replaced by its HTTP equivalent (jsdom runs no
 * server page); see ../test-support/real-server.ts.
 */
import '../test-support/real-server.js';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createClient, OAuthStrategy, type Tokens } from '@vitrine/sdk';
import {
  account,
  APP,
  Browser,
  fragmentOf,
  IDP,
  startSso,
  toCallback,
  startTestServer,
  type SsoKit,
  type TestServer,
} from '@vitrine/server/test-support';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { httpSilentLogin } from '../test-support/real-server.js';
import { useAuthActions, useSession } from './hooks.js';
import { useFactors, useSecondStep, type FactorsResult, type SecondStep } from './mfa.js';
import { VitrineProvider } from './provider.js';
import { useSignInMethods, useSsoProviders, type SignInMethods, type SsoProviders } from './sso.js';

const PASSWORD = 'react hooks password 9';
const open = { emailVerification: 'off', memberApproval: 'auto', captcha: 'off' } as const;
let mfa: TestServer;
let sso: SsoKit;
let offsetMs = 0;
beforeAll(async () => {
  [mfa, sso] = await Promise.all([
    startTestServer({
      now: () => Date.now() + offsetMs,
      site: (s) => ({ ...s, policies: { ...s.policies, ...open } }),
    }),
    startSso({ site: (s) => ({ ...s, policies: { ...s.policies, ...open } }) }),
  ]);
}, 60_000);
afterAll(() => Promise.all([mfa?.close(), sso?.close()]));
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const totp = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetMs });
const unique = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.test`;

/** Member tokens for a password member of `server` (as after a sign-in). */
async function memberTokens(server: TestServer, memberId: string, clientId = server.clientId): Promise<Tokens> {
  const s = await server.ctx.db.transaction((tx) =>
    server.ctx.tokens.createMemberSession(tx, { siteId: server.siteId, clientId, memberId }),
  );
  return {
    accessToken: { value: s.accessToken, expiresAt: Math.floor(Date.now() / 1000) + 3000 },
    refreshToken: { value: s.refreshToken, role: 'member' },
  };
}

async function register(server: TestServer, email = unique('hooks')): Promise<{ email: string; memberId: string }> {
  const r = await OAuthStrategy({ clientId: server.clientId, baseUrl: server.url }).register({
    email,
    password: PASSWORD,
  });
  expect(r.loginState).toBe('SUCCESS');
  const { rows } = await server.ctx.db.query<{ id: string }>(
    'select id from members where site_id = $1 and email_key = $2',
    [server.siteId, email],
  );
  return { email, memberId: rows[0]!.id };
}

/** The site's shop app (its redirect URI is registered) on the SSO server. */
const shopApp = () => ({ url: sso.kit.server.url, clientId: APP.clientId });

/** Renders `probe` under a provider with a real client of `server`; `navigations` collects where it sent the browser. */
function mount(server: { url: string; clientId: string }, tokens: Tokens | undefined, probe: () => React.ReactNode) {
  const client = httpSilentLogin(
    createClient({
      auth: OAuthStrategy({ clientId: server.clientId, baseUrl: server.url, ...(tokens ? { tokens } : {}) }),
    }),
  );
  const navigations: string[] = [];
  function Probe() {
    return <>{probe()}</>;
  }
  render(
    <VitrineProvider
      client={client}
      apiBaseUrl={server.url}
      redirectUri={APP.redirectUri}
      navigate={(url) => navigations.push(url)}
    >
      <Probe />
    </VitrineProvider>,
  );
  return { client, navigations };
}

describe('useFactors (a signed-in member’s second factors)', () => {
  it('lists none, adds and activates an authenticator app (the list refreshes), then removes it', async () => {
    const m = await register(mfa);
    let factors: FactorsResult | undefined;
    mount(mfa, await memberTokens(mfa, m.memberId), () => {
      factors = useFactors();
      return (
        <p data-testid="factors">
          {factors.data
            ? factors.data.factors.map((f) => `${f.factorType}:${f.status}`).join(',') || 'none'
            : 'loading'}
        </p>
      );
    });
    await waitFor(() => expect(screen.getByTestId('factors').textContent).toBe('none'), { timeout: 5000 });
    const added = await act(() => factors!.addTotp({ name: 'Phone' }));
    await waitFor(() => expect(screen.getByTestId('factors').textContent).toBe('TOTP:INACTIVE'));
    const activated = await act(() => factors!.activate(added.factor.factorId, totp(added.totp.secret)));
    expect(activated.recoveryCodes).toHaveLength(10);
    await waitFor(() => expect(screen.getByTestId('factors').textContent).toBe('TOTP:ACTIVE'));
    expect(factors!.data!.recoveryCodesLeft).toBe(10);
    await act(() => factors!.remove(added.factor.factorId));
    await waitFor(() => expect(screen.getByTestId('factors').textContent).toBe('none'));
  });
});

describe('useSecondStep (the step after the password)', () => {
  it('a wrong code keeps the shopper a visitor; the app code signs them in; a recovery code works once', async () => {
    const m = await register(mfa);
    const setup = OAuthStrategy({
      clientId: mfa.clientId,
      baseUrl: mfa.url,
      tokens: await memberTokens(mfa, m.memberId),
    });
    const { factorsOf } = await import('@vitrine/sdk/mfa');
    const added = await factorsOf(setup).addTotp();
    const { recoveryCodes } = await factorsOf(setup).activate(added.factor.factorId, totp(added.totp.secret));
    offsetMs += 30_000; // the next code, never the one just used

    let step: SecondStep | undefined;
    let login: ReturnType<typeof useAuthActions>['login'] | undefined;
    const view = () => {
      step = useSecondStep();
      login = useAuthActions().login;
      return <p data-testid="status">{useSession().status}</p>;
    };
    mount(mfa, undefined, view);
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('visitor'), { timeout: 5000 });
    const first = await act(() => login!({ email: m.email, password: PASSWORD }));
    expect(first.loginState).toBe('MFA_REQUIRED');
    const wrong = totp(added.totp.secret) === '000000' ? '111111' : '000000';
    expect((await act(() => step!.verifyCode({ factorType: 'TOTP', code: wrong }))).loginState).toBe('MFA_REQUIRED');
    expect(screen.getByTestId('status').textContent).toBe('visitor');
    const done = await act(() => step!.verifyCode({ factorType: 'TOTP', code: totp(added.totp.secret) }));
    expect(done.loginState).toBe('SUCCESS');
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('member'));

    cleanup();
    mount(mfa, undefined, view);
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('visitor'), { timeout: 5000 });
    expect((await act(() => login!({ email: m.email, password: PASSWORD }))).loginState).toBe('MFA_REQUIRED');
    const recovered = await act(() => step!.verifyCode({ factorType: 'RECOVERY_CODE', code: recoveryCodes![0]! }));
    expect(recovered.loginState).toBe('SUCCESS');
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('member'));
    // The same recovery code again: refused.
    cleanup();
    mount(mfa, undefined, view);
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('visitor'), { timeout: 5000 });
    expect((await act(() => login!({ email: m.email, password: PASSWORD }))).loginState).toBe('MFA_REQUIRED');
    expect(
      (await act(() => step!.verifyCode({ factorType: 'RECOVERY_CODE', code: recoveryCodes![0]! }))).loginState,
    ).toBe('MFA_REQUIRED');
    expect(screen.getByTestId('status').textContent).toBe('visitor');
  });
});

describe('useSsoProviders (Continue with … buttons)', () => {
  it('lists the site’s providers, and signInWith sends the browser through Vitrine to the provider’s login', async () => {
    let providers: SsoProviders | undefined;
    const { navigations } = mount(shopApp(), undefined, () => {
      providers = useSsoProviders();
      return <p data-testid="providers">{providers.data?.map((p) => p.name).join(',') ?? 'loading'}</p>;
    });
    await waitFor(() => expect(screen.getByTestId('providers').textContent).toBe(`${IDP.name},Down IdP`), {
      timeout: 5000,
    });
    await act(() => providers!.signInWith(IDP.id, { returnTo: '/account' }));
    expect(navigations).toHaveLength(1);
    const url = new URL(navigations[0]!);
    expect(url.pathname).toBe(`/_api/iam/authentication/v1/sso/login/${sso.kit.server.siteId}/${IDP.id}`);
    expect(url.searchParams.get('tenantType')).toBe('SITE');
    // The browser follows it: a 302 to the provider with PKCE S256, state and nonce.
    const toProvider = await new Browser().go(url.href);
    expect(toProvider.status).toBe(302);
    const at = new URL(toProvider.headers.get('location')!);
    expect(at.href.startsWith(sso.provider.issuer)).toBe(true);
    expect(at.searchParams.get('code_challenge_method')).toBe('S256');
    // Both fresh for this flow: 256 random bits, base64url.
    expect(at.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    expect(at.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
  });
});

describe('useSignInMethods (Account → Sign-in methods)', () => {
  it('a provider-only member sees the connection and cannot disconnect their only way in', async () => {
    // Signed in through the provider (hosted redirect flow) → member tokens for the shop app.
    const id = account(sso.provider, { email: unique('sso-only'), email_verified: true });
    const browser = new Browser();
    const flow = await toCallback(sso, browser, id);
    const code = fragmentOf((await browser.go(flow.callback!)).headers.get('location')).get('code');
    const answer = (await (
      await sso.kit.exchange({ code, codeVerifier: flow.p.verifier, redirectUri: APP.redirectUri })
    ).json()) as { access_token: string; refresh_token: string };
    const tokens: Tokens = {
      accessToken: { value: answer.access_token, expiresAt: Math.floor(Date.now() / 1000) + 3000 },
      refreshToken: { value: answer.refresh_token, role: 'member' },
    };

    let methods: SignInMethods | undefined;
    mount(shopApp(), tokens, () => {
      methods = useSignInMethods();
      const d = methods.data;
      return (
        <p data-testid="methods">
          {d
            ? `${d.connections.map((c) => c.idpConnection.idpConnectionId).join(',')} password:${d.hasPassword}`
            : 'loading'}
        </p>
      );
    });
    await waitFor(() => expect(screen.getByTestId('methods').textContent).toBe(`${IDP.id} password:false`), {
      timeout: 5000,
    });
    await expect(act(() => methods!.disconnect(IDP.id))).rejects.toThrow();
    expect(screen.getByTestId('methods').textContent).toBe(`${IDP.id} password:false`);
  });

  it('a password member connects (off to the provider) and, once connected, disconnects; the list follows', async () => {
    const m = await register(sso.kit.server);
    let methods: SignInMethods | undefined;
    const { navigations } = mount(shopApp(), await memberTokens(sso.kit.server, m.memberId, APP.clientId), () => {
      methods = useSignInMethods();
      const d = methods.data;
      return (
        <p data-testid="methods">
          {d
            ? `[${d.connections.map((c) => c.idpConnection.idpConnectionId).join(',')}] password:${d.hasPassword}`
            : 'loading'}
        </p>
      );
    });
    await waitFor(() => expect(screen.getByTestId('methods').textContent).toBe('[] password:true'), { timeout: 5000 });
    await act(() => methods!.connect(IDP.id, { returnTo: APP.redirectUri, currentPassword: PASSWORD }));
    expect(navigations).toHaveLength(1);
    expect(navigations[0]!.startsWith(sso.provider.issuer)).toBe(true);

    // Connected (as the provider round trip would): the member's identity at the provider, then refetch.
    const id = account(sso.provider, { email: m.email, email_verified: true });
    await sso.kit.server.ctx.db.query(
      'insert into sso_identities (site_id, issuer, subject, member_id, idp_connection_id, email, created_at, last_used_at) values ($1, $2, $3, $4, $5, $6, now(), now())',
      [sso.kit.server.siteId, sso.provider.issuer, id, m.memberId, IDP.id, m.email],
    );
    await act(() => methods!.refetch());
    await waitFor(() => expect(screen.getByTestId('methods').textContent).toBe(`[${IDP.id}] password:true`));
    await act(() => methods!.disconnect(IDP.id));
    await waitFor(() => expect(screen.getByTestId('methods').textContent).toBe('[] password:true'));
  });
});
