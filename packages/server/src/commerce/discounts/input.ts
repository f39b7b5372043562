/**
 * A discount code as the admin API takes it, checked: a code of letters, digits, `-` and `_` (stored in
 * capitals), a percentage from 1 to 100 or an amount in minor units, a minimum subtotal, optional dates (the end
 * after the start) and usage limit. A change (`PATCH`) names only what it changes; the rest is kept.
 */
import { invalidField } from '../../errors/wire.js';
import { commerceDate } from '../dates.js';
import { normaliseCode } from '../pricing/discount.js';
import type { DiscountInput, StoredDiscount } from './store.js';

export const MAX_CODE = 40;
const CODE = /^[A-Z0-9][A-Z0-9_-]{0,39}$/;
const MAX_MINOR = 1_000_000_000_000;

const has = (body: Record<string, unknown>, key: string) => body[key] !== undefined;

function whole(value: unknown, field: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max)
    throw invalidField(field, `must be a whole number from ${min} to ${max}`);
  return value;
}

function dateOrNull(value: unknown, field: string): Date | null {
  if (value === null || value === '') return null;
  return new Date(commerceDate(value, field));
}

/** The code's settings from a body: all of them (create) or over `current` (update). */
export function readDiscountInput(body: Record<string, unknown>, current?: StoredDiscount): DiscountInput {
  if (!current && !has(body, 'code')) throw invalidField('code', 'is required', 'REQUIRED');
  if (!current && !has(body, 'kind')) throw invalidField('kind', 'is required: percentage or amount', 'REQUIRED');
  if (!current && !has(body, 'value')) throw invalidField('value', 'is required', 'REQUIRED');
  const code = has(body, 'code') ? normaliseCode(String(body.code)) : current!.code;
  if (typeof body.code !== 'string' && has(body, 'code')) throw invalidField('code', 'must be a string');
  if (!CODE.test(code))
    throw invalidField('code', `must be 1 to ${MAX_CODE} letters, digits, "-" or "_" (shoppers type it in any case)`);
  const kind = has(body, 'kind') ? body.kind : current!.kind;
  if (kind !== 'percentage' && kind !== 'amount') throw invalidField('kind', 'must be percentage or amount');
  const value = has(body, 'value') ? body.value : current!.value;
  const input: DiscountInput = {
    code,
    kind,
    value: kind === 'percentage' ? whole(value, 'value', 1, 100) : whole(value, 'value', 1, MAX_MINOR),
    minSubtotal: has(body, 'minSubtotal')
      ? whole(body.minSubtotal, 'minSubtotal', 0, MAX_MINOR)
      : (current?.minSubtotal ?? 0),
    startsAt: has(body, 'startsAt') ? dateOrNull(body.startsAt, 'startsAt') : (current?.startsAt ?? null),
    endsAt: has(body, 'endsAt') ? dateOrNull(body.endsAt, 'endsAt') : (current?.endsAt ?? null),
    usageLimit:
      has(body, 'usageLimit') && body.usageLimit !== null
        ? whole(body.usageLimit, 'usageLimit', 1, 1_000_000_000)
        : has(body, 'usageLimit')
          ? null
          : (current?.usageLimit ?? null),
    active: has(body, 'active') ? body.active === true : (current?.active ?? true),
  };
  if (has(body, 'active') && typeof body.active !== 'boolean') throw invalidField('active', 'must be true or false');
  if (input.startsAt && input.endsAt && input.endsAt <= input.startsAt)
    throw invalidField('endsAt', 'must be after startsAt');
  return input;
}

/** A code as the admin API answers it. */
export const discountView = (d: StoredDiscount, currency: string) => ({
  id: d.id,
  code: d.code,
  kind: d.kind,
  value: d.value,
  currency,
  minSubtotal: d.minSubtotal,
  startsAt: d.startsAt?.toISOString() ?? null,
  endsAt: d.endsAt?.toISOString() ?? null,
  usageLimit: d.usageLimit,
  used: d.used,
  active: d.active,
  createdDate: d.createdAt.toISOString(),
});
