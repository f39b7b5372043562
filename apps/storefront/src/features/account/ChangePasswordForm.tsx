import { useLingui } from '@lingui/react';
import { ApiRequestError, readJson, useVitrine } from '@vitrine/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { REAUTHENTICATION_REQUIRED, WRONG_PASSWORD } from '../../app/error-codes.js';
import { Alert } from '../../components/Alert.js';
import { Field } from '../../components/Field.js';
import { MESSAGES } from '../auth/auth-errors.js';
import { i18n } from '../../i18n/i18n.js';

const PASSWORD_MIN = 8;

type Problem = { field: 'current' | 'next' | 'form'; message: string };

/** The form's own sentences, in the active language when read (catalog `password.<key>`). */
const TEXT = {
  get currentRequired() {
    return i18n._('password.currentRequired');
  },
  get currentWrong() {
    return i18n._('password.currentWrong');
  },
  get reauthenticate() {
    return i18n._('password.reauthenticate');
  },
  get context() {
    return i18n._('password.context');
  },
};

/** The server's refusal as a sentence next to the field it concerns. */
function explain(error: unknown): Problem {
  if (!(error instanceof ApiRequestError)) return { field: 'form', message: MESSAGES.networkError };
  if (error.code == WRONG_PASSWORD) return { field: 'current', message: TEXT.currentWrong };
  if (error.code == REAUTHENTICATION_REQUIRED) return { field: 'current', message: TEXT.reauthenticate };
  if (error.status == 429) return { field: 'form', message: MESSAGES.tooManyAttempts };
  const body = error.body as {
    details?: { validationError?: { fieldViolations?: { ruleName?: string; description?: string }[] } };
  } | null;
  const violation = body?.details?.validationError?.fieldViolations?.[0];
  if (violation?.ruleName == 'COMMON_PASSWORD') return { field: 'next', message: MESSAGES.commonPassword };
  if (violation?.ruleName == 'CONTEXT_PASSWORD') return { field: 'next', message: TEXT.context };
  if (violation)
    return {
      field: 'next',
      message: /least|short|length/i.test(violation.description ?? '')
        ? MESSAGES.weakPassword
        : i18n._('password.ruleBroken', { rule: violation.description ?? '' }),
    };
  return { field: 'form', message: MESSAGES.unexpectedResponse };
}

/**
 * Change password. The current password is asked for and checked by the server (without it the server
 * accepts a change only just after signing in); the new one must not be a common password. Other
 * sessions of the member end.
 */
export function ChangePasswordForm() {
  const { _ } = useLingui();
  const { authFetch } = useVitrine();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<Problem>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    if (!current) {
      setError({ field: 'current', message: TEXT.currentRequired });
      return;
    }
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
      setError(explain(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form" onSubmit={(e) => void submit(e)} aria-labelledby="password-heading" noValidate>
      <h3 id="password-heading">{_('password.heading')}</h3>
      {error?.field == 'form' && <Alert tone="error">{error.message}</Alert>}
      <Field
        label={_('field.currentPassword')}
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
        error={error?.field == 'current' ? error.message : undefined}
      />
      <Field
        label={_('field.newPassword')}
        type="password"
        autoComplete="new-password"
        minLength={PASSWORD_MIN}
        value={next}
        onChange={(e) => setNext(e.target.value)}
        error={error?.field == 'next' ? error.message : undefined}
        hint={_('password.hint', { min: PASSWORD_MIN })}
      />
      <button type="submit" className="button" disabled={busy}>
        {_('password.submit')}
      </button>
      <div aria-live="polite">{done && <Alert tone="success">{_('password.changed')}</Alert>}</div>
    </form>
  );
}
