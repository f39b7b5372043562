import { i18n } from '../../i18n/i18n.js';
import { useLingui } from '@lingui/react';
import { Rich } from '../../i18n/Rich.js';
import { useAuthActions } from '@vitrine/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from '../../app/router/index.js';
import { Alert } from '../../components/Alert.js';
import { Field } from '../../components/Field.js';
import { PageHeading } from '../../components/PageHeading.js';
import { ApprovalNotice } from './ApprovalNotice.js';
import { MESSAGES } from './auth-errors.js';
import { DevMailboxLink } from './DevMailboxLink.js';
import { readPendingVerification } from './pending-verification.js';
import { thrownProblem, useAuthOutcome } from './use-auth-outcome.js';
import type { AuthOutcome } from './use-auth-outcome.js';

/** Why a resend failed, as a sentence (the server spaces codes out and limits attempts). */
function resendFailure(error: unknown): string {
  const e = error as { status?: number; data?: { retryAfterSeconds?: number } } | null;
  if (e?.status == 429) {
    const seconds = Math.ceil(Number(e.data?.retryAfterSeconds) || 60);
    return i18n._('verify.resendTooSoon', { seconds });
  }
  if (e?.status && e.status >= 400 && e.status < 500) return i18n._('verify.expired');
  return MESSAGES.networkError;
}

/** Entry of the 6-digit code mailed after sign-in or account creation, with resend. */
export function VerifyPage() {
  const { _ } = useLingui();
  const [pending] = useState(readPendingVerification);
  const { verify, resendVerificationCode } = useAuthActions();
  const finish = useAuthOutcome();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<AuthOutcome>();
  const [resent, setResent] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const [resendError, setResendError] = useState('');

  if (!pending) {
    return (
      <section className="page auth-page">
        <PageHeading>{_('verify.heading')}</PageHeading>
        <p>{_('verify.nothingPending')}</p>
        <p>
          <Link to="/sign-in">{_('auth.backToSignIn')}</Link>
        </p>
      </section>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(value)) {
      setOutcome({ kind: 'problem', problem: { field: 'code', message: _('verify.enterCode') } });
      return;
    }
    setBusy(true);
    setOutcome(undefined);
    try {
      setOutcome(finish(await verify(value, pending.result), 'verify', pending.email, pending.returnTo));
    } catch (error) {
      setOutcome(thrownProblem(error));
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setResent('sending');
    try {
      await resendVerificationCode(pending.result);
      setResent('sent');
    } catch (error) {
      setResendError(resendFailure(error));
      setResent('failed');
    }
  };

  const problem = outcome?.kind == 'problem' ? outcome.problem : undefined;
  if (outcome?.kind == 'approval') {
    return (
      <section className="page auth-page">
        <PageHeading>{_('verify.verified')}</PageHeading>
        <ApprovalNotice />
      </section>
    );
  }
  return (
    <section className="page auth-page">
      <PageHeading>{_('verify.heading')}</PageHeading>
      <p>
        <Rich id="verify.sentTo" values={{ email: pending.email }} components={{ 0: <strong /> }} />
      </p>
      {problem && problem.field != 'code' && <Alert tone="error">{problem.message}</Alert>}
      <form className="form" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy || undefined}>
        <Field
          label={_('field.verificationCode')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={problem?.field == 'code' ? problem.message : undefined}
        />
        <button type="submit" className="button button--primary button--wide" disabled={busy}>
          {_('verify.submit')}
        </button>
      </form>
      <p>
        {_('verify.didNotGetIt')}{' '}
        <button type="button" className="link-button" onClick={() => void resend()} disabled={resent == 'sending'}>
          {_('verify.resend')}
        </button>
      </p>
      <p role="status" className="muted">
        {resent == 'sent' ? _('verify.resent') : ''}
        {resent == 'failed' ? resendError : ''}
      </p>
      <DevMailboxLink email={pending.email} />
    </section>
  );
}
