import { useCallback, useEffect, useState } from 'react';
import { api, ApiError, setCsrfToken, whenSignedOut } from '../api/client.js';
import type { Session } from '../api/types.js';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage.js';
import { SetupPage } from '../features/auth/SetupPage.js';
import { SignInPage } from '../features/auth/SignInPage.js';
import { Layout } from './Layout.js';
import { navigate, useLocation } from './router.js';
import { SignedInRoutes } from './SignedInRoutes.js';

type SessionState =
  | { kind: 'loading' }
  | { kind: 'signed-out' }
  | { kind: 'signed-in'; session: Session }
  | { kind: 'error'; message: string };

/**
 * Asks the server who is signed in before painting anything: no flash of the sign-in page for a
 * signed-in owner, nor of console pages for a signed-out one.
 */
export function App() {
  const { path, search } = useLocation();
  const [state, setState] = useState<SessionState>({ kind: 'loading' });

  const refresh = useCallback(async () => {
    try {
      const session = await api<Session>('GET', '/_admin/v1/console/session');
      setCsrfToken(session.csrfToken);
      setState({ kind: 'signed-in', session });
    } catch (e) {
      setCsrfToken(undefined);
      if (e instanceof ApiError && e.status === 401) setState({ kind: 'signed-out' });
      else setState({ kind: 'error', message: (e as Error).message });
    }
  }, []);

  useEffect(() => {
    whenSignedOut(() => {
      setCsrfToken(undefined);
      setState({ kind: 'signed-out' });
    });
    void refresh();
  }, [refresh]);

  // A one-time link's page (a first password, or a new one after "Forgot password"): once the password is
  // set the owner is signed in, and the console opens on its first page.
  if (path === '/setup' || path === '/reset-password')
    return (
      <SetupPage
        token={search.get('token')}
        onSignedIn={() => {
          setState({ kind: 'loading' });
          navigate('/', { replace: true });
          void refresh();
        }}
      />
    );
  if (path === '/forgot-password') return <ForgotPasswordPage />;
  if (state.kind === 'loading')
    return (
      <p className="loading" role="status">
        Loading the console…
      </p>
    );
  if (state.kind === 'error') return <p role="alert">The console cannot reach the server: {state.message}</p>;
  if (state.kind === 'signed-out') {
    return (
      <SignInPage
        onSignedIn={() => {
          if (path === '/sign-in') navigate('/', { replace: true });
          void refresh();
        }}
      />
    );
  }
  if (path === '/sign-in') navigate('/', { replace: true });
  const signOut = async () => {
    await api('POST', '/_admin/v1/console/sign-out', {}).catch(() => undefined);
    setCsrfToken(undefined);
    setState({ kind: 'signed-out' });
    navigate('/sign-in', { replace: true });
  };
  return (
    <Layout session={state.session} path={path} onSignOut={signOut}>
      <SignedInRoutes session={state.session} path={path} onSessionChanged={refresh} />
    </Layout>
  );
}
