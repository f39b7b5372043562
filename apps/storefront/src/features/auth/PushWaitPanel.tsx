import { usePushSignIn } from '@vitrine/react';
import type { LoginResult } from '@vitrine/react';
import { useEffect } from 'react';
import { Link } from '../../app/router/index.js';
import { Alert } from '../../components/Alert.js';
import { useLingui } from '../../i18n/index.js';

/**
 * Push approval on the storefront's second step (issue #32): asks the member's signed-in devices, shows
 * the number the approving device must pick, and completes by itself once approved (`onSignedIn`). A
 * denial ends this sign-in (the server's rule: whoever denied may be the real member), so the page says
 * so and offers to sign in again with another factor; an expired or failed request may be asked again.
 */
export function PushWaitPanel({
  stateToken,
  remember,
  onSignedIn,
  onRestart,
}: {
  stateToken: string | undefined;
  remember: boolean;
  onSignedIn: (result: LoginResult) => void;
  onRestart: () => void;
}) {
  const { _ } = useLingui();
  const t = (id: string, message: string) => _({ id, message });
  const push = usePushSignIn({ stateToken, rememberThisDevice: remember });

  useEffect(() => {
    if (push.status == 'approved' && push.result) onSignedIn(push.result);
  }, [push.status, push.result, onSignedIn]);

  if (push.status == 'denied')
    return (
      <Alert tone="error" title={t('secondStep.pushDenied', 'This sign-in was denied on your other device.')}>
        <p>
          {t(
            'secondStep.pushDeniedText',
            'For your safety this sign-in has ended. If it was you, sign in again and choose another way.',
          )}
        </p>
        <Link to="/sign-in" onClick={onRestart}>
          {t('secondStep.signInAgain', 'Sign in again')}
        </Link>
      </Alert>
    );

  if (push.status == 'pending' || push.status == 'approved')
    return (
      <div className="push-wait">
        <p id="push-wait-help">
          {t(
            'secondStep.pushPick',
            'On a phone or computer where you are signed in, open your account and pick this number:',
          )}
        </p>
        <p className="push-wait__number" aria-describedby="push-wait-help">
          <strong dir="ltr">{push.matchNumber}</strong>
        </p>
        <p role="status">
          {push.status == 'approved'
            ? t('secondStep.pushApproved', 'Approved. Signing you in…')
            : t('secondStep.pushWaiting', 'Waiting for your approval…')}
        </p>
        <button type="button" className="button button--link" onClick={push.cancel}>
          {t('secondStep.pushCancel', 'Stop waiting')}
        </button>
      </div>
    );

  return (
    <div className="push-wait">
      {push.status == 'expired' && (
        <Alert tone="info">
          {t('secondStep.pushExpired', 'Nobody answered in time. Ask again or choose another way.')}
        </Alert>
      )}
      {push.status == 'failed' && (
        <Alert tone="error">
          {t('secondStep.pushFailed', 'The request could not be sent. Try again or choose another way.')}
        </Alert>
      )}
      <button
        type="button"
        className="button button--primary button--wide"
        disabled={push.status == 'starting'}
        onClick={() => void push.start().catch(() => undefined)}
      >
        {t('secondStep.pushSend', 'Send an approval request')}
      </button>
    </div>
  );
}
