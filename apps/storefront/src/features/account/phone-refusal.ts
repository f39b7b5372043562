/**
 * Why adding a phone was refused, read from the server's answer (packages/server/src/identity/mfa/manage.ts,
 * phone/numbers.ts, phone-codes.ts): the review found "Check the number…" shown for every failure, hiding that
 * the site does not send texts or that a phone is already on. Each cause gets its own words in PhoneSection.
 */
import {
  FACTOR_EXISTS,
  FACTOR_NOT_AVAILABLE,
  PHONE_DELIVERY_FAILED,
  PHONE_LIMIT_REACHED,
  PHONE_RESEND_TOO_SOON,
} from '../../app/error-codes.js';

export type Way = 'SMS' | 'WHATSAPP' | 'CALL';

export type PhoneRefusal =
  | { cause: 'notOffered'; way: Way }
  | { cause: 'exists' }
  | { cause: 'country'; countries: string[] }
  | { cause: 'format' }
  | { cause: 'tooSoon' }
  | { cause: 'limit' }
  | { cause: 'delivery' }
  | { cause: 'other'; message: string };

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  data?: { limit?: unknown };
  violations?: { field?: string; ruleName?: unknown; data?: Record<string, unknown> }[];
}

export function phoneRefusal(error: unknown, way: Way): PhoneRefusal {
  const e = (error ?? {}) as ErrorLike;
  // The SDK's ValidationError (its own code, not the server's): one violation per bad field, with the server's rule.
  if (e.code == 'INVALID_ARGUMENT') {
    const v = e.violations?.[0];
    if (v?.ruleName == 'INVALID_FACTOR_TYPE') return { cause: 'notOffered', way };
    if (v?.ruleName == 'PHONE_COUNTRY_NOT_ALLOWED') {
      const list = v.data?.allowedCountries;
      return { cause: 'country', countries: Array.isArray(list) ? list.map(String) : [] };
    }
    if (v?.field == 'phoneNumber') return { cause: 'format' };
  }
  if (e.code == FACTOR_NOT_AVAILABLE) return { cause: 'notOffered', way };
  if (e.code == FACTOR_EXISTS) return { cause: 'exists' };
  if (e.code == PHONE_LIMIT_REACHED)
    return e.data?.limit == 'country' ? { cause: 'country', countries: [] } : { cause: 'limit' };
  if (e.code == PHONE_RESEND_TOO_SOON) return { cause: 'tooSoon' };
  if (e.code == PHONE_DELIVERY_FAILED) return { cause: 'delivery' };
  return { cause: 'other', message: typeof e.message == 'string' ? e.message : String(e.code ?? '') };
}
