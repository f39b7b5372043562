import { createRequire } from 'node:module';
import type * as PhoneLibrary from 'libphonenumber-js/max';
import type { CountryCode } from 'libphonenumber-js/max';
import { invalidField } from '../errors/wire.js';

let library: typeof PhoneLibrary | undefined;

/**
 * libphonenumber with its full metadata is ~1.4 MB of heap that a shop whose members never give a number does not
 * need: it loads at the first number read (a synchronous require of its CommonJS build, a few ms once), not with
 * the server (docs/operating.md → Memory of the embedded database).
 */
function parsePhoneNumberFromString(text: string) {
  library ??= createRequire(import.meta.url)('libphonenumber-js/max') as typeof PhoneLibrary;
  return library.parsePhoneNumberFromString(text);
}

export interface PhoneNumber {
  /** E.164, e.g. "+33612345678". */
  e164: string;
  /** ISO 3166 alpha-2 of the number's region, e.g. "FR". */
  country: string;
}

/**
 * A member's number: E.164 only (a leading "+", so nothing depends on the shop's country), valid for
 * its region by libphonenumber's metadata and of a country the site allows. Spaces, dots and dashes
 * between digits are forgiven.
 */
export function parsePhone(raw: unknown, allowedCountries: readonly string[]): PhoneNumber {
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (!text) throw invalidField('phoneNumber', 'is required (E.164, such as +33612345678)', 'REQUIRED');
  if (!text.startsWith('+') || text.length > 32 || !/^\+[\d\s().-]+$/.test(text))
    throw invalidField('phoneNumber', 'must be in E.164 form, starting with + and the country code', 'INVALID_PHONE');
  const parsed = parsePhoneNumberFromString(text);
  if (!parsed?.isValid() || !parsed.country)
    throw invalidField('phoneNumber', 'is not a valid phone number', 'INVALID_PHONE');
  if (allowedCountries.length && !allowedCountries.includes(parsed.country))
    throw invalidField(
      'phoneNumber',
      `must be a number of ${allowedCountries.join(', ')} on this site`,
      'PHONE_COUNTRY_NOT_ALLOWED',
      { allowedCountries: [...allowedCountries] },
    );
  return { e164: parsed.number, country: parsed.country };
}

/** The region of a stored E.164 number (for phonesV2's countryCode). */
export function countryOf(e164: string): string | undefined {
  return parsePhoneNumberFromString(e164)?.country as CountryCode | undefined;
}

/** "+33 •• •• •• 12": the country code and the last two digits only, the same shape for every length. */
export function maskPhone(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  const cc = parsed ? `+${parsed.countryCallingCode}` : e164.slice(0, 3);
  return `${cc} •• •• •• ${e164.slice(-2)}`;
}
