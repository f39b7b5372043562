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
    return `A code was sent a moment ago. You can ask for another one in ${seconds} seconds.`;
  }
  if (e?.status && e.status >= 400 && e.status < 500) return 'This verification has expired. Please start again from the sign-in page.';
  return MESSAGES.networkError;
}

/** Entry of the 6-digit code mailed after sign-in or account creation, with resend. */
export function VerifyPage() {
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
        <PageHeading>Verify your email</PageHeading>
        <p>There is no sign-in waiting for a code in this browser tab.</p>
        <p>
          <Link to="/sign-in">Go back to the sign-in page</Link>
        </p>
      </section>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(value)) {
      setOutcome({ kind: 'problem', problem: { field: 'code', message: 'Enter the 6-digit code from the email.' } });
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
        <PageHeading>Email verified</PageHeading>
        <ApprovalNotice />
      </section>
    );
  }
  return (
    <section className="page auth-page">
      <PageHeading>Verify your email</PageHeading>
      <p>
        We sent a 6-digit code to <strong>{pending.email}</strong>. Enter it below to continue.
      </p>
      {problem && problem.field != 'code' && <Alert tone="error">{problem.message}</Alert>}
      <form className="form" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy || undefined}>
        <Field
          label="Verification code"
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
          Verify
        </button>
      </form>
      <p>
        Did not get it?{' '}
        <button type="button" className="link-button" onClick={() => void resend()} disabled={resent == 'sending'}>
          Send a new code
        </button>
      </p>
      <p role="status" className="muted">
        {resent == 'sent' ? 'A new code is on its way.' : ''}
        {resent == 'failed' ? resendError : ''}
      </p>
      <DevMailboxLink email={pending.email} />
    </section>
  );
}
