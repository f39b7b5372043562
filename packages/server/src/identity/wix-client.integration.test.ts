import { createClient, OAuthStrategy } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeWixToLocal } from '../../test-support/server.js';
import { startIdentityServer, type IdentityTestServer } from '../../test-support/identity-server.js';

/**
 * The unmodified @wix/sdk OAuthStrategy against our identity endpoints (docs/wire-format.md §12: the Wix
 * hosts are rewritten to the local server in global fetch). Proves the state machine and the error
 * codes map to the client's loginState / errorCode as §6.3 and §8.3 describe.
 */
let server: IdentityTestServer;
let routing: ReturnType<typeof routeWixToLocal>;
let realFetch: typeof fetch;
beforeAll(async () => {
  server = await startIdentityServer({
    site: (s) => ({
      ...s,
      policies: { ...s.policies, emailVerification: 'required', memberApproval: 'auto', captcha: 'off' },
    }),
  });
  routing = routeWixToLocal(server.url);
  realFetch = routing.realFetch;
});
afterAll(async () => {
  routing?.restore();
  await server.close();
});

const unique = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;

describe('@wix/sdk OAuthStrategy against the identity endpoints', () => {
  it('register → EMAIL_VERIFICATION_REQUIRED → processVerification → SUCCESS; error codes map', async () => {
    const client = createClient({ auth: OAuthStrategy({ clientId: server.clientId }) });
    const email = unique('wix');
    const reg = await client.auth.register({
      email,
      password: 'correct horse battery',
      profile: { nickname: 'wixer' },
    });
    expect(reg.loginState).toBe('EMAIL_VERIFICATION_REQUIRED');

    const mail = await (await realFetch(`${server.url}/_dev/mail.json?to=${encodeURIComponent(email)}`)).json();
    const code = /\b(\d{6})\b/.exec(mail.messages[0].text)![1]!;
    const verified = await client.auth.processVerification({ verificationCode: code });
    expect(verified.loginState).toBe('SUCCESS');
    expect((verified as { data: { sessionToken: string } }).data.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const again = await client.auth.register({ email, password: 'correct horse battery' });
    expect(again).toMatchObject({ loginState: 'FAILURE', errorCode: 'emailAlreadyExists' });
    const badEmail = await client.auth.register({ email: 'not-an-email', password: 'correct horse battery' });
    expect(badEmail).toMatchObject({ loginState: 'FAILURE', errorCode: 'invalidEmail' });

    const wrong = await client.auth.login({ email, password: 'wrong password' });
    expect(wrong).toMatchObject({ loginState: 'FAILURE', errorCode: 'invalidPassword' });
    const ok = await client.auth.login({ email: email.toUpperCase(), password: 'correct horse battery' });
    expect(ok.loginState).toBe('SUCCESS');

    await client.auth.sendPasswordResetEmail(email, `${server.url}/callback`);
    const after = await (await realFetch(`${server.url}/_dev/mail.json?to=${encodeURIComponent(email)}`)).json();
    expect(after.messages[0].text).toContain('/reset-password?token=');
  });
});
