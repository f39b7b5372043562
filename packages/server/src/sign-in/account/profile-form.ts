/**
 * The profile form of the ACCOUNT_INFO page ↔ the stored profile (identity/profile.ts): names, the first
 * phone (`phonesV2`, and the older `phones` list the SDK still reads), the language and the shipping
 * address (the first address tagged SHIPPING, which keeps its id; the other addresses are kept).
 */
import type { PageInput } from '../../http/pages/input.js';

type Json = Record<string, unknown>;

const text = (form: PageInput, name: string, max: number): string => {
  const v = form[name];
  return typeof v === 'string' ? v.trim().slice(0, max) : '';
};

const addresses = (p: Json): Json[] =>
  Array.isArray(p.addresses) ? p.addresses.filter((a): a is Json => !!a && typeof a === 'object') : [];

export function shippingAddressOf(p: Json): Json {
  const found = addresses(p).find((a) => a.tag === 'SHIPPING');
  return found && found.address && typeof found.address === 'object' ? (found.address as Json) : {};
}

export function firstPhoneOf(p: Json): string {
  const v2 = Array.isArray(p.phonesV2) ? (p.phonesV2[0] as Json | undefined) : undefined;
  if (v2 && typeof v2.phone === 'string') return v2.phone;
  return Array.isArray(p.phones) && typeof p.phones[0] === 'string' ? p.phones[0] : '';
}

/**
 * The PATCH /members/my body the form stands for (patchMyMember validates it): an emptied field is
 * removed (null), the language only when it is one of the site's, the shipping address replaced in place.
 */
export function profilePatch(form: PageInput, current: Json, languages: readonly string[]): Json {
  const orNull = (v: string) => (v === '' ? null : v);
  const phone = text(form, 'phone', 40);
  const language = text(form, 'language', 20);
  const parts = {
    addressLine: text(form, 'addressLine', 200),
    city: text(form, 'city', 200),
    postalCode: text(form, 'postalCode', 20),
    country: text(form, 'country', 3).toUpperCase(),
  };
  const filled = Object.fromEntries(Object.entries(parts).filter(([, v]) => v !== ''));
  const list = addresses(current);
  const index = list.findIndex((a) => a.tag === 'SHIPPING');
  const others = list.filter((_, i) => i !== index);
  const shipping = Object.keys(filled).length
    ? [
        {
          ...(index >= 0 ? { id: list[index]!.id } : {}),
          tag: 'SHIPPING',
          address: { ...shippingAddressOf(current), ...parts, ...filled },
        },
      ]
    : [];
  // Emptied parts go: the spread above keeps only what the form still holds.
  for (const s of shipping) for (const [k, v] of Object.entries(parts)) if (v === '') delete (s.address as Json)[k];
  const merged =
    index >= 0 ? [...list.slice(0, index), ...shipping, ...list.slice(index + 1)] : [...others, ...shipping];
  return {
    firstName: orNull(text(form, 'firstName', 200)),
    lastName: orNull(text(form, 'lastName', 200)),
    phonesV2: phone ? [{ phone, tag: 'MAIN' }] : null,
    phones: phone ? [phone] : null,
    ...(languages.includes(language) ? { language } : {}),
    addresses: merged.length ? merged : null,
  };
}
