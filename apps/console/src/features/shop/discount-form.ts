/** The discount form's text fields ↔ what the admin API takes (minor units, ISO dates, null for none). */
import type { Discount } from '../../api/types.js';
import type { DiscountChange } from './discounts-api.js';
import { toDecimal, toMinor } from './money.js';

export interface DiscountFields extends Record<string, string> {
  code: string;
  kind: 'percentage' | 'amount';
  value: string;
  minSubtotal: string;
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  active: 'yes' | 'no';
}

export const blankDiscount: DiscountFields = {
  code: '',
  kind: 'percentage',
  value: '',
  minSubtotal: '',
  startsAt: '',
  endsAt: '',
  usageLimit: '',
  active: 'yes',
};

/** An ISO date → the `datetime-local` input's value in the owner's time zone. */
const localInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

export const fieldsOf = (d: Discount): DiscountFields => ({
  code: d.code,
  kind: d.kind,
  value: d.kind === 'amount' ? toDecimal(d.value, d.currency) : String(d.value),
  minSubtotal: d.minSubtotal ? toDecimal(d.minSubtotal, d.currency) : '',
  startsAt: localInput(d.startsAt),
  endsAt: localInput(d.endsAt),
  usageLimit: d.usageLimit === null ? '' : String(d.usageLimit),
  active: d.active ? 'yes' : 'no',
});

/** A field the owner got wrong, said before anything is sent (the server checks everything again). */
export class DiscountFieldError extends Error {}

export function discountChange(f: DiscountFields, currency: string): DiscountChange {
  const minor = (text: string, what: string) => {
    const value = toMinor(text, currency);
    if (value === undefined) throw new DiscountFieldError(`${what}: "${text}" is not an amount in ${currency}`);
    return value;
  };
  const whole = (text: string, what: string) => {
    if (!/^\s*\d{1,10}\s*$/.test(text)) throw new DiscountFieldError(`${what}: "${text}" is not a whole number`);
    return Number(text);
  };
  return {
    code: f.code.trim(),
    kind: f.kind,
    value: f.kind === 'amount' ? minor(f.value, 'Amount off') : whole(f.value, 'Percentage off'),
    minSubtotal: f.minSubtotal.trim() ? minor(f.minSubtotal, 'Minimum subtotal') : 0,
    startsAt: f.startsAt ? new Date(f.startsAt).toISOString() : null,
    endsAt: f.endsAt ? new Date(f.endsAt).toISOString() : null,
    usageLimit: f.usageLimit.trim() ? whole(f.usageLimit, 'Usage limit') : null,
    active: f.active === 'yes',
  };
}
