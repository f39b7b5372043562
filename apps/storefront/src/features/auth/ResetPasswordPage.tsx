import { useLingui } from '@lingui/react';
import { readJson } from '@vitrine/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from '../../app/router/index.js';
import { useRuntimeConfig } from '../../config/config-context.js';
import { Alert } from '../../components/Alert.js';
import { Field } from '../../components/Field.js';
import { PageHeading } from '../../components/PageHeading.js';
import { MESSAGES } from './auth-errors.js';

const PASSWORD_MIN = 8;

/**
 * `/reset-password?token=…` when the storefront serves it (the server also has a hosted page at the
 * same address for mails opened on its own origin). Sets the new password, then goes to sign-in.
 */
export function ResetPasswordPage() {
  const { _ } = useLingui();
  const [params] = useSearchParams();
  const token = params.get('token') ?? params.get('recoveryToken') ?? '';
  const { apiBaseUrl } = useRuntimeConfig();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field: 'password' | 'form'; message: string; expired?: boolean }>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if ([...password].length < PASSWORD_MIN) {
      setError({ field: 'password', message: MESSAGES.weakPassword });
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const response = await fetch(`${apiBaseUrl}/_api/iam/recovery/v1/recover`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ recoveryToken: token, password }),
      });
      await readJson(response);
      navigate('/sign-in?passwordReset=1', { replace: true });
    } catch (e) {
      const message = String((e as Error)?.message ?? '');
      if (/commonly used password/i.test(message)) setError({ field: 'password', message: MESSAGES.commonPassword });
      else if (/password/i.test(message)) setError({ field: 'password', message: MESSAGES.weakPassword });
      else if (/blocked/i.test(message)) setError({ field: 'form', message: MESSAGES.blocked });
      else if (e instanceof TypeError) setError({ field: 'form', message: MESSAGES.networkError });
      else setError({ field: 'form', message: _('reset.invalidLink'), expired: true });
      setBusy(false);
    }
  };

  if (!token) {
    return (
      <section className="page auth-page">
        <PageHeading>{_('reset.heading')}</PageHeading>
        <Alert tone="error">{_('reset.needsLink')}</Alert>
        <p>
          <Link to="/forgot-password">{_('signIn.forgot')}</Link>
        </p>
      </section>
    );
  }
  return (
    <section className="page auth-page">
      <PageHeading>{_('reset.heading')}</PageHeading>
      {error?.field == 'form' && (
        <Alert tone="error">
          {error.message} {error.expired && <Link to="/forgot-password">{_('reset.askNewLink')}</Link>}
        </Alert>
      )}
      <form className="form" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy || undefined}>
        <Field
          label={_('field.newPassword')}
          type="password"
          name="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={error?.field == 'password' ? error.message : undefined}
          hint={_('field.passwordHint', { min: PASSWORD_MIN })}
        />
        <button type="submit" className="button button--primary button--wide" disabled={busy}>
          {_('reset.submit')}
        </button>
      </form>
    </section>
  );
}
