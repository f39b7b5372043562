import { useLingui } from '@lingui/react';
import { useId, useMemo } from 'react';
import { Field } from '../../components/Field.js';
import type { OrderAddress } from '../orders/order-types.js';

/**
 * The delivery address typed at checkout. The country is a list of the countries the shop delivers to,
 * named in the shopper's language (a typed code for shops without delivery methods); the typed fields keep `dir="auto"`, so a Latin street in an Arabic page
 * reads in its own direction.
 */
export function AddressFields({
  value,
  countries,
  onChange,
}: {
  value: OrderAddress;
  countries: string[];
  onChange(next: OrderAddress): void;
}) {
  const { _, i18n } = useLingui();
  const countryId = useId();
  const named = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.locale], { type: 'region' });
    return countries
      .map((code) => ({ code, name: names.of(code) ?? code }))
      .sort((a, b) => a.name.localeCompare(b.name, i18n.locale));
  }, [countries, i18n.locale]);
  const field = (key: keyof OrderAddress, label: string, autoComplete: string, required = true) => (
    <Field
      label={label}
      value={value[key] ?? ''}
      onChange={(e) => onChange({ ...value, [key]: e.target.value })}
      autoComplete={autoComplete}
      required={required}
      dir="auto"
      maxLength={200}
    />
  );
  return (
    <div className="address-fields">
      {field('name', _('checkout.name'), 'shipping name')}
      {field('addressLine', _('address.street'), 'shipping address-line1')}
      {field('addressLine2', _('checkout.street2'), 'shipping address-line2', false)}
      <div className="form__row">
        {field('postalCode', _('address.postalCode'), 'shipping postal-code')}
        {field('city', _('address.city'), 'shipping address-level2')}
      </div>
      {countries.length == 0 ? (
        field('country', _('address.country'), 'shipping country')
      ) : (
        <div className="field">
          <label htmlFor={countryId}>{_('checkout.country')}</label>
          <select
            id={countryId}
            value={value.country ?? ''}
            onChange={(e) => onChange({ ...value, country: e.target.value })}
            autoComplete="shipping country"
            required
          >
            <option value="">{_('checkout.chooseCountry')}</option>
            {named.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
            {value.country && !countries.includes(value.country) && (
              <option value={value.country}>{value.country}</option>
            )}
          </select>
        </div>
      )}
    </div>
  );
}
