import { useLingui } from '@lingui/react';
import { useId } from 'react';

/** "Quantity" with one less / one more buttons around a number field, kept within 1…max. */
export function QuantityStepper({ value, max, onChange }: { value: number; max: number; onChange(n: number): void }) {
  const { _ } = useLingui();
  const label = useId();
  const set = (n: number) => onChange(Math.max(1, Math.min(max, Math.floor(n) || 1)));
  return (
    <div className="quantity" role="group" aria-labelledby={label}>
      <span id={label} className="quantity__label">
        {_('product.quantity')}
      </span>
      <button
        type="button"
        className="quantity__step"
        aria-label={_('product.decrease')}
        onClick={() => set(value - 1)}
        disabled={value <= 1}
      >
        −
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        value={value}
        aria-labelledby={label}
        onChange={(e) => set(Number(e.target.value))}
      />
      <button
        type="button"
        className="quantity__step"
        aria-label={_('product.increase')}
        onClick={() => set(value + 1)}
        disabled={value >= max}
      >
        +
      </button>
    </div>
  );
}
