import { useLingui } from '@lingui/react';
import { useId, useState, type FormEvent } from 'react';
import type { AppliedDiscount } from '../../app/ecom-types.js';
import { couponErrorId, couponMessageId } from './coupon-errors.js';

/**
 * The discount code field: applies a code, shows the one applied with a way to remove it, and says in a sentence
 * why the server refused one (or why the code applied no longer takes anything off).
 */
export function CouponForm({
  applied,
  stoppedApplying,
  onApply,
  onRemove,
}: {
  applied: AppliedDiscount[];
  /** The server's code when the code applied takes nothing off now (`calculationErrors.couponCalculationError`). */
  stoppedApplying?: string;
  onApply(code: string): Promise<void>;
  onRemove(): Promise<void>;
}) {
  const { _ } = useLingui();
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const current = applied.find((d) => d.coupon)?.coupon?.code;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return;
    setBusy(true);
    setError(undefined);
    try {
      await onApply(code.trim());
      setCode('');
    } catch (cause) {
      setError(couponErrorId(cause));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="coupon">
      {current ? (
        <p className="coupon__applied">
          <span role="status">{_('coupon.applied', { code: current })}</span>{' '}
          <button type="button" className="link-button" onClick={() => void onRemove()}>
            {_('coupon.remove', { code: current })}
          </button>
        </p>
      ) : (
        <form className="coupon__form" onSubmit={(e) => void submit(e)}>
          <label htmlFor={`${id}-code`}>{_('coupon.label')}</label>
          <div className="filters__row">
            <input
              id={`${id}-code`}
              value={code}
              autoComplete="off"
              autoCapitalize="characters"
              dir="ltr"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => setCode(e.target.value)}
            />
            <button type="submit" className="button" disabled={busy}>
              {_('coupon.apply')}
            </button>
          </div>
        </form>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {_(error)}
        </p>
      )}
      {current && stoppedApplying && (
        <p className="field__error" role="alert">
          {_(couponMessageId(stoppedApplying))}
        </p>
      )}
    </div>
  );
}
