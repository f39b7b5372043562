import { readJson, useVitrine } from '@vitrine/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert } from '../../components/Alert.js';
import { Field } from '../../components/Field.js';
import { MESSAGES } from '../auth/auth-errors.js';

const PASSWORD_MIN = 8;

/** Change password (the current one is checked; other sessions of the member end). */
export function ChangePasswordForm() {
  const { authFetch } = useVitrine();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<{ field: 'current' | 'next' | 'form'; message: string }>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    if ([...next].length < PASSWORD_MIN) {
      setError({ field: 'next', message: MESSAGES.weakPassword });
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await readJson(
        await authFetch('/_api/iam/authentication/v2/change-password', {
          method: 'POST',
          body: JSON.stringify({ currentPassword: current, newPassword: next }),
        }),
      );
      setDone(true);
      setCurrent('');
      setNext('');
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (code == '-19976') setError({ field: 'current', message: 'Your current password is not correct.' });
      else if (/password/i.test(String((e as Error).message))) setError({ field: 'next', message: MESSAGES.weakPassword });
      else setError({ field: 'form', message: MESSAGES.unexpectedResponse });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form" onSubmit={(e) => void submit(e)} aria-labelledby="password-heading" noValidate>
      <h3 id="password-heading">Change password</h3>
      {error?.field == 'form' && <Alert tone="error">{error.message}</Alert>}
      <Field
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
        error={error?.field == 'current' ? error.message : undefined}
      />
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        minLength={PASSWORD_MIN}
        value={next}
        onChange={(e) => setNext(e.target.value)}
        error={error?.field == 'next' ? error.message : undefined}
        hint={`At least ${PASSWORD_MIN} characters. You stay signed in here; other devices are signed out.`}
      />
      <button type="submit" className="button" disabled={busy}>
        Change password
      </button>
      <div aria-live="polite">{done && <Alert tone="success">Your password was changed.</Alert>}</div>
    </form>
  );
}
