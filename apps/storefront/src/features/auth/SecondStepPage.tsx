import { useSecondStep } from '@vitrine/react';
import type { LoginResult } from '@vitrine/react';
import { useCallback, useState } from 'react';
import type { FormEvent } from 'react';
import { Navigate, useNavigate } from '../../app/router/index.js';
import './sign-in-options.css';
import { Alert } from '../../components/Alert.js';
import { Field } from '../../components/Field.js';
import { PageHeading } from '../../components/PageHeading.js';
import { useLingui } from '../../i18n/index.js';
import { clearPendingSecondStep, readPendingSecondStep, savePendingSecondStep } from './pending-second-step.js';
import { PushWaitPanel } from './PushWaitPanel.js';
import { usePhoneCodes, type PhoneRefusal, type PhoneWay } from './use-phone-codes.js';

type Method = 'TOTP' | 'EMAIL' | 'RECOVERY_CODE' | PhoneWay | 'PUSH';

const isPhone = (m: Method): m is PhoneWay => m == 'SMS' || m == 'WHATSAPP' || m == 'CALL';

/**
 * The second step of an in-page sign-in (issues #14, #32): a code from the authenticator app, the
 * email, a text, WhatsApp or a call, approval on another signed-in device, a recovery code, or a
 * passkey; the member picks among the factors the sign-in listed. "Remember this device" skips the
 * step here for 30 days.
 */
export function SecondStepPage() {
  const { _ } = useLingui();
  const t = (id: string, message: string, values?: Record<string, unknown>) =>
    _({ id, message, ...(values && { values }) });
  const navigate = useNavigate();
  const step = useSecondStep();
  const [pending, setPending] = useState(readPendingSecondStep);
  const stateToken = pending?.result.data?.stateToken;
  const phone = usePhoneCodes(step, stateToken);
  const types = new Set(pending?.result.data?.factors?.map((f) => f.factorType));
  const [method, setMethod] = useState<Method>(
    types.has('TOTP')
      ? 'TOTP'
      : types.has('EMAIL')
        ? 'EMAIL'
        : types.has('SMS')
          ? 'SMS'
          : types.has('CALL')
            ? 'CALL'
            : types.has('PUSH')
              ? 'PUSH'
              : 'RECOVERY_CODE',
  );
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const [notice, setNotice] = useState<string>();

  const signedIn = useCallback(() => {
    clearPendingSecondStep();
    navigate(pending?.returnTo ?? '/account', { replace: true });
  }, [navigate, pending?.returnTo]);

  if (!pending) return <Navigate to="/sign-in" replace />;

  /** SUCCESS → back where the shopper was; the step again → its error; anything else → start over. */
  const handle = (result: LoginResult, wrong: string) => {
    if (result.loginState == 'SUCCESS') return signedIn();
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
    setRefusal(undefined);
    try {
      await action();
    } catch {
      setError(t('secondStep.failed', 'That did not work. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const choose = (next: Method) => {
    setMethod(next);
    setCode('');
    setError(undefined);
    setRefusal(undefined);
    setNotice(undefined);
  };

  const wrongCode = t('secondStep.wrongCode', 'This code is not correct. Check it and try again.');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () =>
      handle(
        await step.verifyCode({
          factorType: method == 'WHATSAPP' ? 'SMS' : (method as 'TOTP'),
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
      choose('EMAIL');
      if (result.loginState == 'MFA_REQUIRED')
        setNotice(t('secondStep.emailSent', 'We emailed you a code. Enter it below.'));
      else handle(result, wrongCode);
    });
  const refusalText = (why: PhoneRefusal) =>
    why == 'tooSoon'
      ? t('secondStep.phoneTooSoon', 'A code was sent a moment ago. You can ask for another when the wait is over.')
      : why == 'limit'
        ? t('secondStep.phoneLimit', 'No more codes can be sent to this phone for now. Choose another way to sign in.')
        : why == 'delivery'
          ? t(
              'secondStep.phoneFailed',
              'We could not reach your phone just now. Try again in a few minutes or choose another way to sign in.',
            )
          : t('secondStep.failed', 'That did not work. Please try again.');
  const sendPhone = (way: PhoneWay) =>
    run(async () => {
      const why = await phone.send(way);
      choose(way);
      if (why) setRefusal(refusalText(why));
    });
  const passkey = () =>
    run(async () =>
      handle(
        await step.verifyWithPasskey({ rememberThisDevice: remember, stateToken }),
        t('secondStep.passkeyFailed', 'The passkey was not accepted. Try again or use a code.'),
      ),
    );

  // The number goes in as a marker, then becomes its own left-to-right element: in Arabic text the digits
  // and '+' alone would take the sentence's direction ("48 •• 33+"); no-break spaces keep it on one line.
  const where = '\u0000';
  const help: Record<Method, string> = {
    TOTP: t('secondStep.totpHelp', 'Enter the 6-digit code from your authenticator app.'),
    EMAIL: t('secondStep.emailHelp', 'Enter the 6-digit code we emailed you.'),
    RECOVERY_CODE: t('secondStep.recoveryHelp', 'Enter one of the recovery codes you saved. Each works once.'),
    SMS: phone.sent.SMS
      ? t('secondStep.smsSent', 'We texted a 6-digit code to {phone}. Enter it below.', { phone: where })
      : t('secondStep.phoneHelp', 'We can text you a code or call you with one. Choose below.'),
    WHATSAPP: phone.sent.WHATSAPP
      ? t('secondStep.whatsappSent', 'We sent a 6-digit code by WhatsApp to {phone}. Enter it below.', {
          phone: where,
        })
      : t('secondStep.phoneHelp', 'We can text you a code or call you with one. Choose below.'),
    CALL: phone.sent.CALL
      ? t('secondStep.callSent', 'We are calling {phone}. Enter the 6-digit code you hear.', { phone: where })
      : t('secondStep.phoneHelp', 'We can text you a code or call you with one. Choose below.'),
    PUSH: t('secondStep.pushHelp', 'Approve this sign-in on a phone or computer where you are already signed in.'),
  };
  const showsCodeForm = method != 'PUSH' && (!isPhone(method) || phone.sent[method]);
  const wait = isPhone(method) ? phone.secondsLeft(method) : 0;
  const sendLabel = (way: PhoneWay) => {
    const again = phone.sent[way];
    if (way == 'SMS')
      return again
        ? t('secondStep.textAgain', 'Text me a new code')
        : isPhone(method) && phone.sent[method]
          ? t('secondStep.textInstead', 'Text me instead')
          : t('secondStep.textMe', 'Text me a code');
    if (way == 'WHATSAPP')
      return again
        ? t('secondStep.whatsappAgain', 'Send a new code by WhatsApp')
        : t('secondStep.whatsapp', 'Send the code by WhatsApp');
    return again
      ? t('secondStep.callAgain', 'Call me again')
      : isPhone(method) && phone.sent[method]
        ? t('secondStep.callInstead', 'Call me instead')
        : t('secondStep.callMe', 'Call me with a code');
  };
  // WhatsApp only where the site can send by it (the server lists the SMS factor's delivery methods).
  const sms = pending?.result.data?.factors?.find((f) => f.factorType == 'SMS');
  const whatsapp = !sms?.deliveryMethods || sms.deliveryMethods.includes('WHATSAPP');
  const phoneWays = (['SMS', 'WHATSAPP', 'CALL'] as const).filter((w) =>
    w == 'WHATSAPP' ? types.has('SMS') && whatsapp : types.has(w),
  );

  return (
    <section className="page auth-page">
      <PageHeading>{t('secondStep.heading', 'Two-step verification')}</PageHeading>
      <p>
        {help[method].split(where).flatMap((part, i) =>
          i == 0
            ? [part]
            : [
                <bdi key={i} dir="ltr">
                  {(phone.hint ?? '').replace(/ /g, '\u00a0')}
                </bdi>,
                part,
              ],
        )}
      </p>
      {notice && <Alert tone="success">{notice}</Alert>}
      {refusal && <Alert tone="error">{refusal}</Alert>}
      {method == 'PUSH' && (
        <PushWaitPanel
          stateToken={stateToken}
          remember={remember}
          onSignedIn={signedIn}
          onRestart={clearPendingSecondStep}
        />
      )}
      {showsCodeForm && (
        <form className="form" onSubmit={submit} noValidate aria-busy={busy || undefined}>
          <Field
            label={
              method == 'RECOVERY_CODE'
                ? t('secondStep.recoveryCode', 'Recovery code')
                : t('secondStep.code', 'Authentication code')
            }
            name="code"
            autoComplete="one-time-code"
            inputMode={method == 'RECOVERY_CODE' ? 'text' : 'numeric'}
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={error}
          />
          <button type="submit" className="button button--primary button--wide" disabled={busy || !code.trim()}>
            {t('secondStep.verify', 'Verify')}
          </button>
        </form>
      )}
      {!showsCodeForm && error && <Alert tone="error">{error}</Alert>}
      <label className="checkbox">
        <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />{' '}
        {t('secondStep.remember', 'Remember this device')}
      </label>
      {isPhone(method) && wait > 0 && (
        <p className="second-step__wait" aria-live="off">
          {t(
            'secondStep.resendIn',
            'You can ask for a new code in {seconds, plural, one {# second} other {# seconds}}.',
            { seconds: wait },
          )}
        </p>
      )}
      <div className="second-step__other">
        {types.has('WEBAUTHN') && (
          <button type="button" className="button button--wide" onClick={() => void passkey()} disabled={busy}>
            {t('secondStep.usePasskey', 'Use a passkey')}
          </button>
        )}
        {types.has('TOTP') && method != 'TOTP' && (
          <button type="button" className="button button--link" onClick={() => choose('TOTP')}>
            {t('secondStep.useApp', 'Use your authenticator app')}
          </button>
        )}
        {types.has('EMAIL') && (
          <button type="button" className="button button--link" onClick={() => void sendEmail()} disabled={busy}>
            {t('secondStep.emailMe', 'Email me a code')}
          </button>
        )}
        {phoneWays.map((way) => (
          <button
            key={way}
            type="button"
            className="button button--link"
            onClick={() => void sendPhone(way)}
            disabled={busy || phone.secondsLeft(way) > 0}
          >
            {sendLabel(way)}
          </button>
        ))}
        {types.has('PUSH') && method != 'PUSH' && (
          <button type="button" className="button button--link" onClick={() => choose('PUSH')}>
            {t('secondStep.usePush', 'Approve on another device')}
          </button>
        )}
        {types.has('RECOVERY_CODE') && method != 'RECOVERY_CODE' && (
          <button type="button" className="button button--link" onClick={() => choose('RECOVERY_CODE')}>
            {t('secondStep.useRecovery', 'Use a recovery code')}
          </button>
        )}
      </div>
    </section>
  );
}
