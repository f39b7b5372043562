import { useFactors, usePushApprovals } from '@vitrine/react';
import type { PendingApproval } from '@vitrine/react';
import { useState } from 'react';
import { PUSH_ANSWERED } from '../../app/error-codes.js';
import { Link } from '../../app/router/index.js';
import { Alert } from '../../components/Alert.js';
import { useLingui } from '../../i18n/index.js';

/**
 * "Is this you signing in?" (issue #32): shown in the account area while a sign-in of this member waits
 * for approval (only when one of their browsers approves sign-ins). The member picks the number the
 * sign-in page shows (a wrong pick denies it), or denies; after a denial, securing the account is offered.
 */
export function PushApprovalPrompt() {
  const factors = useFactors();
  const on = (factors.data?.factors ?? []).some((f) => f.factorType == 'PUSH' && f.status == 'ACTIVE');
  return on ? <Prompt /> : null;
}

function Prompt() {
  const { _, i18n } = useLingui();
  const t = (id: string, message: string, values?: Record<string, unknown>) =>
    _({ id, message, ...(values && { values }) });
  const approvals = usePushApprovals();
  const [outcome, setOutcome] = useState<'approved' | 'denied' | 'late' | 'secured'>();
  const [busy, setBusy] = useState(false);
  const answer = async (action: () => Promise<{ status: string }>) => {
    setBusy(true);
    try {
      setOutcome((await action()).status == 'APPROVED' ? 'approved' : 'denied');
    } catch (e) {
      setOutcome((e as { code?: unknown }).code == PUSH_ANSWERED ? 'late' : 'denied');
    } finally {
      setBusy(false);
    }
  };
  const when = (a: PendingApproval) =>
    new Intl.DateTimeFormat(i18n.locale, { timeStyle: 'short' }).format(new Date(a.createdDate));
  const waiting = approvals.pending[0];

  return (
    <div className="push-prompt" aria-live="polite">
      {outcome == 'approved' && <Alert tone="success">{t('push.approved', 'Approved. The sign-in continues.')}</Alert>}
      {outcome == 'late' && (
        <Alert tone="info">{t('push.late', 'This sign-in was already answered, or it expired.')}</Alert>
      )}
      {outcome == 'secured' && <Alert tone="success">{t('push.secured', 'Your other sessions were ended.')}</Alert>}
      {outcome == 'denied' && (
        <Alert tone="error" title={t('push.deniedTitle', 'The sign-in was refused')}>
          <p>{t('push.deniedText', 'If it was not you, someone may know your password. Secure your account:')}</p>
          <div className="actions">
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() =>
                void (async () => {
                  setBusy(true);
                  try {
                    await approvals.secureAccount();
                    setOutcome('secured');
                  } finally {
                    setBusy(false);
                  }
                })()
              }
            >
              {t('push.endSessions', 'End my other sessions')}
            </button>
            <Link to="/account">{t('push.changePassword', 'Change my password')}</Link>
          </div>
        </Alert>
      )}
      {waiting && (
        <section className="push-prompt__card" aria-labelledby="push-prompt-title">
          <h2 id="push-prompt-title">{t('push.title', 'Is this you signing in?')}</h2>
          <p>
            {[
              waiting.browser ?? t('push.unknownBrowser', 'Unknown browser'),
              waiting.place,
              t('push.at', 'at {time}', { time: when(waiting) }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <p id="push-prompt-help">
            {t(
              'push.pickNumber',
              'The browser and place are what the signing-in device says of itself. Approve only if you are signing in yourself right now, and pick the number shown on that sign-in page.',
            )}
          </p>
          <div className="actions" role="group" aria-describedby="push-prompt-help">
            {waiting.numberChoices.map((n) => (
              <button
                key={n}
                type="button"
                className="button button--primary push-prompt__number"
                disabled={busy}
                onClick={() => void answer(() => approvals.approve(waiting.transactionId, n))}
              >
                {n}
              </button>
            ))}
          </div>
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void answer(() => approvals.deny(waiting.transactionId))}
          >
            {t('push.deny', 'No, it is not me')}
          </button>
        </section>
      )}
    </div>
  );
}
