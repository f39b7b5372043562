import { useLingui } from '@lingui/react';
import { useId, useMemo } from 'react';
import { COUNTRY_CODES, toAlpha2 } from '../i18n/countries.js';

/**
 * The one country field of the address book and checkout: a native `<select>` of ISO 3166 alpha-2 codes, each named
 * in the shopper's language (`Intl.DisplayNames`) and sorted by that name, so it reads and types ahead the same in
 * French or right to left in Arabic. `countries` narrows it (checkout: where the shop delivers). A value outside the
 * list stays selectable: a known country (also as an alpha-3 code) under its name, anything else (an address saved
 * before the selector) as typed, flagged so the shopper chooses again.
 */
export function CountrySelect({
  value,
  onChange,
  label,
  countries = COUNTRY_CODES,
  autoComplete = 'country',
  required = false,
  name,
  error,
}: {
  value: string;
  onChange(code: string): void;
  label: string;
  countries?: readonly string[];
  autoComplete?: string;
  required?: boolean;
  name?: string;
  /** Shown under the field (a check of the form); an unknown saved value has its own. */
  error?: string | undefined;
}) {
  const { _, i18n } = useLingui();
  const id = useId();
  const named = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.locale], { type: 'region', fallback: 'none' });
    const collator = new Intl.Collator(i18n.locale);
    return {
      of: (code: string) => (COUNTRY_CODES.includes(code) ? names.of(code) : undefined),
      list: countries
        .map((code) => ({ code, name: names.of(code) ?? code }))
        .sort((a, b) => collator.compare(a.name, b.name)),
    };
  }, [countries, i18n.locale]);
  // A saved "FRA" or "fr" shows as its country (the server keeps it as "FR" when the address is saved again).
  const code = (value && toAlpha2(value)) || value;
  const outside = code && !countries.includes(code) ? code : undefined;
  const outsideName = outside && named.of(outside);
  const unknown = outside !== undefined && !outsideName;
  const message = error ?? (unknown ? _('address.countryUnknown', { value: outside }) : undefined);
  const errorId = `${id}-error`;
  return (
    <div className={`field${message ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={code}
        onChange={(e) => onChange(e.target.value)}
        autoComplete={autoComplete}
        required={required}
        name={name}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? errorId : undefined}
      >
        <option value="">{_('checkout.chooseCountry')}</option>
        {named.list.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
        {outside && <option value={outside}>{outsideName ?? outside}</option>}
      </select>
      {message && (
        <p id={errorId} className="field__error">
          {message}
        </p>
      )}
    </div>
  );
}
