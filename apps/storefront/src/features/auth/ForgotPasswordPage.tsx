import { useLingui } from '@lingui/react';
import { useAuthActions } from '@vitrine/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useRuntimeConfig } from '../../config/config-context.js';
import { Alert } from '../../components/Alert.js';
import { Field } from '../../components/Field.js';
import { PageHeading } from '../../components/PageHeading.js';
import { MESSAGES } from './auth-errors.js';
import { DevMailboxLink } from './DevMailboxLink.js';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const AFTER_RESET = '/sign-in?passwordReset=1';

function resetFailure(e: unknown): { field: 'email' | 'form'; message: string } {
  const { status, message = '' } = (e ?? {}) as { status?: number; message?: string };
  if (status == 429 || /too many/i.test(message)) return { field: 'form', message: MESSAGES.tooManyAttempts };
  if (/email/i.test(message) && !/redirect/i.test(message))
    return { field: 'email', message: MESSAGES.invalidEmailRegister };
  if (status) return { field: 'form', message: MESSAGES.unexpectedResponse };
  return { field: 'form', message: MESSAGES.networkError };
}

/** Asks for a reset link; the mail leads to the reset page, which comes back to sign-in. */
export function ForgotPasswordPage() {
  const { _ } = useLingui();
  const { sendPasswordResetEmail } = useAuthActions();
  const { apiBaseUrl } = useRuntimeConfig();
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
      try {
        await sendPasswordResetEmail(value, `${location.origin}${AFTER_RESET}`);
      } catch (e) {
        // This page's origin is not registered with the client (e.g. a dev server): come back
        // through the API's origin, which serves the same storefront.
        if (!/redirect/i.test(String((e as Error)?.message)) || apiBaseUrl == location.origin) throw e;
        await sendPasswordResetEmail(value, `${apiBaseUrl}${AFTER_RESET}`);
      }
      setState('sent');
    } catch (e) {
      setError(resetFailure(e));
      setState('idle');
    }
  };

  return (
    <section className="page auth-page">
      <PageHeading>{_('forgot.heading')}</PageHeading>
      {state == 'sent' ? (
        <>
          <Alert tone="success" title={_('forgot.sentTitle')}>
            {_('forgot.sentBody', { email: email.trim() })}
          </Alert>
          <DevMailboxLink email={email.trim()} />
        </>
      ) : (
        <>
          <p>{_('forgot.intro')}</p>
          {error?.field == 'form' && <Alert tone="error">{error.message}</Alert>}
          <form
            className="form"
            onSubmit={(e) => void submit(e)}
            noValidate
            aria-busy={state == 'sending' || undefined}
          >
            <Field
              label={_('field.email')}
              type="email"
              name="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={error?.field == 'email' ? error.message : undefined}
            />
            <button type="submit" className="button button--primary button--wide" disabled={state == 'sending'}>
              {_('forgot.submit')}
            </button>
          </form>
          <DevMailboxLink />
        </>
      )}
    </section>
  );
}
