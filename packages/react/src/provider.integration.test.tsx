import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { StrictMode, useEffect, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeAuth, tokensFor } from '../test-support/fake-auth.js';
import { useAuthActions, useQuery, useSession } from './hooks.js';
import { VitrineProvider } from './provider.js';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

function Status() {
  const { status } = useSession();
  return <p data-testid="status">{status}</p>;
}

const renderWith = (
  fake: ReturnType<typeof fakeAuth>,
  ui: React.ReactNode,
  navigate: (url: string) => void = () => undefined,
) =>
  render(
    <StrictMode>
      <VitrineProvider
        client={fake.client}
        apiBaseUrl="https://api.example"
        subscribeToTokens={fake.subscribe}
        navigate={navigate}
      >
        {ui}
      </VitrineProvider>
    </StrictMode>,
  );

describe('session status', () => {
  it('shows a returning member as signed in from the very first render (no signed-out flash)', () => {
    const seen: string[] = [];
    function Record() {
      seen.push(useSession().status);
      return null;
    }
    renderWith(fakeAuth(tokensFor('member-9', 'member')), <Record />);
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set(['member']));
  });

  it('starts a new shopper as loading, then as a visitor holding tokens', async () => {
    const fake = fakeAuth();
    renderWith(fake, <Status />);
    expect(screen.getByTestId('status').textContent).toBe('loading');
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('visitor'));
    expect(fake.auth.getTokens().refreshToken.role).toBe('visitor');
  });

  it('follows sign-in and sign-out made in another tab', async () => {
    const fake = fakeAuth(tokensFor('visitor-a', 'visitor'));
    renderWith(fake, <Status />);
    expect(screen.getByTestId('status').textContent).toBe('visitor');
    act(() => fake.otherTab(tokensFor('member-a', 'member')));
    expect(screen.getByTestId('status').textContent).toBe('member');
    act(() => fake.otherTab(tokensFor('visitor-b', 'visitor')));
    expect(screen.getByTestId('status').textContent).toBe('visitor');
    // A sign-out elsewhere clears the tokens: this tab continues as a new visitor.
    act(() => fake.otherTab({ accessToken: { value: '', expiresAt: 0 }, refreshToken: { value: '', role: 'none' } }));
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('visitor'));
    expect(fake.auth.getTokens().accessToken.value).not.toBe('');
  });
});

describe('auth actions', () => {
  it('signs in through the silent frame and stores the member tokens', async () => {
    const fake = fakeAuth(tokensFor('visitor-a', 'visitor'));
    let actions: ReturnType<typeof useAuthActions> | undefined;
    function Grab() {
      actions = useAuthActions();
      return null;
    }
    renderWith(
      fake,
      <>
        <Status />
        <Grab />
      </>,
    );
    const wrong = await act(() => actions!.login({ email: 'a@b.c', password: 'nope' }));
    expect(wrong).toMatchObject({ loginState: 'FAILURE', errorCode: 'invalidPassword' });
    expect(screen.getByTestId('status').textContent).toBe('visitor');
    await act(() => actions!.login({ email: 'a@b.c', password: 'right-password' }));
    expect(fake.auth.calls).toEqual(['login:a@b.c', 'login:a@b.c', 'frame:session-1']);
    expect(screen.getByTestId('status').textContent).toBe('member');
  });

  it('changes the password, passing the current one through to the client', async () => {
    const fake = fakeAuth(tokensFor('member-a', 'member'));
    let actions: ReturnType<typeof useAuthActions> | undefined;
    function Grab() {
      actions = useAuthActions();
      return null;
    }
    renderWith(fake, <Grab />);
    await act(() => actions!.changePassword('a new passphrase', 'the old one'));
    await act(() => actions!.changePassword('another passphrase'));
    expect(fake.auth.calls).toEqual([
      'changePassword:a new passphrase:the old one',
      'changePassword:another passphrase:-',
    ]);
  });

  it('signs out: tokens cleared locally, a fresh visitor, then the server logout address is visited', async () => {
    const fake = fakeAuth(tokensFor('member-a', 'member'));
    const visited: string[] = [];
    let actions: ReturnType<typeof useAuthActions> | undefined;
    function Grab() {
      actions = useAuthActions();
      return null;
    }
    renderWith(
      fake,
      <>
        <Status />
        <Grab />
      </>,
      (url) => visited.push(url),
    );
    await act(() => actions!.logout());
    // The member's tokens are gone; the shop continues with a fresh visitor.
    expect(fake.auth.getTokens().refreshToken.value).not.toBe('refresh-member-a');
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('visitor'));
    expect(visited).toEqual([`https://api.example/logout?to=${encodeURIComponent(location.origin + '/')}`]);
  });

  it('handles one redirect callback twice under Strict Mode with a single code exchange', async () => {
    const fake = fakeAuth(tokensFor('visitor-a', 'visitor'));
    sessionStorage.setItem(
      'vitrine.oauthData',
      JSON.stringify({ state: 'st', codeVerifier: 'v'.repeat(43), redirectUri: 'x', originalUri: '/cart' }),
    );
    const url = `${location.origin}/callback?code=abc-${Math.random()}&state=st`;
    function Callback() {
      const { handleRedirectCallback } = useAuthActions();
      const [result, setResult] = useState('pending');
      useEffect(() => {
        handleRedirectCallback(url).then(
          (r) => setResult(`ok ${r.returnTo}`),
          (e: Error) => setResult(`error ${e.message}`),
        );
      }, [handleRedirectCallback]);
      return <p data-testid="result">{result}</p>;
    }
    renderWith(
      fake,
      <>
        <Status />
        <Callback />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('result').textContent).toBe('ok /cart'));
    expect(fake.auth.calls.filter((c) => c.startsWith('exchange:'))).toHaveLength(1);
    expect(screen.getByTestId('status').textContent).toBe('member');
    expect(sessionStorage.getItem('vitrine.oauthData')).toBeNull();
  });

  it('reads the answer from the fragment, the default response mode', async () => {
    const fake = fakeAuth(tokensFor('visitor-a', 'visitor'));
    sessionStorage.setItem(
      'vitrine.oauthData',
      JSON.stringify({ state: 'st', codeVerifier: 'v'.repeat(43), redirectUri: 'x', originalUri: '/account' }),
    );
    let actions: ReturnType<typeof useAuthActions> | undefined;
    function Grab() {
      actions = useAuthActions();
      return null;
    }
    renderWith(fake, <Grab />);
    const code = `frag-${Math.random()}`;
    await expect(
      actions!.handleRedirectCallback(`${location.origin}/callback#code=${code}&state=st`),
    ).resolves.toMatchObject({ returnTo: '/account' });
    expect(fake.auth.calls).toContain(`exchange:${code}`);
  });

  it('reports a callback whose state does not match', async () => {
    const fake = fakeAuth(tokensFor('visitor-a', 'visitor'));
    sessionStorage.setItem(
      'vitrine.oauthData',
      JSON.stringify({ state: 'expected', codeVerifier: 'v'.repeat(43), redirectUri: 'x' }),
    );
    let actions: ReturnType<typeof useAuthActions> | undefined;
    function Grab() {
      actions = useAuthActions();
      return null;
    }
    renderWith(fake, <Grab />);
    await expect(
      actions!.handleRedirectCallback(`${location.origin}/callback?code=zz-${Math.random()}&state=forged`),
    ).rejects.toThrow(/Invalid _state/);
    expect(fake.auth.loggedIn()).toBe(false);
  });
});

describe('useQuery', () => {
  it('fetches once under Strict Mode, shows loading then data, and scopes data to the shopper', async () => {
    const fake = fakeAuth(tokensFor('visitor-a', 'visitor'));
    const fetched: string[] = [];
    function Cart() {
      const { identity } = useSession();
      const q = useQuery(['cart'], async () => {
        fetched.push(identity);
        return `cart of ${identity}`;
      });
      return <p data-testid="cart">{q.status == 'success' ? q.data : q.status}</p>;
    }
    renderWith(fake, <Cart />);
    expect(screen.getByTestId('cart').textContent).toBe('loading');
    await waitFor(() => expect(screen.getByTestId('cart').textContent).toBe('cart of visitor-a'));
    expect(fetched).toEqual(['visitor-a']);
    // Another shopper never sees the previous shopper's data, not even for one render.
    const shown: string[] = [];
    const observer = new MutationObserver(() => shown.push(screen.getByTestId('cart').textContent ?? ''));
    observer.observe(document.body, { subtree: true, characterData: true, childList: true });
    act(() => fake.otherTab(tokensFor('visitor-b', 'visitor')));
    await waitFor(() => expect(screen.getByTestId('cart').textContent).toBe('cart of visitor-b'));
    observer.disconnect();
    expect(shown.filter((s) => s.includes('visitor-a'))).toEqual([]);
  });

  it('reports errors and recovers on refetch', async () => {
    const fake = fakeAuth(tokensFor('visitor-a', 'visitor'));
    let fail = true;
    function Thing() {
      const q = useQuery(['thing'], async () => {
        if (fail) throw new Error('boom');
        return 'fine';
      });
      return (
        <>
          <p data-testid="thing">
            {q.status == 'error' ? `error ${(q.error as Error).message}` : String(q.data ?? q.status)}
          </p>
          <button onClick={() => void q.refetch().catch(() => undefined)}>again</button>
        </>
      );
    }
    renderWith(fake, <Thing />);
    await waitFor(() => expect(screen.getByTestId('thing').textContent).toBe('error boom'));
    fail = false;
    act(() => screen.getByRole('button', { name: 'again' }).click());
    await waitFor(() => expect(screen.getByTestId('thing').textContent).toBe('fine'));
  });
});
