import { useId } from 'react';
import { CountryPicker } from './CountryPicker.js';
import { emptyRate, type MethodDraft, type RateDraft } from './shipping-form.js';

/** "fr" → "French" for the translation fields' legends. */
function languageName(tag: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

function Text({
  label,
  value,
  onChange,
  disabled,
  hint,
  inputMode,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  hint?: string;
  inputMode?: 'decimal';
}) {
  const id = useId();
  return (
    <div className="setting">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        disabled={disabled}
        inputMode={inputMode}
        autoComplete="off"
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint && (
        <p id={`${id}-hint`} className="help-block">
          {hint}
        </p>
      )}
    </div>
  );
}

/** One delivery method: name, description, free-above, a price per list of countries, translations. */
export function ShippingMethodFields({
  draft,
  onChange,
  onRemove,
  isNew,
  languages,
  disabled,
  currency,
}: {
  draft: MethodDraft;
  onChange: (draft: MethodDraft) => void;
  onRemove: () => void;
  isNew: boolean;
  /** The site's other languages (the default one is the name above). */
  languages: string[];
  disabled: boolean;
  currency: string;
}) {
  const title = draft.name.trim() || 'New delivery method';
  const set = (patch: Partial<MethodDraft>) => onChange({ ...draft, ...patch });
  const setRate = (index: number, rate: RateDraft) =>
    set({ rates: draft.rates.map((r, i) => (i === index ? rate : r)) });
  return (
    <fieldset className="shipping-method">
      <legend>{title}</legend>
      {isNew && (
        <Text
          label="Id"
          value={draft.id}
          onChange={(id) => set({ id })}
          disabled={disabled}
          hint='Letters, digits, "-" or "_"; orders keep it, so it cannot change later.'
        />
      )}
      <Text label="Name shoppers see" value={draft.name} onChange={(name) => set({ name })} disabled={disabled} />
      <Text
        label="Description (optional)"
        value={draft.description}
        onChange={(description) => set({ description })}
        disabled={disabled}
        hint="For example 3–5 working days."
      />
      <Text
        label={`Free above (${currency}, optional)`}
        value={draft.freeAbove}
        onChange={(freeAbove) => set({ freeAbove })}
        disabled={disabled}
        inputMode="decimal"
        hint="Orders whose subtotal reaches this amount ship free by this method."
      />
      <h5>Prices by country</h5>
      <ol className="shipping-rates">
        {draft.rates.map((rate, i) => (
          <li key={i} className="shipping-rate">
            <CountryPicker
              label={`Countries of rate ${i + 1}`}
              value={rate.countries}
              onChange={(countries) => setRate(i, { ...rate, countries })}
              disabled={disabled}
            />
            <Text
              label={`Price of rate ${i + 1} (${currency})`}
              value={rate.amount}
              onChange={(amount) => setRate(i, { ...rate, amount })}
              disabled={disabled}
              inputMode="decimal"
            />
            {!disabled && draft.rates.length > 1 && (
              <button
                type="button"
                className="secondary"
                onClick={() => set({ rates: draft.rates.filter((_, j) => j !== i) })}
              >
                Remove rate {i + 1}
              </button>
            )}
          </li>
        ))}
      </ol>
      {!disabled && (
        <button type="button" className="secondary" onClick={() => set({ rates: [...draft.rates, emptyRate()] })}>
          Add a price for other countries
        </button>
      )}
      {languages.length > 0 && (
        <details className="shipping-translations">
          <summary>Translations ({languages.map(languageName).join(', ')})</summary>
          {languages.map((tag) => {
            const t = draft.translations[tag] ?? { name: '', description: '' };
            const setT = (patch: Partial<typeof t>) =>
              set({ translations: { ...draft.translations, [tag]: { ...t, ...patch } } });
            return (
              <fieldset key={tag}>
                <legend>{languageName(tag)}</legend>
                <Text
                  label={`Name in ${languageName(tag)}`}
                  value={t.name}
                  onChange={(name) => setT({ name })}
                  disabled={disabled}
                />
                <Text
                  label={`Description in ${languageName(tag)}`}
                  value={t.description}
                  onChange={(description) => setT({ description })}
                  disabled={disabled}
                />
              </fieldset>
            );
          })}
        </details>
      )}
      {!disabled && (
        <button type="button" className="secondary" onClick={onRemove}>
          Remove {title}
        </button>
      )}
    </fieldset>
  );
}
