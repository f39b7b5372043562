import { useSecondStep } from '@vitrine/react';
import type { LoginResult } from '@vitrine/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Navigate, useNavigate } from '../../app/router/index.js';
import './sign-in-options.css';
import { Alert } from '../../components/Alert.js';
import { Field } from '../../components/Field.js';
import { PageHeading } from '../../components/PageHeading.js';
import { useLingui } from '../../i18n/index.js';
import { clearPendingSecondStep, readPendingSecondStep, savePendingSecondStep } from './pending-second-step.js';

type Method = 'TOTP' | 'EMAIL' | 'RECOVERY_CODE' | 'WEBAUTHN';

/**
 * The second step of an in-page sign-in (issue #14): a code from the authenticator app or the email, a
 * recovery code, or a passkey; "Remember this device" skips the step here for 30 days.
 */
export function SecondStepPage() {
  const { _ } = useLingui();
  const t = (id: string, message: string, values?: Record<string, unknown>) =>
    _({ id, message, ...(values && { values }) });
  const navigate = useNavigate();
  const step = useSecondStep();
  const [pending, setPending] = useState(readPendingSecondStep);
  const types = new Set(pending?.result.data?.factors?.map((f) => f.factorType));
  const [method, setMethod] = useState<Method>(
    types.has('TOTP') ? 'TOTP' : types.has('EMAIL') ? 'EMAIL' : 'RECOVERY_CODE',
  );
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();

  if (!pending) return <Navigate to="/sign-in" replace />;
  const stateToken = pending.result.data?.stateToken;

  /** SUCCESS → back where the shopper was; the step again → its error; anything else → start over. */
  const handle = (result: LoginResult, wrong: string) => {
    if (result.loginState == 'SUCCESS') {
      clearPendingSecondStep();
      navigate(pending.returnTo, { replace: true });
      return;
    }
    if (result.loginState == 'MFA_REQUIRED') {
      const next = {
        ...pending,
        result: { ...result, data: { ...result.data, factors: result.data?.factors ?? pending.result.data?.factors } },
      };
      savePendingSecondStep(next);
      setPending(next);
      setError(wrong);
      return;
    }
    clearPendingSecondStep();
    navigate('/sign-in?secondStepExpired=1', { replace: true });
  };

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch {
      setError(t('secondStep.failed', 'That did not work. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const wrongCode = t('secondStep.wrongCode', 'This code is not correct. Check it and try again.');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () =>
      handle(
        await step.verifyCode({
          factorType: method as 'TOTP',
          code: code.trim(),
          rememberThisDevice: remember,
          stateToken,
        }),
        wrongCode,
      ),
    );
  };
  const sendEmail = () =>
    run(async () => {
      const result = await step.sendEmailCode(stateToken);
      setMethod('EMAIL');
      if (result.loginState == 'MFA_REQUIRED')
        setNotice(t('secondStep.emailSent', 'We emailed you a code. Enter it below.'));
      else handle(result, wrongCode);
    });
  const passkey = () =>
    run(async () =>
      handle(
        await step.verifyWithPasskey({ rememberThisDevice: remember, stateToken }),
        t('secondStep.passkeyFailed', 'The passkey was not accepted. Try again or use a code.'),
      ),
    );

  const codeLabel =
    method == 'RECOVERY_CODE'
      ? t('secondStep.recoveryCode', 'Recovery code')
      : t('secondStep.code', 'Authentication code');
  return (
    <section className="page auth-page">
      <PageHeading>{t('secondStep.heading', 'Two-step verification')}</PageHeading>
      <p>
        {method == 'TOTP'
          ? t('secondStep.totpHelp', 'Enter the 6-digit code from your authenticator app.')
          : method == 'EMAIL'
            ? t('secondStep.emailHelp', 'Enter the 6-digit code we emailed you.')
            : t('secondStep.recoveryHelp', 'Enter one of the recovery codes you saved. Each works once.')}
      </p>
      {notice && <Alert tone="success">{notice}</Alert>}
      <form className="form" onSubmit={submit} noValidate aria-busy={busy || undefined}>
        <Field
          label={codeLabel}
          name="code"
          autoComplete="one-time-code"
          inputMode={method == 'RECOVERY_CODE' ? 'text' : 'numeric'}
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={error}
        />
        <label className="checkbox">
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />{' '}
          {t('secondStep.remember', 'Remember this device')}
        </label>
        <button type="submit" className="button button--primary button--wide" disabled={busy || !code.trim()}>
          {t('secondStep.verify', 'Verify')}
        </button>
      </form>
      <div className="second-step__other">
        {types.has('WEBAUTHN') && (
          <button type="button" className="button button--wide" onClick={() => void passkey()} disabled={busy}>
            {t('secondStep.usePasskey', 'Use a passkey')}
          </button>
        )}
        {types.has('TOTP') && method != 'TOTP' && (
          <button type="button" className="button button--link" onClick={() => setMethod('TOTP')}>
            {t('secondStep.useApp', 'Use your authenticator app')}
          </button>
        )}
        {types.has('EMAIL') && (
          <button type="button" className="button button--link" onClick={() => void sendEmail()} disabled={busy}>
            {t('secondStep.emailMe', 'Email me a code')}
          </button>
        )}
        {types.has('RECOVERY_CODE') && method != 'RECOVERY_CODE' && (
          <button type="button" className="button button--link" onClick={() => setMethod('RECOVERY_CODE')}>
            {t('secondStep.useRecovery', 'Use a recovery code')}
          </button>
        )}
      </div>
    </section>
  );
}
