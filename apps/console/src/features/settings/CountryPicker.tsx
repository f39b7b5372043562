import { useId, useMemo } from 'react';

/** Reserved or grouping codes Intl names but no address is in (EU, UN, "Unknown Region"…), and withdrawn ones. */
const NOT_COUNTRIES = new Set(
  'AC AN BU CP CS DD DG DY EA EU EZ FX HV IC NH NT QO RH SU TA TP UN UK VD XA XB YD YU ZR ZZ'.split(' '),
);

/** Every ISO 3166 alpha-2 region the browser names, sorted by name (no list to keep up to date here). */
function allCountries(): { code: string; name: string }[] {
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  const out: { code: string; name: string }[] = [];
  for (let a = 65; a <= 90; a++)
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      const name = names.of(code);
      if (name && name !== code && !NOT_COUNTRIES.has(code)) out.push({ code, name });
    }
  return out.sort((x, y) => x.name.localeCompare(y.name));
}

let cached: { code: string; name: string }[] | undefined;
export const countries = () => (cached ??= allCountries());
export const countryName = (code: string) => countries().find((c) => c.code === code)?.name ?? code;

/**
 * The countries a rate applies to: the chosen ones as a list, each with its own "Remove" button, and a
 * select to add one (a native select: keyboard, screen readers and phones know it).
 */
export function CountryPicker({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: string[];
  onChange: (countries: string[]) => void;
  disabled: boolean;
}) {
  const id = useId();
  const options = useMemo(() => countries().filter((c) => !value.includes(c.code)), [value]);
  return (
    <fieldset className="country-picker">
      <legend>{label}</legend>
      {value.length ? (
        <ul className="country-picker__chosen">
          {value.map((code) => (
            <li key={code}>
              {countryName(code)} <span className="muted">({code})</span>
              {!disabled && (
                <button
                  type="button"
                  className="secondary"
                  aria-label={`Remove ${countryName(code)}`}
                  onClick={() => onChange(value.filter((c) => c !== code))}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="help-block">No country yet.</p>
      )}
      {!disabled && (
        <div className="setting">
          <label htmlFor={id}>Add a country</label>
          <select id={id} value="" onChange={(e) => e.target.value && onChange([...value, e.target.value])}>
            <option value="">Choose a country…</option>
            {options.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      )}
    </fieldset>
  );
}
