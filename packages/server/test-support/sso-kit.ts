import * as oidc from 'openid-client';
import type { SiteConfig } from '../src/config/types.js';
import { fragmentOf, Kit, pkce, withRedirectClient } from './redirect-kit.js';
import { startTestServer, withLoopbackPeers, type TestServerOptions } from './server.js';
import { exportJWK, generateKeyPair } from 'jose';
import { startTestProvider, type TestAccount, type TestProvider, type TestProviderOptions } from './oidc-provider.js';

/** A browser's cookies, by host (as browsers keep them: the port does not separate them). */
export class Browser {
  private jar = new Map<string, Map<string, string>>();

  async go(url: string, init: RequestInit = {}): Promise<Response> {
    const host = new URL(url).hostname;
    const cookies = this.jar.get(host) ?? new Map<string, string>();
    const header = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), ...(header ? { cookie: header } : {}) },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (attrs.some((a) => /max-age=0$/i.test(a.trim()) || /expires=thu, 01 jan 1970/i.test(a.trim())) || value === '')
        cookies.delete(name);
      else cookies.set(name, value);
    }
    this.jar.set(host, cookies);
    return response;
  }
}

export interface SsoKit {
  kit: Kit;
  provider: TestProvider;
  close(): Promise<void>;
}

export const IDP = { id: 'testidp', name: 'Test IdP' };

/** A Vitrine test server whose site offers the local provider (and one whose issuer does not answer). */
export async function startSso(
  options: {
    site?: (site: SiteConfig) => SiteConfig;
    now?: () => number;
    provider?: TestProviderOptions;
    config?: TestServerOptions['config'];
    routes?: TestServerOptions['routes'];
  } = {},
): Promise<SsoKit> {
  const listening = await startTestProvider(options.provider);
  const provider = {
    issuer: listening.issuer,
    clientId: 'vitrine',
    clientSecret: 'test-provider-secret-0123456789abcdef',
  };
  const server = await startTestServer({
    now: options.now,
    // The test provider listens on 127.0.0.1: reachable only with the operator's switch.
    config: (c) => (options.config ?? ((x) => x))(withLoopbackPeers(c)),
    routes: options.routes,
    site: (site) => {
      const base = withRedirectClient(site);
      const withIdps: SiteConfig = {
        ...base,
        policies: { ...base.policies, emailVerification: 'required' },
        identityProviders: [
          {
            id: IDP.id,
            type: 'oidc',
            name: IDP.name,
            issuer: provider.issuer,
            clientId: provider.clientId,
            clientSecret: provider.clientSecret,
            scopes: ['openid', 'email', 'profile'],
            linkByVerifiedEmail: true,
            responseMode: 'query',
          },
          {
            id: 'downidp',
            type: 'oidc',
            name: 'Down IdP',
            issuer: 'http://127.0.0.1:9/down',
            clientId: 'x',
            clientSecret: 'y',
            scopes: ['openid', 'email'],
            linkByVerifiedEmail: false,
            responseMode: 'query',
          },
        ],
      };
      return options.site ? options.site(withIdps) : withIdps;
    },
  });
  const ready = listening.ready([`${server.url}/_api/iam/authentication/v1/sso/callback`]);
  return {
    kit: new Kit(server),
    provider: ready,
    close: async () => {
      await server.close();
      await ready.close();
    },
  };
}

export function account(provider: TestProvider, claims: TestAccount): string {
  const id = `acct-${Math.random().toString(36).slice(2, 10)}`;
  provider.accounts.set(id, claims);
  return id;
}

/** Shop → redirect session → hosted page → "Continue with" → the provider's login → back at Vitrine's callback (not yet opened). */
export async function toCallback(sso: SsoKit, browser: Browser, accountId: string, idp = IDP.id) {
  const { kit } = sso;
  const p = pkce();
  const visitor = await kit.visitor();
  const { body } = await kit.redirectSession(kit.authRequest(p), visitor.access_token);
  const hosted = await browser.go(body.redirectSession.fullUrl);
  const html = await hosted.text();
  const hrefs = [...html.matchAll(/<a class="sso-button" href="([^"]+)">Continue with [^<]+<\/a>/g)].map((m) =>
    m[1]!.replace(/&#38;/g, '&'),
  );
  const href = hrefs.find((h) => h.includes(`/${idp}?`));
  if (!href) throw new Error(`no Continue with button for ${idp}`);
  const start = await browser.go(`${kit.server.url}${href}`);
  if (start.status !== 302)
    return { p, visitor, redirectSessionId: body.redirectSession.id, start, callback: undefined };
  const atProvider = await browser.go(start.headers.get('location')!);
  const interaction = new URL(atProvider.headers.get('location')!, sso.provider.issuer).href;
  const loggedIn = await browser.go(interaction, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `login=${accountId}`,
  });
  const resumed = await browser.go(new URL(loggedIn.headers.get('location')!, sso.provider.issuer).href);
  const callback = resumed.headers.get('location');
  if (!callback?.startsWith(kit.server.url))
    throw new Error(`the provider did not send the browser back: ${resumed.status} ${await resumed.text()}`);
  return { p, visitor, redirectSessionId: body.redirectSession.id, start, callback };
}

/**
 * How a suite gets the shopper for a sign-in that must succeed with login-with-token-params. A provider with
 * claims in its ID tokens introduces a new shopper there; on oidc-provider's defaults the ID token carries no
 * email, so only a shopper the site already knows signs in that way: one who signed in once through the
 * browser callback, where Vitrine reads the email from UserInfo.
 */
export async function tokenShopper(
  sso: SsoKit,
  claims: TestAccount,
  { claimsInIdToken, idp = IDP.id }: { claimsInIdToken: boolean; idp?: string },
): Promise<string> {
  const id = account(sso.provider, claims);
  if (!claimsInIdToken) await signInThroughBrowser(sso, id, idp);
  return id;
}

/** `accountId` signs in once through the hosted page and the browser callback, to the code for the shop. */
export async function signInThroughBrowser(sso: SsoKit, accountId: string, idp = IDP.id): Promise<void> {
  const browser = new Browser();
  const done = await browser.go((await toCallback(sso, browser, accountId, idp)).callback!);
  if (!fragmentOf(done.headers.get('location')).get('code'))
    throw new Error(`the browser sign-in did not end with a code: ${done.status} ${await done.text()}`);
}

/** A nonce Vitrine issues for login-with-token-params (POST /v1/sso/nonce), as a native app asks for one. */
export async function serverNonce(sso: SsoKit, idpConnectionId = IDP.id): Promise<string> {
  const visitor = (await sso.kit.visitor()).access_token;
  const res = await sso.kit.post(
    '/_api/iam/authentication/v1/sso/nonce',
    { idpConnectionId },
    { authorization: visitor },
  );
  if (res.status !== 200) throw new Error(`no nonce: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { nonce: string }).nonce;
}

/**
 * An ID token the provider issues to `clientId` for `accountId` (what a native app would hold). It carries
 * a nonce Vitrine issued for `idp` unless `nonce` names another one (null: none), as a native app asks.
 */
export async function idTokenFrom(
  sso: SsoKit,
  accountId: string,
  options: { clientId?: string; nonce?: string | null; provider?: TestProvider; idp?: string } = {},
): Promise<string> {
  const provider = options.provider ?? sso.provider;
  const nonce = options.nonce === undefined ? await serverNonce(sso, options.idp) : (options.nonce ?? undefined);
  const config = await oidc.discovery(
    new URL(provider.issuer),
    options.clientId ?? provider.clientId,
    provider.clientSecret,
    undefined,
    { execute: [oidc.allowInsecureRequests] },
  );
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const redirect = `${sso.kit.server.url}/_api/iam/authentication/v1/sso/callback`;
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirect,
    scope: 'openid email profile',
    state,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...(nonce ? { nonce } : {}),
  });
  const browser = new Browser();
  const first = await browser.go(url.href);
  const interaction = new URL(first.headers.get('location')!, provider.issuer).href;
  const loggedIn = await browser.go(interaction, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `login=${accountId}`,
  });
  const resumed = await browser.go(new URL(loggedIn.headers.get('location')!, provider.issuer).href);
  const tokens = await oidc.authorizationCodeGrant(config, new URL(resumed.headers.get('location')!), {
    pkceCodeVerifier: verifier,
    expectedState: state,
    ...(nonce ? { expectedNonce: nonce } : {}),
    idTokenExpected: true,
  });
  return tokens.id_token!;
}

/** One RS256 signing key as oidc-provider takes it, so that two local providers can sign alike. */
export async function signingKeys(): Promise<{ keys: Record<string, unknown>[] }> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { keys: [{ ...(await exportJWK(privateKey)), kid: 'shared-test-key', alg: 'RS256', use: 'sig' }] };
}

/** Another provider (its own issuer) whose clients send browsers back to the same Vitrine server. */
export async function anotherProvider(sso: SsoKit, options: TestProviderOptions = {}): Promise<TestProvider> {
  const listening = await startTestProvider(options);
  return listening.ready([`${sso.kit.server.url}/_api/iam/authentication/v1/sso/callback`]);
}
