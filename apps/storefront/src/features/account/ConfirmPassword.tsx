import { useState } from 'react';
import type { FormEvent } from 'react';
import { Field } from '../../components/Field.js';
import { useLingui } from '../../i18n/index.js';

/** Asks for the current password before a sensitive change (the sign-in is older than 10 minutes). */
export function ConfirmPassword({
  onConfirm,
  onCancel,
  wrong,
  busy,
}: {
  onConfirm(password: string): void;
  onCancel(): void;
  wrong: boolean;
  busy: boolean;
}) {
  const { _ } = useLingui();
  const t = (id: string, message: string, values?: Record<string, unknown>) =>
    _({ id, message, ...(values && { values }) });
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(password);
  };
  return (
    <form className="form confirm-password" onSubmit={submit} noValidate aria-busy={busy || undefined}>
      <p>{t('security.confirmHelp', 'For your security, confirm your password to make this change.')}</p>
      <Field
        label={t('field.currentPassword', 'Current password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={wrong ? t('security.wrongPassword', 'This password is not correct.') : undefined}
      />
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={busy || !password}>
          {t('security.confirm', 'Confirm')}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t('common.cancel', 'Cancel')}
        </button>
      </div>
    </form>
  );
}
