import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { whenSignedOut } from '../api/client.js';
import { sessionKey, useForgetSession, useSession, useSignOut } from '../features/auth/api.js';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage.js';
import { SetupPage } from '../features/auth/SetupPage.js';
import { SignInPage } from '../features/auth/SignInPage.js';
import { ConfirmEmailPage } from '../features/owners/ConfirmEmailPage.js';
import { Layout } from './Layout.js';
import { navigate, useLocation } from './router.js';
import { SignedInRoutes } from './SignedInRoutes.js';

/** Pages reached from a mailed or printed link, which work without a session. */
const LINK_PAGES = new Set(['/setup', '/reset-password', '/forgot-password', '/confirm-email']);

/**
 * Asks the server who is signed in before painting anything: no flash of the sign-in page for a
 * signed-in owner, nor of console pages for a signed-out one.
 */
export function App() {
  const { path, search } = useLocation();
  const session = useSession(!LINK_PAGES.has(path));
  const queryClient = useQueryClient();
  const forget = useForgetSession();
  const signOut = useSignOut();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: sessionKey });

  useEffect(() => whenSignedOut(forget), [forget]);

  // A one-time link's page (a first password, or a new one after "Forgot password"): once the password is
  // set the owner is signed in, and the console opens on its first page.
  if (path === '/setup' || path === '/reset-password')
    return (
      <SetupPage
        token={search.get('token')}
        onSignedIn={() => {
          navigate('/', { replace: true });
          void queryClient.resetQueries({ queryKey: sessionKey });
        }}
      />
    );
  if (path === '/forgot-password') return <ForgotPasswordPage />;
  // The link mailed to an owner's new address: signed in or not, it confirms the address.
  if (path === '/confirm-email') return <ConfirmEmailPage token={search.get('token')} onConfirmed={() => refresh()} />;
  if (session.isPending)
    return (
      <p className="loading" role="status">
        Loading the console…
      </p>
    );
  if (session.isError) return <p role="alert">The console cannot reach the server: {session.error.message}</p>;
  if (!session.data) {
    return (
      <SignInPage
        onSignedIn={() => {
          if (path === '/sign-in') navigate('/', { replace: true });
          refresh();
        }}
      />
    );
  }
  if (path === '/sign-in') navigate('/', { replace: true });
  return (
    <Layout
      session={session.data}
      path={path}
      onSignOut={() => signOut.mutate(undefined, { onSettled: () => navigate('/sign-in', { replace: true }) })}
    >
      <SignedInRoutes session={session.data} path={path} onSessionChanged={refresh} />
    </Layout>
  );
}
