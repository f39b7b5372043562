/**
 * Second factors and provider sign-in through the BUILT storefront in real headless Chromium (issues
 * #14, #15): the sign-in's second step with an authenticator-app code (RFC 6238 by `otpauth`) and
 * Remember this device; an emailed code and a recovery code; a passkey added in Account → Security with Chromium's virtual authenticator,
 * then used as the second factor and password-free; "Continue with" a real local OpenID Connect
 * provider, landing signed in with the cart; connecting and disconnecting the provider from Account → Sign-in methods.
 */
import { Secret, TOTP } from 'otpauth';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtApps } from './support/apps.js';
import {
  getVisitorToken,
  startTestProvider,
  startTestServer,
  withLoopbackPeers,
  type TestProvider,
  type TestServer,
} from '@vitrine/server/test-support';
import { addToCart } from './support/storefront.js';
import { launchChromium } from './support/browser.js';
import { expectConsoleMessage } from './support/console-guard.js';

const PASSWORD = 'storefront second factor 8';
const IDP = { id: 'testidp', name: 'Test IdP' };
let browser: Browser;
let server: TestServer;
let provider: TestProvider;
let origin: string;

beforeAll(async () => {
  const listening = await startTestProvider();
  // The local provider's client secret (test-support/oidc-provider.ts).
  const secret = 'test-provider-secret-0123456789abcdef';
  server = await startTestServer({
    // The provider listens on 127.0.0.1: only the operator's switch lets the server's requests reach it.
    config: (c) => ({ ...withLoopbackPeers(c), storefrontDir: builtApps().storefront }),
    site: (s) => ({
      ...s,
      policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto', captcha: 'off' },
      identityProviders: [
        {
          id: IDP.id,
          type: 'oidc',
          name: IDP.name,
          issuer: listening.issuer,
          clientId: 'vitrine',
          clientSecret: secret,
          scopes: ['openid', 'email', 'profile'],
          linkByVerifiedEmail: true,
          responseMode: 'query',
        },
      ],
    }),
  });
  // WebAuthn refuses IP addresses as relying-party ids: the shop runs on localhost (the demo client allows it).
  origin = server.url.replace('127.0.0.1', 'localhost');
  server.ctx.config.publicUrl = origin;
  provider = listening.ready([`${origin}/_api/iam/authentication/v1/sso/callback`]);
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await provider?.close();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1024, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return page;
}

async function api(path: string, token: string, body: unknown) {
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** A registered member (password only). */
async function member(tag: string) {
  const email = `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const reg = await api(
    '/_api/iam/authentication/v2/register',
    (await getVisitorToken(server.url, server.clientId)).access_token,
    { loginId: { email }, password: PASSWORD },
  );
  expect(reg.state).toBe('SUCCESS');
  return { email, memberId: reg.identity.id as string };
}

const totpCode = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

async function signIn(page: Page, email: string) {
  await page.goto(`${origin}/sign-in`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('link', { name: 'Sign in' }).waitFor();
}

describe('storefront second factors in Chromium', () => {
  it('asks for the authenticator-app code after the password; Remember this device skips the step next time', async () => {
    const m = await member('totp');
    const session = await server.ctx.db.transaction((tx) =>
      server.ctx.tokens.createMemberSession(tx, {
        siteId: server.siteId,
        clientId: server.clientId,
        memberId: m.memberId,
      }),
    );
    const added = await api('/_api/iam/mfa/v1/factors', session.accessToken, { factorType: 'TOTP' });
    expect(
      (
        await api(`/_api/iam/mfa/v1/factors/${added.factor.factorId}/activate`, session.accessToken, {
          code: totpCode(added.totp.secret),
        })
      ).factor.status,
    ).toBe('ACTIVE');

    const page = await newPage();
    await signIn(page, m.email);
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    // The activation spent this 30 s step's code: the next step's code is inside the ±1 step window.
    await page.getByLabel('Authentication code').fill(totpCode(added.totp.secret, Date.now() + 30_000));
    await page.getByLabel('Remember this device').check();
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    await signOut(page);
    await signIn(page, m.email);
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    expect(new URL(page.url()).pathname).not.toContain('second-step');
    await page.context().close();
  });

  it('mails a code on Email me a code, and takes a recovery code once', async () => {
    const m = await member('email');
    await server.ctx.db.query('update members set email_verified = true where id = $1', [m.memberId]);
    const session = await server.ctx.db.transaction((tx) =>
      server.ctx.tokens.createMemberSession(tx, {
        siteId: server.siteId,
        clientId: server.clientId,
        memberId: m.memberId,
      }),
    );
    const added = await api('/_api/iam/mfa/v1/factors', session.accessToken, { factorType: 'EMAIL' });
    expect(added.factor.status).toBe('ACTIVE');
    const recoveryCodes = added.recoveryCodes as string[];

    const page = await newPage();
    await signIn(page, m.email);
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await page.getByText('We emailed you a code').waitFor();
    const mail = (await (await fetch(`${server.url}/_dev/mail.json?to=${encodeURIComponent(m.email)}`)).json()) as {
      messages: { text: string }[];
    };
    const code = /\b(\d{6})\b/.exec(mail.messages[0]!.text)![1]!;
    await page.getByLabel('Authentication code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();

    await signOut(page);
    await signIn(page, m.email);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.context().close();
  });

  it('adds a passkey in Account → Security, then uses it as the second factor and to sign in without a password', async () => {
    const m = await member('passkey');
    const page = await newPage();
    await signIn(page, m.email);
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.goto(`${origin}/account/security`);
    await page.getByRole('heading', { name: 'Security', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByRole('heading', { name: 'Your recovery codes' }).waitFor();
    expect(await page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem').count()).toBe(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByRole('button', { name: /^Remove .*Chrome/ }).waitFor();

    await signOut(page);
    await signIn(page, m.email);
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();

    await signOut(page);
    await page.goto(`${origin}/sign-in`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.context().close();
  });
});

describe('storefront passkeys in a browser without the WebAuthn JSON helpers (older Chromium, Safari < 17)', () => {
  it('the SDK converts the options and the credential itself: add a passkey, use it as the second step, sign in with it', async () => {
    const m = await member('old-browser');
    const page = await newPage();
    // Before any page script: no parse*OptionsFromJSON, no toJSON; every ceremony is recorded.
    await page.addInitScript(() => {
      const pkc = PublicKeyCredential as unknown as Record<string, unknown>;
      delete pkc.parseCreationOptionsFromJSON;
      delete pkc.parseRequestOptionsFromJSON;
      delete (PublicKeyCredential.prototype as unknown as Record<string, unknown>).toJSON;
      const seen: string[] = ((window as unknown as { ceremonies: string[] }).ceremonies = []);
      for (const kind of ['create', 'get'] as const) {
        const original = navigator.credentials[kind].bind(navigator.credentials);
        navigator.credentials[kind] = async (options?: CredentialCreationOptions & CredentialRequestOptions) => {
          const challenge = (options?.publicKey as { challenge?: unknown } | undefined)?.challenge;
          const result = await original(options);
          seen.push(
            `${kind}:${challenge instanceof Uint8Array ? 'bytes' : typeof challenge}:${typeof (result as { toJSON?: unknown } | null)?.toJSON}`,
          );
          return result;
        };
      }
    });
    const ceremonies = () => page.evaluate(() => (window as unknown as { ceremonies: string[] }).ceremonies);
    await signIn(page, m.email);
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.goto(`${origin}/account/security`);
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByRole('heading', { name: 'Your recovery codes' }).waitFor();
    expect(await ceremonies()).toEqual(['create:bytes:undefined']);
    await page.getByRole('button', { name: 'I have saved them' }).click();

    await signOut(page);
    await signIn(page, m.email);
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    expect(await ceremonies()).toEqual(['get:bytes:undefined']);

    await signOut(page);
    await page.goto(`${origin}/sign-in`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    expect(await ceremonies()).toEqual(['get:bytes:undefined']);
    const { rows } = await server.ctx.db.query<{ sign_count: string }>(
      "select sign_count from mfa_factors where member_id = $1 and factor_type = 'WEBAUTHN'",
      [m.memberId],
    );
    expect(Number(rows[0]!.sign_count)).toBeGreaterThan(1);
    await page.context().close();
  });
});

/** The provider's own login form (the local OpenID Connect provider's "Account" field). */
async function atProvider(page: Page, accountId: string) {
  // Exact: until the browser has left the shop, its "Account sections" nav would match a bare "Account".
  await page.getByLabel('Account', { exact: true }).fill(accountId);
  await page.getByRole('button', { name: 'Sign in at provider' }).click();
}

describe('storefront sign-in with an identity provider in Chromium', () => {
  it('Continue with Test IdP → the provider’s login → back signed in, the cart followed; Sign-in methods shows it connected and refuses to disconnect the only way in', async () => {
    const accountId = `acct-${Math.random().toString(36).slice(2, 10)}`;
    provider.accounts.set(accountId, { email: `${accountId}@example.com`, email_verified: true });
    const page = await newPage();
    await page.goto(origin);
    await addToCart(page);
    await page.getByRole('link', { name: 'Cart, 1 item' }).waitFor();
    await page.goto(`${origin}/sign-in`);
    await page.getByRole('button', { name: `Continue with ${IDP.name}` }).click();
    await atProvider(page, accountId);
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.getByRole('link', { name: 'Cart, 1 item' }).waitFor();

    await page.goto(`${origin}/account/sign-in-methods`);
    await page.getByText(`${IDP.name} — Connected`).waitFor();
    // The provider is this member's only way in: Disconnect is refused (409, which Chromium logs) and explained, the
    // connection stays.
    expectConsoleMessage(page, {
      text: /status of 409/,
      url: /\/_api\/iam\/authentication\/v1\/sso\/connections\/testidp$/,
    });
    await page.getByRole('button', { name: `Disconnect ${IDP.name}` }).click();
    await page.getByText('This is your only way to sign in.', { exact: false }).waitFor();
    await page.reload();
    await page.getByText(`${IDP.name} — Connected`).waitFor();
    const { rows } = await server.ctx.db.query('select 1 from sso_identities where subject = $1', [accountId]);
    expect(rows).toHaveLength(1);
    await page.context().close();
  });

  it('connects the provider to a password account from Account → Sign-in methods, then disconnects it there', async () => {
    const m = await member('connect');
    const accountId = `acct-${Math.random().toString(36).slice(2, 10)}`;
    provider.accounts.set(accountId, { email: `elsewhere-${accountId}@example.com`, email_verified: false });
    const page = await newPage();
    await signIn(page, m.email);
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.goto(`${origin}/account/sign-in-methods`);
    await page.getByRole('button', { name: `Connect ${IDP.name}` }).click();
    await atProvider(page, accountId);
    await page.getByText(`${IDP.name} is connected`).waitFor();
    await page.getByRole('button', { name: `Disconnect ${IDP.name}` }).waitFor();
    const { rows } = await server.ctx.db.query<{ member_id: string }>(
      'select member_id from sso_identities where subject = $1',
      [accountId],
    );
    expect(rows).toEqual([{ member_id: m.memberId }]);

    // The password remains, so Disconnect goes through; after a reload the server still says so.
    await page.getByRole('button', { name: `Disconnect ${IDP.name}` }).click();
    await page.getByText(`${IDP.name} is disconnected.`).waitFor();
    await page.getByText(`${IDP.name} — Not connected`).waitFor();
    expect(
      (await server.ctx.db.query('select 1 from sso_identities where subject = $1', [accountId])).rows,
    ).toHaveLength(0);
    await page.reload();
    await page.getByRole('button', { name: `Connect ${IDP.name}` }).waitFor();
    await page.getByText(`${IDP.name} — Not connected`).waitFor();
    await page.context().close();
  });
});
