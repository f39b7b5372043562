import { useAuthActions, useSession } from '@vitrine/react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from '../../app/router/index.js';
import { Alert } from '../../components/Alert.js';
import { PageHeading } from '../../components/PageHeading.js';
import { Skeleton } from '../../components/Skeleton.js';
import { safeReturnTo } from './auth-errors.js';

/**
 * `/callback`: the hosted login page sends the shopper back here with a code. The exchange runs once
 * per code even when React runs this effect twice (Strict Mode) or the page re-renders.
 */
export function CallbackPage() {
  const { handleRedirectCallback } = useAuthActions();
  const { isMember } = useSession();
  const navigate = useNavigate();
  const [error, setError] = useState<string>();

  useEffect(() => {
    let live = true;
    handleRedirectCallback()
      .then(({ returnTo }) => {
        if (live) navigate(safeReturnTo(returnTo), { replace: true });
      })
      .catch((e: unknown) => {
        if (!live) return;
        // A reload of an already-completed callback: the shopper is signed in, nothing to report.
        if (isMember) navigate('/', { replace: true });
        else setError(e instanceof Error ? e.message : 'Sign-in failed.');
      });
    return () => {
      live = false;
    };
    // Once per mount: the URL does not change while this page is shown.
  }, []);

  return (
    <section className="page auth-page">
      <PageHeading>{error ? 'Sign-in did not complete' : 'Signing you in…'}</PageHeading>
      {error ? (
        <>
          <Alert tone="error">{error}</Alert>
          <p>
            <Link to="/sign-in">Go back to the sign-in page</Link>
          </p>
        </>
      ) : (
        <Skeleton lines={2} label="Signing you in…" />
      )}
    </section>
  );
}
