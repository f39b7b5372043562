import { useMemo } from 'react';
import { renderSVG } from 'uqr';
import type { Owner } from '../../api/types.js';
import { Notice } from '../../components/Notice.js';
import { useForm } from '../../forms/use-form.js';
import { useConfirmTwoFactor, useStartTwoFactor } from './api.js';

/** Turn on authenticator-app codes: show the setup key once, confirm with a first code. */
export function TwoFactorSection({
  owner,
  onChanged,
  required,
}: {
  owner: Owner;
  onChanged: () => void;
  required: boolean;
}) {
  const start = useStartTwoFactor();
  const confirm = useConfirmTwoFactor();
  const form = useForm({ code: '' }, confirm);
  const enrolment = start.data;
  const error = (confirm.error ?? start.error)?.message;
  // Drawn here from the otpauth URI (no third-party QR service): the secret never leaves the page.
  const qr = useMemo(
    () => enrolment && `data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(enrolment.uri))}`,
    [enrolment],
  );
  const submit = form.onSubmit(({ code }) => confirm.mutate(code, { onSuccess: onChanged }));

  if (owner.twoFactor) {
    return (
      <section aria-labelledby="two-factor-heading">
        <h2 id="two-factor-heading">Two-factor authentication</h2>
        <p>On: signing in asks for a code from your authenticator app.</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="two-factor-heading">
      <h2 id="two-factor-heading">Two-factor authentication</h2>
      {required && <p role="alert">This server requires two-factor authentication: turn it on before anything else.</p>}
      {!enrolment ? (
        <button type="button" onClick={() => start.mutate()}>
          Turn on two-factor
        </button>
      ) : (
        <form onSubmit={submit} className="form">
          <p>
            Scan this QR code with your authenticator app (or type the setup key into it, or open the link on the phone
            that has it), then enter the code it shows.
          </p>
          <img className="qr" src={qr} alt="QR code of the authenticator setup key" width={192} height={192} />
          <p>
            Setup key: <code aria-label="Setup key">{enrolment.secret}</code>
          </p>
          <p>
            <a href={enrolment.uri}>Open in authenticator app</a>
          </p>
          <label>
            Authentication code
            <input
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              required
              {...form.field('code')}
            />
          </label>
          <button type="submit">Confirm</button>
        </form>
      )}
      <Notice error={error} />
    </section>
  );
}
