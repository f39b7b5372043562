/** `@vitrine/sdk` with phone second factors (issue #32) against a real @vitrine/server and its dev phone. */
import { freshNumber, memberSessionByEmail, withDevPhone } from '@vitrine/server/test-support';
import { describe, expect, it } from 'vitest';
import { useMfaTestServer } from '../../test-support/mfa-server.js';
import { OAuthStrategy } from '../auth/oauth-strategy.js';
import { ApplicationError, ValidationError } from '../http/errors.js';
import { factorsOf } from './index.js';

const mfa = useMfaTestServer(withDevPhone);
const PASSWORD = 'sdk phone factor 3';

async function lastCode(to: string): Promise<string> {
  const res = await fetch(`${mfa.server.url}/_dev/phone.json?to=${encodeURIComponent(to)}`);
  const { messages } = (await res.json()) as { messages: { text: string }[] };
  const text = messages[0]?.text ?? '';
  return /#(\d{6})$/.exec(text)?.[1] ?? /(\d), (\d), (\d), (\d), (\d), (\d)\./.exec(text)!.slice(1, 7).join('');
}

async function signedIn() {
  const email = `sdk-phone-${Math.random().toString(36).slice(2, 10)}@example.test`;
  expect((await mfa.strategy().register({ email, password: PASSWORD })).loginState).toBe('SUCCESS');
  const session = await memberSessionByEmail(mfa.server, email);
  const auth = OAuthStrategy({
    clientId: mfa.server.clientId,
    baseUrl: mfa.server.url,
    tokens: {
      accessToken: { value: session.accessToken, expiresAt: Math.floor(Date.now() / 1000) + 3000 },
      refreshToken: { value: session.refreshToken, role: 'member' },
    },
  });
  return { email, factors: factorsOf(auth) };
}

describe('@vitrine/sdk and phone factors', () => {
  it('factors.addPhone + activate; verifyFactor SMS without a code texts one (WhatsApp too), with it → SUCCESS', async () => {
    const { email, factors } = await signedIn();
    const number = freshNumber();
    await expect(factors.addPhone('0612345678')).rejects.toBeInstanceOf(ValidationError);
    const added = await factors.addPhone(number, { deliveryMethod: 'WHATSAPP' });
    const masked = `+33 •• •• •• ${number.slice(-2)}`;
    expect(added).toMatchObject({ factor: { factorType: 'SMS', status: 'INACTIVE', phoneNumber: masked } });
    const activated = await factors.activate(added.factor.factorId, await lastCode(number));
    expect(activated.factor).toMatchObject({ status: 'ACTIVE', phoneNumber: masked });

    const auth = mfa.strategy();
    const login = await auth.login({ email, password: PASSWORD });
    expect(login.loginState).toBe('MFA_REQUIRED');
    expect(login.data?.factors?.map((f) => f.factorType)).toEqual(['SMS', 'CALL', 'RECOVERY_CODE']);
    const sent = await auth.verifyFactor({ factorType: 'SMS', deliveryMethod: 'WHATSAPP' });
    expect(sent.data?.challenge).toMatchObject({ factorType: 'SMS', verificationChallengeData: { hint: masked } });
    // Asking again at once: the resend wait, a clear error.
    const again = await auth.verifyFactor({ factorType: 'SMS', deliveryMethod: 'WHATSAPP' });
    expect(again).toMatchObject({ loginState: 'FAILURE' });
    const ok = await auth.verifyFactor({ factorType: 'sms', code: await lastCode(number) }, login);
    expect(ok).toMatchObject({ loginState: 'SUCCESS', data: { sessionToken: expect.any(String) } });
  });

  it('a CALL factor; a second phone of the same kind is refused', async () => {
    const { email, factors } = await signedIn();
    const number = freshNumber();
    const added = await factors.addPhone(number, { type: 'CALL' });
    await factors.activate(added.factor.factorId, await lastCode(number));
    mfa.advance(61_000);
    await expect(factors.addPhone(freshNumber(), { type: 'CALL' })).rejects.toBeInstanceOf(ApplicationError);
    const auth = mfa.strategy();
    const login = await auth.login({ email, password: PASSWORD });
    await auth.verifyFactor({ factorType: 'CALL' });
    const ok = await auth.verifyFactor({ factorType: 'CALL', code: await lastCode(number) }, login);
    expect(ok.loginState).toBe('SUCCESS');
  });
});
