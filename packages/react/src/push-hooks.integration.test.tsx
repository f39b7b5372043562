/**
 * Push approval (issue #32) through the React hooks against a real @vitrine/server: usePushApprovals on
 * the approving side (the waiting sign-in appears by polling; deny; secure the account) and usePushSignIn
 * on the waiting side (start, the number, completes by itself once approved; a wrong number is a denial).
 * The other side of each test is the plain SDK (the hidden sign-in frame replaced by its HTTP equivalent;
 * ../test-support/real-server.ts).
 */
import '../test-support/real-server.js';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createClient, OAuthStrategy, type Tokens } from '@vitrine/sdk';
import { factorsOf } from '@vitrine/sdk/mfa';
import { APP, memberSessionByEmail, startTestServer, type TestServer } from '@vitrine/server/test-support';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { httpSilentLogin } from '../test-support/real-server.js';
import { useAuthActions, useSession } from './hooks.js';
import { usePushApprovals, type PushApprovals } from './push.js';
import { usePushSignIn, type PushSignIn } from './push-sign-in.js';
import { VitrineProvider } from './provider.js';

const PASSWORD = 'react push password 8';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    site: (s) => ({
      ...s,
      policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto', captcha: 'off' },
      push: { expirySeconds: 60, placeHeader: undefined, vapid: undefined },
    }),
  });
}, 60_000);
afterAll(() => server?.close());
afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** A member whose push approval is on for one session (the approving device): its tokens. */
async function memberWithPush(): Promise<{ email: string; tokens: Tokens }> {
  const email = `react-push-${Math.random().toString(36).slice(2, 10)}@example.test`;
  const reg = await OAuthStrategy({ clientId: server.clientId, baseUrl: server.url }).register({
    email,
    password: PASSWORD,
  });
  expect(reg.loginState).toBe('SUCCESS');
  const session = await memberSessionByEmail(server, email);
  const tokens: Tokens = {
    accessToken: { value: session.accessToken, expiresAt: Math.floor(Date.now() / 1000) + 3000 },
    refreshToken: { value: session.refreshToken, role: 'member' },
  };
  await factorsOf(OAuthStrategy({ clientId: server.clientId, baseUrl: server.url, tokens })).addPush();
  return { email, tokens };
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

describe('push approval through the hooks', () => {
  it('usePushApprovals: a waiting sign-in appears by polling; deny refuses it and offers to secure the account', async () => {
    const { email, tokens } = await memberWithPush();
    let approvals: PushApprovals | undefined;
    mount(tokens, () => {
      approvals = usePushApprovals({ intervalMs: 200 });
      return <p data-testid="pending">{approvals.pending.map((p) => p.numberChoices.length).join(',') || 'none'}</p>;
    });
    await waitFor(() => expect(screen.getByTestId('pending').textContent).toBe('none'), { timeout: 5000 });

    const waiting = OAuthStrategy({ clientId: server.clientId, baseUrl: server.url });
    expect((await waiting.login({ email, password: PASSWORD })).loginState).toBe('MFA_REQUIRED');
    const started = await waiting.verifyFactor({ factorType: 'PUSH' });
    const pushData = started.data!.challenge!.verificationChallengeData!.pushData!;
    await waitFor(() => expect(screen.getByTestId('pending').textContent).toBe('3'), { timeout: 5000 });
    expect(approvals!.pending[0]!.numberChoices).toContain(pushData.matchNumber);

    const answer = await act(() => approvals!.deny(approvals!.pending[0]!.transactionId));
    expect(answer).toMatchObject({ status: 'DENIED', secureAccount: { endOtherSessions: true } });
    await waitFor(() => expect(screen.getByTestId('pending').textContent).toBe('none'));
    const refused = await waiting.verifyFactor({ factorType: 'PUSH', transactionId: pushData.transactionId });
    expect(refused).toMatchObject({ loginState: 'FAILURE', errorCode: 'PUSH_DENIED' });
    expect(await act(() => approvals!.secureAccount())).toMatchObject({ endedSessions: expect.any(Number) });
  });

  it('usePushSignIn: pending with the number, then signed in by itself once approved; a wrong number denies', async () => {
    const { email, tokens } = await memberWithPush();
    const approver = factorsOf(OAuthStrategy({ clientId: server.clientId, baseUrl: server.url, tokens }));
    let push: PushSignIn | undefined;
    let login: ReturnType<typeof useAuthActions>['login'] | undefined;
    mount(undefined, () => {
      push = usePushSignIn({ rememberThisDevice: true, intervalMs: 200 });
      login = useAuthActions().login;
      return (
        <p data-testid="state">
          {useSession().status}:{push.status}
        </p>
      );
    });
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('visitor:idle'), { timeout: 5000 });
    expect((await act(() => login!({ email, password: PASSWORD }))).loginState).toBe('MFA_REQUIRED');
    await act(() => push!.start());
    expect(screen.getByTestId('state').textContent).toBe('visitor:pending');
    const shown = push!.matchNumber!;
    // Polls meanwhile keep it pending.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(push!.status).toBe('pending');
    const [waiting] = (await approver.pendingApprovals()).transactions;
    expect(await approver.approve(waiting!.transactionId, shown)).toEqual({ status: 'APPROVED' });
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('member:approved'), { timeout: 5000 });
    expect(push!.result?.data?.deviceToken).toMatch(/.{20,}/);

    cleanup();
    localStorage.clear();
    mount(undefined, () => {
      push = usePushSignIn({ intervalMs: 200 });
      login = useAuthActions().login;
      return <p data-testid="state">{push.status}</p>;
    });
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('idle'), { timeout: 5000 });
    expect((await act(() => login!({ email, password: PASSWORD }))).loginState).toBe('MFA_REQUIRED');
    await act(() => push!.start());
    const [next] = (await approver.pendingApprovals()).transactions;
    const wrong = next!.numberChoices.find((n) => n !== push!.matchNumber)!;
    expect(await approver.approve(next!.transactionId, wrong)).toMatchObject({
      status: 'DENIED',
      reason: 'wrong_number',
    });
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('denied'), { timeout: 5000 });
    expect(push!.result).toMatchObject({ loginState: 'FAILURE', errorCode: 'PUSH_DENIED' });
  });
});
