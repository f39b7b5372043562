import { invalidField } from '../errors/wire.js';

export interface ShippingAddress {
  /** Who receives the parcel. */
  name?: string;
  addressLine?: string;
  addressLine2?: string;
  city?: string;
  subdivision?: string;
  country?: string;
  postalCode?: string;
}

const LIMITS: Record<keyof ShippingAddress, number> = {
  name: 200,
  addressLine: 200,
  addressLine2: 200,
  city: 200,
  subdivision: 200,
  country: 3,
  postalCode: 20,
};

/** The optional `shippingAddress` of a checkout body: known string fields only, bounded. */
export function parseShippingAddress(value: unknown): ShippingAddress | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidField('shippingAddress', 'must be an object');
  const input = value as Record<string, unknown>;
  const out: ShippingAddress = {};
  for (const key of Object.keys(LIMITS) as (keyof ShippingAddress)[]) {
    const v = input[key];
    if (v === undefined || v === null || v === '') continue;
    if (typeof v !== 'string') throw invalidField(`shippingAddress.${key}`, 'must be a string');
    if (v.length > LIMITS[key])
      throw invalidField(`shippingAddress.${key}`, `must be at most ${LIMITS[key]} characters`);
    // Country codes are compared with the shipping config's capitals.
    out[key] = key === 'country' ? v.toUpperCase() : v;
  }
  return Object.keys(out).length ? out : null;
}
