import type { FactorsResult } from '@vitrine/react';
import { useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { renderSVG } from 'uqr';
import { REAUTHENTICATION_REQUIRED } from '../../app/error-codes.js';
import { Field } from '../../components/Field.js';
import { useLingui } from '../../i18n/index.js';
import type { Proof } from './use-fresh-proof.js';

/**
 * Turning on an authenticator app: the QR code of the otpauth URI (rendered here as an SVG image, so
 * the secret never leaves the page) and the secret as text, then a code from the app.
 */
export function TotpSetup({
  setup,
  factors,
  run,
  onDone,
}: {
  setup: { factor: { factorId: string }; totp: { secret: string; otpauthUri: string } };
  factors: FactorsResult;
  run(change: (proof: Proof) => Promise<void>): Promise<void>;
  onDone(recoveryCodes: string[] | undefined): void;
}) {
  const { _ } = useLingui();
  const t = (id: string, message: string, values?: Record<string, unknown>) =>
    _({ id, message, ...(values && { values }) });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const qr = useMemo(
    () => `data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(setup.totp.otpauthUri))}`,
    [setup.totp.otpauthUri],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    void run(async (proof) => {
      try {
        const done = await factors.activate(setup.factor.factorId, code.trim(), proof);
        onDone(done.recoveryCodes);
      } catch (e) {
        if ((e as { code?: unknown }).code == REAUTHENTICATION_REQUIRED) throw e;
        setError(
          t('security.totpWrong', 'This code is not correct. Check the time on your phone and try the newest code.'),
        );
      }
    });
  };

  return (
    <form className="form totp-setup" onSubmit={submit} noValidate>
      <p>{t('security.totpScan', 'Scan this QR code with your authenticator app, or type the key below into it.')}</p>
      <img
        className="totp-setup__qr"
        src={qr}
        width={180}
        height={180}
        alt={t('security.totpQrAlt', 'QR code for your authenticator app')}
      />
      <p>
        {t('security.totpKey', 'Key:')} <code className="totp-setup__secret">{setup.totp.secret}</code>
      </p>
      <Field
        label={t('secondStep.code', 'Authentication code')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error}
      />
      <button type="submit" className="button button--primary" disabled={!code.trim()}>
        {t('security.turnOn', 'Turn on')}
      </button>
    </form>
  );
}
