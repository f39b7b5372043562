import { useLingui } from '@lingui/react';
import { CountrySelect } from '../../components/CountrySelect.js';
import { Field } from '../../components/Field.js';
import type { OrderAddress } from '../orders/order-types.js';

/**
 * The delivery address typed at checkout. The country is the shop's one country selector (CountrySelect), narrowed to
 * the countries the shop delivers to (every country for shops without delivery methods); the typed fields keep
 * `dir="auto"`, so a Latin street in an Arabic page reads in its own direction.
 */
export function AddressFields({
  value,
  countries,
  onChange,
  errors = {},
}: {
  value: OrderAddress;
  countries: string[];
  onChange(next: OrderAddress): void;
  /** The form's check, by field name (checkout shows one message per field, under it). */
  errors?: Partial<Record<keyof OrderAddress, string>>;
}) {
  const { _ } = useLingui();
  const field = (key: keyof OrderAddress, label: string, autoComplete: string, required = true) => (
    <Field
      label={label}
      name={key}
      error={errors[key]}
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
      <CountrySelect
        label={_('checkout.country')}
        value={value.country ?? ''}
        onChange={(country) => onChange({ ...value, country })}
        // Shops without delivery methods deliver anywhere: every country.
        {...(countries.length ? { countries } : {})}
        autoComplete="shipping country"
        required
        name="country"
        error={errors.country}
      />
    </div>
  );
}
