/**
 * A delivery address as the module keeps it (name, address lines, city, subdivision, postal code, country) and as the eCom wire
 * carries it (`{address: {country, subdivision, city, postalCode, addressLine, addressLine2, streetAddress},
 * contactDetails: {firstName, lastName, phone, company}}`). Only known string fields are kept, each bounded.
 */
import { toAlpha2 } from '../../config/countries.js';
import { invalidField } from '../../errors/wire.js';

export interface DeliveryAddress {
  name?: string;
  addressLine?: string;
  addressLine2?: string;
  city?: string;
  subdivision?: string;
  postalCode?: string;
  /** ISO 3166 alpha-2, capitals. */
  country?: string;
  phone?: string;
}

const LIMITS: Record<keyof DeliveryAddress, number> = {
  name: 200,
  addressLine: 200,
  addressLine2: 200,
  city: 200,
  subdivision: 200,
  postalCode: 20,
  country: 2,
  phone: 40,
};

const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

function text(value: unknown, field: string, max: number): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw invalidField(field, 'must be a string');
  const trimmed = value.trim();
  if (trimmed.length > max) throw invalidField(field, `must be at most ${max} characters`);
  return trimmed || undefined;
}

/** The wire's `AddressWithContact` (`field` names it in errors); undefined when it carries nothing. */
export function readWixAddress(value: unknown, field: string): DeliveryAddress | undefined {
  const withContact = record(value);
  const a = record(withContact.address);
  const c = record(withContact.contactDetails);
  const street = record(a.streetAddress);
  const streetLine = [street.number, street.name].filter((p) => typeof p === 'string' && p).join(' ');
  // Alpha-2 as the module keeps it; a known alpha-3 code ("FRA", as older address books saved it) is read as its alpha-2.
  const typed = text(a.country, `${field}.address.country`, 3)?.toUpperCase();
  const country = typed === undefined || /^[A-Z]{2}$/.test(typed) ? typed : toAlpha2(typed);
  if (typed !== undefined && country === undefined)
    throw invalidField(`${field}.address.country`, 'must be an ISO 3166 country code such as "FR" (or "FRA")');
  const name = [c.firstName, c.lastName].filter((p) => typeof p === 'string' && p.trim()).join(' ');
  const out: DeliveryAddress = {
    name: text(name, `${field}.contactDetails`, LIMITS.name),
    addressLine: text(
      a.addressLine1 ?? a.addressLine ?? (streetLine || undefined),
      `${field}.address.addressLine1`,
      200,
    ),
    addressLine2: text(a.addressLine2, `${field}.address.addressLine2`, LIMITS.addressLine2),
    city: text(a.city, `${field}.address.city`, LIMITS.city),
    subdivision: text(a.subdivision, `${field}.address.subdivision`, LIMITS.subdivision),
    postalCode: text(a.postalCode, `${field}.address.postalCode`, LIMITS.postalCode),
    country,
    phone: text(c.phone, `${field}.contactDetails.phone`, LIMITS.phone),
  };
  const kept = Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as DeliveryAddress;
  return Object.keys(kept).length ? kept : undefined;
}

/** The address back in the wire's `AddressWithContact`. */
export function wixAddress(a: DeliveryAddress | null | undefined): Record<string, unknown> | undefined {
  if (!a) return undefined;
  const [firstName, ...rest] = (a.name ?? '').split(' ');
  return {
    address: {
      ...(a.country ? { country: a.country } : {}),
      ...(a.subdivision ? { subdivision: a.subdivision } : {}),
      ...(a.city ? { city: a.city } : {}),
      ...(a.postalCode ? { postalCode: a.postalCode } : {}),
      ...(a.addressLine ? { addressLine: a.addressLine } : {}),
      ...(a.addressLine2 ? { addressLine2: a.addressLine2 } : {}),
    },
    contactDetails: {
      ...(firstName ? { firstName } : {}),
      ...(rest.length ? { lastName: rest.join(' ') } : {}),
      ...(a.phone ? { phone: a.phone } : {}),
    },
  };
}
