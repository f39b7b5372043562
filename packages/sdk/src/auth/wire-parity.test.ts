/**
 * Wire parity with the real `@wix/sdk` OAuthStrategy: both clients run against the same recording
 * fetch (the "logging" technique of docs/wire-format.md §12) and must send the same requests and map the
 * same answers to the same results.
 */
import { OAuthStrategy as WixOAuthStrategy } from '@wix/sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OAuthStrategy } from './oauth-strategy.js';
import type { OAuthData, Tokens } from './types.js';

interface Sent {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

type Reply = { status?: number; body: unknown };

/** Installs a fetch that records requests and answers by path (overrides first). */
function recordFetch(overrides: Record<string, Reply> = {}) {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers = new Headers(init?.headers);
    sent.push({
      method: init?.method ?? 'GET',
      path: url.pathname,
      body: typeof init?.body == 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers.get('authorization'),
    });
    const reply = overrides[url.pathname] ?? defaults(url.pathname);
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json', 'x-wix-request-id': 'REQ' },
    });
  });
  return sent;
}

function defaults(path: string): Reply {
  if (path == '/oauth2/token') return { body: { access_token: 'AT', refresh_token: 'RT', expires_in: 14400 } };
  if (path.endsWith('/redirect-session')) {
    return {
      body: {
        redirectSession: { id: 'r', fullUrl: 'https://auth.test/x', urlDetails: { endpoint: 'https://auth.test' } },
      },
    };
  }
  if (path.endsWith('/send-email')) return { body: {} };
  return { body: { state: 'SUCCESS', sessionToken: 'ST' } };
}

const visitor: Tokens = {
  accessToken: { value: 'VAT', expiresAt: 4e9 },
  refreshToken: { value: 'VRT', role: 'visitor' },
};
const oauthData: OAuthData = {
  codeVerifier: 'v'.repeat(43),
  codeChallenge: 'c'.repeat(43),
  state: 's'.repeat(43),
  redirectUri: 'https://shop.test/callback',
  originalUri: '/cart',
};

/** Runs the same scenario with both clients and returns what each sent and resolved to. */
async function both<R>(
  run: (auth: ReturnType<typeof OAuthStrategy>, flavour: 'wix' | 'ours') => Promise<R>,
  overrides?: Record<string, Reply>,
  tokens: Tokens = visitor,
) {
  const wixSent = recordFetch(overrides);
  const wix = WixOAuthStrategy({ clientId: 'CID', tokens: structuredClone(tokens) });
  const wixResult = await run(wix as unknown as ReturnType<typeof OAuthStrategy>, 'wix').catch((e: unknown) => e);
  const oursSent = recordFetch(overrides);
  const ours = OAuthStrategy({ clientId: 'CID', tokens: structuredClone(tokens) });
  const oursResult = await run(ours, 'ours').catch((e: unknown) => e);
  return { wix: { sent: wixSent, result: wixResult }, ours: { sent: oursSent, result: oursResult } };
}

afterEach(() => vi.unstubAllGlobals());

describe('wire parity with @wix/sdk OAuthStrategy', () => {
  it('anonymous and refresh token requests', async () => {
    const r = await both(async (auth) => {
      await auth.generateVisitorTokens();
      return auth.renewToken({ value: 'OLD', role: 'visitor' });
    });
    expect(r.ours.sent).toEqual(r.wix.sent);
    expect(r.ours.sent.map((s) => s.body)).toEqual([
      { clientId: 'CID', grantType: 'anonymous' },
      { clientId: 'CID', refreshToken: 'OLD', grantType: 'refresh_token' },
    ]);
  });

  it('register with captcha tokens and a profile', async () => {
    const r = await both((auth, flavour) =>
      auth.register({
        email: 'a@b.c',
        password: 'pw',
        profile: { firstName: 'Ada' },
        captchaTokens: (flavour == 'wix'
          ? { recaptchaToken: 'RC', invisibleRecaptchaToken: 'IRC' }
          : { recaptcha: 'RC', invisibleRecaptcha: 'IRC' }) as never,
      }),
    );
    expect(r.ours.sent).toEqual(r.wix.sent);
    expect(r.ours.result).toEqual(r.wix.result);
  });

  it('login, verification and password reset', async () => {
    const r = await both(async (auth) => {
      const login = await auth.login({ email: 'a@b.c', password: 'pw' });
      const verify = await auth.processVerification({ verificationCode: '123456' }, {
        loginState: 'EMAIL_VERIFICATION_REQUIRED',
        data: { stateToken: 'STATE' },
      } as never);
      await auth.sendPasswordResetEmail('a@b.c', 'https://shop.test/reset');
      return { login, verify };
    });
    expect(r.ours.sent).toEqual(r.wix.sent);
    expect(r.ours.result).toEqual(r.wix.result);
  });

  it('maps application and validation errors to the same results', async () => {
    const app = (code: string, description: string): Reply => ({
      status: 400,
      body: { message: description, details: { applicationError: { code, description, data: {} } } },
    });
    for (const [path, reply, op, errorCode] of [
      ['/_api/iam/authentication/v2/register', app('-19995', 'Email already exists'), 'register', 'emailAlreadyExists'],
      ['/_api/iam/authentication/v2/register', app('-19971', 'Missing captcha'), 'register', 'missingCaptchaToken'],
      ['/_api/iam/authentication/v2/login', app('-19976', 'Wrong password'), 'login', 'invalidPassword'],
      ['/_api/iam/authentication/v2/login', app('-19973', 'Reset password'), 'login', 'resetPassword'],
      // Any other verdict on login reads as an unknown email.
      ['/_api/iam/authentication/v2/login', app('-19995', 'Whatever'), 'login', 'invalidEmail'],
      [
        '/_api/iam/authentication/v2/register',
        {
          status: 400,
          body: {
            message: 'bad',
            details: {
              validationError: {
                fieldViolations: [
                  { field: 'loginId.email', description: 'must be a valid email', data: { type: 'EMAIL' } },
                ],
              },
            },
          },
        },
        'register',
        'invalidEmail',
      ],
    ] as const) {
      const r = await both((auth) => auth[op]({ email: 'a@b.c', password: 'pw' }), { [path]: reply });
      const strip = ({ error: _e, ...rest }: { error?: string }) => rest;
      // The Wix client's `error` is a JSON string (§8.2); ours is the plain message. All else is equal.
      expect(strip(r.ours.result as never)).toEqual(strip(r.wix.result as never));
      expect((r.ours.result as { errorCode?: string }).errorCode).toBe(errorCode);
    }
  });

  it('getAuthUrl, getMemberTokens and logout', async () => {
    const r = await both(async (auth) => {
      const url = await auth.getAuthUrl(oauthData, { prompt: 'login', responseMode: 'query' });
      const tokens = await auth.getMemberTokens('CODE', oauthData.state, oauthData);
      const out = await auth.logout('https://shop.test/');
      return { authUrl: url.authUrl, role: tokens.refreshToken.role, out, after: auth.getTokens().refreshToken.role };
    });
    expect(r.ours.sent).toEqual(r.wix.sent);
    expect(r.ours.result).toEqual(r.wix.result);
  });

  it('external login sends the same snake_case body and "<token>,<apiKey>" header', async () => {
    const headers: (string | null)[] = [];
    const r = await both(async (auth) => {
      const real = globalThis.fetch;
      vi.stubGlobal('fetch', (input: string, init: RequestInit) => {
        headers.push(new Headers(init.headers).get('authorization'));
        return real(input, init);
      });
      return (await auth.getMemberTokensForExternalLogin('M1', 'KEY')).refreshToken.role;
    });
    expect(r.ours.sent.map(({ authorization: _a, ...s }) => s)).toEqual(
      r.wix.sent.map(({ authorization: _a, ...s }) => s),
    );
    expect(r.ours.result).toBe(r.wix.result);
    expect(headers).toEqual(['VAT,KEY', 'VAT,KEY']);
  });
});
