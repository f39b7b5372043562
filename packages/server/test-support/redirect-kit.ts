import { createHash, randomBytes } from 'node:crypto';
import type { SiteConfig } from '../src/config/types.js';
import { getVisitorToken, startTestServer, type TestServer } from './server.js';
import { SoftwarePasskey } from './software-passkey.js';
import { findCode } from '../src/oauth/redirect-store.js';

/** Shared by the redirect-login tests: a site with a second client, an API key, no email verification. */
export const APP = { clientId: 'shop-app', redirectUri: 'https://shop.test/callback', origin: 'https://shop.test' };
export const API_KEY = 'test-backend-key-0123456789abcdef';

export function withRedirectClient(site: SiteConfig): SiteConfig {
  return {
    ...site,
    policies: { ...site.policies, emailVerification: 'off' },
    apiKeys: [...site.apiKeys, { name: 'backend', key: API_KEY }],
    clients: [
      ...site.clients,
      {
        clientId: APP.clientId,
        redirectUris: [APP.redirectUri, 'myapp://cb'],
        allowedOrigins: [APP.origin],
        refreshTokenRotation: true,
      },
    ],
  };
}

export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return {
    verifier,
    challenge: createHash('sha256').update(verifier).digest('base64url'),
    state: randomBytes(32).toString('base64url'),
  };
}

/** Anything that keeps a browser's cookies between requests (sso-kit's `Browser`). */
export interface CookieBrowser {
  go(url: string, init?: RequestInit): Promise<Response>;
}

/** A hosted page loaded by {@link Kit.authorize}: its request's PKCE values, redirect session and answer. */
export interface HostedPage {
  p: ReturnType<typeof pkce>;
  id: string;
  url: string;
  res: Response;
  /** The body when the answer was a page (200), else empty. */
  html: string;
}

export class Kit {
  constructor(readonly server: TestServer) {}

  static async start(now?: () => number, site: (s: SiteConfig) => SiteConfig = (s) => s): Promise<Kit> {
    return new Kit(await startTestServer({ site: (s) => site(withRedirectClient(s)), ...(now ? { now } : {}) }));
  }

  post(path: string, body: unknown, headers: Record<string, string> = {}) {
    return fetch(`${this.server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  }

  async visitor(clientId = APP.clientId) {
    return getVisitorToken(this.server.url, clientId);
  }

  /** A new active member; returns a fresh session token for it and the visitor that registered. */
  async member(email = `m${randomBytes(5).toString('hex')}@example.com`, password = 'correct horse battery') {
    const visitor = await this.visitor();
    const res = await this.post(
      '/_api/iam/authentication/v2/register',
      { loginId: { email }, password },
      { authorization: visitor.access_token },
    );
    const body = (await res.json()) as { state: string; sessionToken: string; identity: { id: string } };
    if (body.state !== 'SUCCESS') throw new Error(`register: ${JSON.stringify(body)}`);
    return { email, password, sessionToken: body.sessionToken, memberId: body.identity.id, visitor };
  }

  async sessionToken(email: string, password: string) {
    const visitor = await this.visitor();
    const res = await this.post(
      '/_api/iam/authentication/v2/login',
      { loginId: { email }, password },
      { authorization: visitor.access_token },
    );
    return ((await res.json()) as { sessionToken: string }).sessionToken;
  }

  authRequest(p: ReturnType<typeof pkce>, extra: Record<string, unknown> = {}, prompt: string | undefined = 'login') {
    return {
      auth: {
        authRequest: {
          clientId: APP.clientId,
          redirectUri: APP.redirectUri,
          codeChallenge: p.challenge,
          codeChallengeMethod: 'S256',
          responseMode: 'fragment',
          responseType: 'code',
          scope: 'offline_access',
          state: p.state,
          ...extra,
        },
        ...(prompt !== undefined ? { prompt } : {}),
      },
    };
  }

  async redirectSession(body: unknown, token?: string) {
    const res = await this.post('/_api/redirects-api/v1/redirect-session', body, token ? { authorization: token } : {});
    return {
      res,
      body: (await res.json()) as {
        redirectSession: {
          id: string;
          fullUrl: string;
          urlDetails: { endpoint: string; searchParams: Record<string, string> };
          sessionToken?: string;
        };
      } & Record<string, unknown>,
    };
  }

  /** Loads a fullUrl without following redirects. */
  open(url: string, cookie?: string) {
    return fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  }

  /**
   * Submits the form of a hosted page loaded with {@link open} as a browser would: a urlencoded POST to
   * `url` carrying the page's `vitrine_csrf` cookie and its hidden `csrf` field, plus `fields`
   * (redirectSessionId, action and the inputs; a `csrf` among them replaces the page's). `page` is the
   * page's response and `html` its body, already read. Redirects are not followed unless asked.
   */
  submitForm(
    url: string,
    page: Response,
    html: string,
    fields: Record<string, string>,
    { redirect = 'manual' }: { redirect?: RequestRedirect } = {},
  ) {
    const cookie = page.headers
      .getSetCookie()
      .find((c) => c.startsWith('vitrine_csrf='))
      ?.split(';')[0];
    if (!cookie) throw new Error('the page set no vitrine_csrf cookie');
    const csrf = /name="csrf" value="([^"]*)"/.exec(html)?.[1];
    if (csrf === undefined) throw new Error(`no csrf field in page: ${html.slice(0, 200)}`);
    return fetch(url, {
      method: 'POST',
      redirect,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: new URLSearchParams({ csrf, ...fields }).toString(),
    });
  }

  /** Starts an authorization request with `prompt` and loads its page in `browser` (the hosted flows). */
  async authorize(browser: CookieBrowser, prompt: string, extra: Record<string, unknown> = {}): Promise<HostedPage> {
    const p = pkce();
    const { body } = await this.redirectSession(this.authRequest(p, extra, prompt));
    const url = body.redirectSession.fullUrl;
    const res = await browser.go(url);
    return { p, id: body.redirectSession.id, url, res, html: res.status === 200 ? await res.text() : '' };
  }

  /** Posts a form of `page` as its browser would: the redirect session and CSRF fields, plus `fields`. */
  postForm(browser: CookieBrowser, page: Pick<HostedPage, 'id' | 'html'>, fields: Record<string, string>) {
    const csrf = inputValue(page.html, 'csrf');
    if (csrf === undefined) throw new Error(`no csrf field in page: ${page.html.slice(0, 200)}`);
    return browser.go(`${this.server.url}/oauth2/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ redirectSessionId: page.id, csrf, ...fields }).toString(),
    });
  }

  signInWithPassword(browser: CookieBrowser, page: HostedPage, m: { email: string; password: string }) {
    return this.postForm(browser, page, { action: 'signin', email: m.email, password: m.password });
  }

  /** A software passkey enrolled for the member through the real management endpoints. */
  async enrolPasskey(memberId: string): Promise<SoftwarePasskey> {
    const { ctx } = this.server;
    const session = await ctx.db.transaction((tx) =>
      ctx.tokens.createMemberSession(tx, { siteId: this.server.siteId, clientId: APP.clientId, memberId }),
    );
    const auth = { authorization: session.accessToken };
    const options = (await (await this.post('/_api/iam/mfa/v1/passkeys/registration-options', {}, auth)).json()) as {
      challengeId: string;
      publicKeyCredentialCreationOptionsJson: string;
    };
    const passkey = new SoftwarePasskey();
    const credential = passkey.register(options.publicKeyCredentialCreationOptionsJson, { origin: this.origin });
    const added = await this.post('/_api/iam/mfa/v1/passkeys', { challengeId: options.challengeId, credential }, auth);
    if (added.status !== 200) throw new Error(`passkey enrolment: ${added.status} ${await added.text()}`);
    return passkey;
  }

  /** **Sign in with a passkey** on a sign-in page, as its script does: a challenge from the page, the assertion, the form. */
  async signInWithPasskey(browser: CookieBrowser, page: HostedPage, passkey: SoftwarePasskey) {
    const res = await this.postForm(browser, page, { action: 'passkey-options', stateToken: '' });
    if (res.status !== 200) throw new Error(`passkey options: ${res.status} ${await res.text()}`);
    const options = (await res.json()) as { challengeId: string; publicKeyCredentialRequestOptionsJson: string };
    const credential = passkey.assert(options.publicKeyCredentialRequestOptionsJson, { origin: this.origin });
    return this.postForm(browser, page, {
      action: 'passkey',
      stateToken: '',
      factor: 'WEBAUTHN',
      challengeId: options.challengeId,
      credential: JSON.stringify(credential),
      remember: '',
    });
  }

  /** The WebAuthn origin of the hosted pages: the server's public URL. */
  get origin(): string {
    return new URL(this.server.ctx.config.publicUrl).origin;
  }

  /** The member's hosted browser sessions that are still live (not revoked, not expired). */
  /** The member an authorization answer's code was issued to; throws unless the answer is a redirect with a code. */
  async memberOfCode(res: Response): Promise<string | undefined> {
    const code = fragmentOf(res.headers.get('location')).get('code');
    if (res.status !== 302 || !code || !/^[\w-]{43}$/.test(code))
      throw new Error(`expected a 302 with a code, got ${res.status} to ${res.headers.get('location')}`);
    return (await findCode(this.server.ctx.db, code))?.memberId;
  }

  async liveBrowserSessions(memberId: string): Promise<number> {
    const { rows } = await this.server.ctx.db.query<{ n: number }>(
      'select count(*)::int as n from browser_sessions where site_id = $1 and member_id = $2 and revoked_at is null and expires_at > now()',
      [this.server.siteId, memberId],
    );
    return rows[0]!.n;
  }

  exchange(body: Record<string, unknown>) {
    return this.post('/oauth2/token', { clientId: APP.clientId, grantType: 'authorization_code', ...body });
  }
}

/** The {code, state} (or error) a web_message page posts. */
export function postedMessage(html: string): Record<string, string> {
  const match = /var m=(\{.*?\}),o=/.exec(html);
  if (!match) throw new Error(`no message in page: ${html.slice(0, 200)}`);
  return JSON.parse(match[1]!) as Record<string, string>;
}

export function fragmentOf(location: string | null): URLSearchParams {
  if (!location) throw new Error('no Location header');
  return new URLSearchParams(new URL(location).hash.slice(1));
}

/** The value of a hidden (or any) input of a page, by name. */
export const inputValue = (html: string, name: string): string | undefined =>
  new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];
