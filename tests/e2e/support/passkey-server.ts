import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { type Page } from 'playwright-core';
import { expect } from 'vitest';
import { getVisitorToken, startTestServer, type TestServer } from '@vitrine/server/test-support';
import { createPasskeyInPage } from './browser.js';

/** The blank same-origin page the passkey suites run their WebAuthn ceremonies in. */
export const BLANK_PAGE = '/passkey-page';

/**
 * A test server where anyone may register and sign in at once (no email check, approval or captcha),
 * with a blank page at {@link BLANK_PAGE}. `origin` is its URL on `localhost`, made the public URL:
 * WebAuthn refuses IP addresses as relying-party ids.
 */
export async function startPasskeyServer(): Promise<{ server: TestServer; origin: string }> {
  const server = await startTestServer({
    site: (s) => ({
      ...s,
      policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto', captcha: 'off' },
    }),
    routes: (app) =>
      app.get(BLANK_PAGE, (_request, reply) =>
        reply.type('text/html; charset=utf-8').send('<!doctype html><title>passkeys</title><h1>passkeys</h1>'),
      ),
  });
  const origin = server.url.replace('127.0.0.1', 'localhost');
  server.ctx.config.publicUrl = origin;
  return { server, origin };
}

/** A JSON POST to the API with `token` as its authorization, answering the parsed body. */
export async function postJson(
  server: TestServer,
  path: string,
  token: string,
  body: unknown,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ status: number; body: Record<string, any> }> {
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * A registered member whose second factors are a passkey made by `page`'s virtual authenticator and,
 * with `withTotp`, an authenticator app first.
 */
export async function memberWithPasskey(
  server: TestServer,
  page: Page,
  origin: string,
  { password, withTotp = false }: { password: string; withTotp?: boolean },
): Promise<{ email: string; credentialId: string }> {
  const email = `pk-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const reg = await postJson(
    server,
    '/_api/iam/authentication/v2/register',
    (await getVisitorToken(server.url, server.clientId)).access_token,
    { loginId: { email }, password },
  );
  const session = await server.ctx.db.transaction((tx) =>
    server.ctx.tokens.createMemberSession(tx, {
      siteId: server.siteId,
      clientId: server.clientId,
      memberId: reg.body.identity.id,
    }),
  );
  if (withTotp) {
    const totp = (await postJson(server, '/_api/iam/mfa/v1/factors', session.accessToken, { factorType: 'TOTP' })).body;
    const code = new TOTP({ secret: Secret.fromBase32(totp.totp.secret) }).generate();
    expect(
      (
        await postJson(server, `/_api/iam/mfa/v1/factors/${totp.factor.factorId}/activate`, session.accessToken, {
          code,
        })
      ).body.factor.status,
    ).toBe('ACTIVE');
  }
  const options = (await postJson(server, '/_api/iam/mfa/v1/passkeys/registration-options', session.accessToken, {}))
    .body;
  await page.goto(origin + BLANK_PAGE);
  const credential = await createPasskeyInPage(page, options.publicKeyCredentialCreationOptionsJson as string);
  const added = await postJson(server, '/_api/iam/mfa/v1/passkeys', session.accessToken, {
    challengeId: options.challengeId,
    credential,
    name: 'Test passkey',
  });
  expect(added.body.factor.status).toBe('ACTIVE');
  return { email, credentialId: credential.id };
}

/** The shop's hosted sign-in URL: a redirect session for the demo client, answered at `${origin}/callback`. */
export async function hostedSignInUrl(server: TestServer, origin: string): Promise<string> {
  const verifier = randomBytes(32).toString('base64url');
  const body = {
    auth: {
      authRequest: {
        clientId: server.clientId,
        redirectUri: `${origin}/callback`,
        codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
        codeChallengeMethod: 'S256',
        responseMode: 'query',
        responseType: 'code',
        scope: 'offline_access',
        state: randomBytes(16).toString('base64url'),
      },
      prompt: 'login',
    },
  };
  const session = await postJson(
    server,
    '/_api/redirects-api/v1/redirect-session',
    (await getVisitorToken(server.url, server.clientId)).access_token,
    body,
  );
  return session.body.redirectSession.fullUrl as string;
}

/** Email and password on the hosted sign-in page at `url`, up to its second step. */
export async function passwordToSecondStep(page: Page, url: string, email: string, password: string): Promise<void> {
  await page.context().clearCookies();
  await page.goto(url);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
}
