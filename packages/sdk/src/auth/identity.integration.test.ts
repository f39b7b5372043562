/** Register, verify, login and recovery against a real @vitrine/server (demo site: verification required). */
import { startTestServer } from '@vitrine/server/test-support';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { OAuthStrategy } from './oauth-strategy.js';

let server: { url: string; clientId: string; close(): Promise<void> };
// The server's clock, moved forward past the verification-code resend cooldown.
let offsetMs = 0;
beforeAll(async () => {
  server = await startTestServer({ now: () => Date.now() + offsetMs });
});
afterAll(() => server?.close());

const strategy = () => OAuthStrategy({ clientId: server.clientId, baseUrl: server.url });
let n = 0;
const newEmail = () => `sdk-${Date.now()}-${++n}@example.test`;

/** The newest dev-mailbox message to `to` (mail delivery is asynchronous). */
async function latestMail(to: string, after = 0): Promise<{ text: string }> {
  return vi.waitFor(
    async () => {
      const res = await fetch(`${server.url}/_dev/mail.json?to=${encodeURIComponent(to)}`);
      const { messages } = (await res.json()) as { messages: { text: string }[] };
      if (messages.length <= after) throw new Error('no mail yet');
      return messages[0]!;
    },
    { timeout: 5000, interval: 50 },
  );
}
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)![1]!;

describe('identity against @vitrine/server', () => {
  it('register → verification code (resent) → SUCCESS; then login maps failures', async () => {
    const auth = strategy();
    const email = newEmail();
    const real = globalThis.fetch;
    const seen: Headers[] = [];
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      if (String(input).includes('/register')) seen.push(new Headers(init?.headers));
      return real(input, init);
    });
    let registered;
    try {
      registered = await auth.register({ email, password: 'correct horse battery', profile: { firstName: 'Ada' } });
    } finally {
      spy.mockRestore();
    }
    expect(registered.loginState).toBe('EMAIL_VERIFICATION_REQUIRED');
    // The server's state token: 256 random bits, base64url.
    expect(registered.data?.stateToken).toMatch(/^[\w-]{43}$/);
    // The visitor's token went along so the server can link visitor → member.
    expect(seen[0]!.get('authorization')).toBe(auth.getTokens().accessToken.value);
    expect(auth.getTokens().refreshToken.role).toBe('visitor');

    await latestMail(email);
    await expect(auth.resendVerificationCode()).rejects.toMatchObject({ name: 'ApplicationError', status: 429 });
    offsetMs += 61_000;
    await auth.resendVerificationCode();
    const code = codeIn((await latestMail(email, 1)).text);
    expect(await auth.processVerification({ verificationCode: '000000' === code ? '111111' : '000000' })).toMatchObject(
      {
        loginState: 'FAILURE',
      },
    );
    const verified = await auth.processVerification({ verificationCode: code });
    expect(verified.loginState).toBe('SUCCESS');
    // A one-time session token: 256 random bits, base64url.
    expect(verified.data?.sessionToken).toMatch(/^[\w-]{43}$/);

    const again = strategy();
    expect(await again.register({ email, password: 'another password 1' })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'emailAlreadyExists',
    });
    expect(await again.login({ email, password: 'wrong password 123' })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'invalidPassword',
    });
    const ok = await again.login({ email, password: 'correct horse battery' });
    expect(ok.loginState).toBe('SUCCESS');
    expect(ok.data?.sessionToken).toMatch(/^[\w-]{43}$/);
  });

  it('maps an invalid email on register to invalidEmail with the server description', async () => {
    const result = await strategy().register({ email: 'not-an-email', password: 'correct horse battery' });
    expect(result.loginState).toBe('FAILURE');
    expect(result.errorCode).toBe('invalidEmail');
    expect(result.error).toBe('must be a valid email');
  });

  it('sends a password reset email', async () => {
    const auth = strategy();
    const email = newEmail();
    await auth.register({ email, password: 'correct horse battery' });
    const before = (await latestMail(email)) && 1;
    await expect(auth.sendPasswordResetEmail(email, `${server.url}/reset`)).resolves.toBeUndefined();
    const mail = await latestMail(email, before);
    expect(mail.text).toMatch(/https?:\/\//);
  });
});
