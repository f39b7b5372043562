/**
 * Phone second factors (issue #32) through the React hooks: useFactors().addPhone + activate, then
 * useSecondStep().sendPhoneCode and verifyCode with the texted code, against a real @vitrine/server and
 * its dev phone (the hidden sign-in frame replaced by its HTTP equivalent; ../test-support/real-server.ts).
 */
import '../test-support/real-server.js';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createClient, OAuthStrategy, type Tokens } from '@vitrine/sdk';
import {
  APP,
  freshNumber,
  memberSessionByEmail,
  startTestServer,
  withDevPhone,
  type TestServer,
} from '@vitrine/server/test-support';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { httpSilentLogin } from '../test-support/real-server.js';
import { useAuthActions, useSession } from './hooks.js';
import { useFactors, useSecondStep, type FactorsResult, type SecondStep } from './mfa.js';
import { VitrineProvider } from './provider.js';

const PASSWORD = 'react phone password 4';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    site: (s) =>
      withDevPhone({
        ...s,
        policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto', captcha: 'off' },
      }),
  });
}, 60_000);
afterAll(() => server?.close());
afterEach(() => {
  cleanup();
  localStorage.clear();
});

async function lastCode(to: string): Promise<string> {
  const res = await fetch(`${server.url}/_dev/phone.json?to=${encodeURIComponent(to)}`);
  const { messages } = (await res.json()) as { messages: { text: string }[] };
  return /#(\d{6})$/.exec(messages[0]?.text ?? '')![1]!;
}

function mount(tokens: Tokens | undefined, probe: () => React.ReactNode) {
  const client = httpSilentLogin(
    createClient({
      auth: OAuthStrategy({ clientId: server.clientId, baseUrl: server.url, ...(tokens ? { tokens } : {}) }),
    }),
  );
  function Probe() {
    return <>{probe()}</>;
  }
  render(
    <VitrineProvider client={client} apiBaseUrl={server.url} redirectUri={APP.redirectUri} navigate={() => undefined}>
      <Probe />
    </VitrineProvider>,
  );
}

describe('phone factors through the hooks', () => {
  it('add a phone, confirm it, then sign in with a texted code', async () => {
    const email = `react-phone-${Math.random().toString(36).slice(2, 10)}@example.test`;
    expect(
      (await OAuthStrategy({ clientId: server.clientId, baseUrl: server.url }).register({ email, password: PASSWORD }))
        .loginState,
    ).toBe('SUCCESS');
    const session = await memberSessionByEmail(server, email);
    const number = freshNumber();
    const masked = `+33 •• •• •• ${number.slice(-2)}`;
    let factors: FactorsResult | undefined;
    mount(
      {
        accessToken: { value: session.accessToken, expiresAt: Math.floor(Date.now() / 1000) + 3000 },
        refreshToken: { value: session.refreshToken, role: 'member' },
      },
      () => {
        factors = useFactors();
        return (
          <p data-testid="factors">
            {factors.data
              ? factors.data.factors.map((f) => `${f.factorType}:${f.status}:${f.phoneNumber}`).join(',') || 'none'
              : 'loading'}
          </p>
        );
      },
    );
    await waitFor(() => expect(screen.getByTestId('factors').textContent).toBe('none'), { timeout: 5000 });
    const added = await act(() => factors!.addPhone(number));
    await waitFor(() => expect(screen.getByTestId('factors').textContent).toBe(`SMS:INACTIVE:${masked}`));
    await act(async () => factors!.activate(added.factor.factorId, await lastCode(number)));
    await waitFor(() => expect(screen.getByTestId('factors').textContent).toBe(`SMS:ACTIVE:${masked}`));

    cleanup();
    let step: SecondStep | undefined;
    let login: ReturnType<typeof useAuthActions>['login'] | undefined;
    mount(undefined, () => {
      step = useSecondStep();
      login = useAuthActions().login;
      return <p data-testid="status">{useSession().status}</p>;
    });
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('visitor'), { timeout: 5000 });
    expect((await act(() => login!({ email, password: PASSWORD }))).loginState).toBe('MFA_REQUIRED');
    const sent = await act(() => step!.sendPhoneCode({ factorType: 'SMS' }));
    expect(sent.data?.challenge?.verificationChallengeData?.hint).toBe(masked);
    const done = await act(async () => step!.verifyCode({ factorType: 'SMS', code: await lastCode(number) }));
    expect(done.loginState).toBe('SUCCESS');
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('member'));
  });
});
