import { i18n } from '../../i18n/i18n.js';
import { useLingui } from '@lingui/react';
import { RedirectLoginError, useAuthActions, useSession } from '@vitrine/react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from '../../app/router/index.js';
import { Alert } from '../../components/Alert.js';
import { PageHeading } from '../../components/PageHeading.js';
import { Skeleton } from '../../components/Skeleton.js';
import { safeReturnTo } from './auth-errors.js';

/** The redirect-login failures the storefront can name; others carry the server's own description. */
const KNOWN = {
  access_denied: 'callback.cancelled',
  missing_code: 'callback.missingCode',
  no_pending_login: 'callback.noPending',
  exchange_failed: 'callback.failed',
} as const;

function callbackError(e: unknown): string {
  const id = e instanceof RedirectLoginError ? KNOWN[e.code as keyof typeof KNOWN] : undefined;
  if (id) return i18n._(id);
  return e instanceof Error && e.message ? e.message : i18n._('callback.failed');
}

/**
 * `/callback`: the hosted login page sends the shopper back here with a code. The exchange runs once
 * per code even when React runs this effect twice (Strict Mode) or the page re-renders.
 */
export function CallbackPage() {
  const { _ } = useLingui();
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
        else setError(callbackError(e));
      });
    return () => {
      live = false;
    };
    // Once per mount: the URL does not change while this page is shown.
  }, []);

  return (
    <section className="page auth-page">
      <PageHeading>{error ? _('callback.incomplete') : _('callback.signingIn')}</PageHeading>
      {error ? (
        <>
          <Alert tone="error">{error}</Alert>
          <p>
            <Link to="/sign-in">{_('auth.backToSignIn')}</Link>
          </p>
        </>
      ) : (
        <Skeleton lines={2} label={_('callback.signingIn')} />
      )}
    </section>
  );
}
