import { useAuthActions } from '@vitrine/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert } from '../../components/Alert.js';
import { Field } from '../../components/Field.js';
import { PageHeading } from '../../components/PageHeading.js';
import { MESSAGES } from './auth-errors.js';
import { DevMailboxLink } from './DevMailboxLink.js';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Asks for a reset link; the mail leads to the reset page, which comes back to sign-in. */
export function ForgotPasswordPage() {
  const { sendPasswordResetEmail } = useAuthActions();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<{ field: 'email' | 'form'; message: string }>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!EMAIL_SHAPE.test(value)) {
      setError({ field: 'email', message: MESSAGES.invalidEmailRegister });
      return;
    }
    setError(undefined);
    setState('sending');
    try {
      await sendPasswordResetEmail(value, `${location.origin}/sign-in?passwordReset=1`);
      setState('sent');
    } catch (e) {
      const text = String((e as Error)?.message ?? '');
      setError(/email/i.test(text) && !/redirect/i.test(text) ? { field: 'email', message: MESSAGES.invalidEmailRegister } : { field: 'form', message: /too many/i.test(text) ? MESSAGES.tooManyAttempts : MESSAGES.networkError });
      setState('idle');
    }
  };

  return (
    <section className="page auth-page">
      <PageHeading>Reset your password</PageHeading>
      {state == 'sent' ? (
        <>
          <Alert tone="success" title="Check your email">
            If an account uses {email.trim()}, a link to set a new password is on its way. It works once, for one hour.
          </Alert>
          <DevMailboxLink email={email.trim()} />
        </>
      ) : (
        <>
          <p>Enter the email address of your account and we will send you a link to set a new password.</p>
          {error?.field == 'form' && <Alert tone="error">{error.message}</Alert>}
          <form className="form" onSubmit={(e) => void submit(e)} noValidate aria-busy={state == 'sending' || undefined}>
            <Field
              label="Email"
              type="email"
              name="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={error?.field == 'email' ? error.message : undefined}
            />
            <button type="submit" className="button button--primary button--wide" disabled={state == 'sending'}>
              Send reset link
            </button>
          </form>
          <DevMailboxLink />
        </>
      )}
    </section>
  );
}
