import { randomUUID } from 'node:crypto';
import { toAlpha2 } from '../config/countries.js';
import { isCalendarDay } from '../data/index.js';
import type { FieldViolation } from '../errors/wire.js';

/**
 * IdentityProfile of docs/wire-format.md §6.2: validated field by field, kept in the wire's own names.
 * Unknown keys are dropped (newer clients may send more); wrong types and oversized values are violations.
 */
export const ADDRESS_TAGS = ['UNTAGGED', 'HOME', 'WORK', 'BILLING', 'SHIPPING'] as const;
export const EMAIL_TAGS = ['UNTAGGED', 'MAIN', 'HOME', 'WORK'] as const;
export const PHONE_TAGS = ['UNTAGGED', 'MAIN', 'HOME', 'MOBILE', 'WORK', 'FAX'] as const;
export const PRIVACY_STATUSES = ['UNDEFINED', 'PUBLIC', 'PRIVATE'] as const;

const SHORT = 200;
const LIST_MAX = 20;

type Json = Record<string, unknown>;

class Checker {
  readonly violations: FieldViolation[] = [];
  fail(field: string, description: string, ruleName = 'INVALID_VALUE'): undefined {
    this.violations.push({ field, description, violatedRule: 'FORMAT', ruleName, data: {} });
    return undefined;
  }
  string(field: string, value: unknown, max = SHORT): string | undefined {
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string') return this.fail(field, 'must be a string', 'INVALID_TYPE');
    if (value.length > max) return this.fail(field, `must be at most ${max} characters`, 'VALUE_TOO_LONG');
    return value;
  }
  oneOf<T extends string>(field: string, value: unknown, allowed: readonly T[], fallback?: T): T | undefined {
    if (value === undefined || value === null) return fallback;
    if (typeof value !== 'string' || !allowed.includes(value as T))
      return this.fail(field, `must be one of ${allowed.join(', ')}`, 'INVALID_ENUM');
    return value as T;
  }
  list(field: string, value: unknown, max = LIST_MAX): unknown[] | undefined {
    if (value === undefined || value === null) return undefined;
    if (!Array.isArray(value)) return this.fail(field, 'must be a list', 'INVALID_TYPE');
    if (value.length > max) return this.fail(field, `must have at most ${max} entries`, 'TOO_MANY_ITEMS');
    return value;
  }
  object(field: string, value: unknown): Json | undefined {
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'object' || Array.isArray(value)) return this.fail(field, 'must be an object', 'INVALID_TYPE');
    return value as Json;
  }
}

/**
 * Slugs: what the Members API's slug calls take and what any profile may hold, since the slug is shown to
 * everyone (the PUBLIC fieldset) and ends up in member page paths. The made ones (members/profile-defaults.ts)
 * are of this form. Wix allows 255 characters; the stored profile's text fields hold 200.
 */
const SLUG = /^[\p{L}\p{N}._~-]{1,200}$/u;
export const SLUG_RULE = 'must be 1 to 200 letters, digits, ".", "_", "~" or "-"';
export const isSlug = (value: unknown): value is string => typeof value === 'string' && SLUG.test(value);

/**
 * The photo (`picture`, the Members API's `profile.photo.url`): other members and visitors see it, and pages put
 * it in `src`, so a web address only, never `javascript:` or `data:`. An empty string shows no photo.
 */
const PHOTO_URL = /^https?:\/\/[^\s]+$/i;
export const PHOTO_RULE = 'must be an http or https address';
export const isPhotoUrl = (value: string): boolean => value === '' || PHOTO_URL.test(value);

/** Drops undefined members so stored JSON holds only what was given. */
function compact(obj: Json): Json {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined));
}

const STRING_FIELDS = [
  'firstName',
  'lastName',
  'nickname',
  'language',
  'company',
  'position',
  'slug',
  'vatId',
] as const;

/**
 * The SDK's names of three address parts (docs/wire-format.md §6.2). The @wix clients rename them before
 * sending; a caller that sends them as they appear in the SDK's typings gets them stored under the wire
 * name rather than silently dropped. The wire name wins when both are sent.
 */
const ADDRESS_ALIASES = { addressLine: 'addressLine1', formattedAddress: 'formatted', geocode: 'location' } as const;

function aliased(a: Json, field: string, wire: keyof typeof ADDRESS_ALIASES): [string, unknown] {
  const sdk = ADDRESS_ALIASES[wire];
  return a[wire] === undefined && a[sdk] !== undefined ? [`${field}.${sdk}`, a[sdk]] : [`${field}.${wire}`, a[wire]];
}

/**
 * A country as ISO 3166 alpha-2 capitals when it is one: "FRA" and "fr" are kept as "FR" (checkout and delivery
 * read alpha-2). Anything else is kept as sent, as before, for the address book to flag.
 */
const country = (value: string | undefined): string | undefined =>
  value === undefined ? value : (toAlpha2(value) ?? value);

function address(c: Checker, field: string, value: unknown): Json | undefined {
  const a = c.object(field, value);
  if (!a) return undefined;
  const street = c.object(`${field}.streetAddress`, a.streetAddress);
  const [geoField, geoValue] = aliased(a, field, 'geocode');
  const geo = c.object(geoField, geoValue);
  const num = (f: string, v: unknown) =>
    v === undefined || v === null
      ? undefined
      : typeof v === 'number' && Number.isFinite(v)
        ? v
        : c.fail(f, 'must be a number', 'INVALID_TYPE');
  return compact({
    addressLine: c.string(...aliased(a, field, 'addressLine')),
    addressLine2: c.string(`${field}.addressLine2`, a.addressLine2),
    city: c.string(`${field}.city`, a.city),
    subdivision: c.string(`${field}.subdivision`, a.subdivision),
    country: country(c.string(`${field}.country`, a.country, 3)),
    postalCode: c.string(`${field}.postalCode`, a.postalCode, 20),
    formattedAddress: c.string(...aliased(a, field, 'formattedAddress'), 500),
    hint: c.string(`${field}.hint`, a.hint),
    streetAddress:
      street &&
      compact({
        name: c.string(`${field}.streetAddress.name`, street.name),
        number: c.string(`${field}.streetAddress.number`, street.number, 20),
        apt: c.string(`${field}.streetAddress.apt`, street.apt, 20),
        formattedAddressLine: c.string(`${field}.streetAddress.formattedAddressLine`, street.formattedAddressLine),
      }),
    geocode:
      geo &&
      compact({
        latitude: num(`${geoField}.latitude`, geo.latitude),
        longitude: num(`${geoField}.longitude`, geo.longitude),
      }),
  });
}

function customValue(c: Checker, field: string, value: unknown): Json | undefined {
  const v = c.object(field, value);
  if (!v) return c.fail(field, 'is required', 'REQUIRED');
  const keys = Object.keys(v).filter((k) => v[k] !== undefined && v[k] !== null);
  if (keys.length !== 1)
    return c.fail(field, 'must hold exactly one of strValue, numValue, dateValue, boolValue, listValue, mapValue');
  const key = keys[0]!;
  const raw = v[key];
  switch (key) {
    case 'strValue':
      return compact({ strValue: c.string(`${field}.strValue`, raw, 2000) });
    case 'numValue':
      if (typeof raw === 'number' || raw === 'NaN' || raw === 'Infinity' || raw === '-Infinity')
        return { numValue: raw };
      return c.fail(`${field}.numValue`, 'must be a number', 'INVALID_TYPE');
    case 'boolValue':
      return typeof raw === 'boolean'
        ? { boolValue: raw }
        : c.fail(`${field}.boolValue`, 'must be a boolean', 'INVALID_TYPE');
    case 'dateValue':
      return typeof raw === 'string' && !Number.isNaN(Date.parse(raw))
        ? { dateValue: new Date(raw).toISOString() }
        : c.fail(`${field}.dateValue`, 'must be an ISO-8601 date', 'INVALID_FORMAT');
    case 'listValue':
    case 'mapValue':
      if (typeof raw !== 'object' || raw === null || JSON.stringify(raw).length > 4000)
        return c.fail(`${field}.${key}`, 'must be an object of at most 4000 characters');
      return { [key]: raw };
    default:
      return c.fail(field, `unknown value kind ${key.slice(0, 40)}`);
  }
}

/** Validates a profile; `violations` is empty when the returned profile can be stored. */
export function parseProfile(input: unknown, prefix = 'profile'): { profile: Json; violations: FieldViolation[] } {
  const c = new Checker();
  if (input === undefined || input === null) return { profile: {}, violations: [] };
  const p = c.object(prefix, input);
  if (!p) return { profile: {}, violations: c.violations };
  const out: Json = {};
  for (const key of STRING_FIELDS) out[key] = c.string(`${prefix}.${key}`, p[key]);
  if (out.slug !== undefined && !isSlug(out.slug)) out.slug = c.fail(`${prefix}.slug`, SLUG_RULE);
  out.picture = c.string(`${prefix}.picture`, p.picture, 2048);
  if (typeof out.picture === 'string' && !isPhotoUrl(out.picture))
    out.picture = c.fail(`${prefix}.picture`, PHOTO_RULE, 'INVALID_URL');
  out.privacyStatus = c.oneOf(`${prefix}.privacyStatus`, p.privacyStatus, PRIVACY_STATUSES);
  if (p.subscription !== undefined && p.subscription !== null) {
    out.subscription =
      typeof p.subscription === 'boolean'
        ? p.subscription
        : c.fail(`${prefix}.subscription`, 'must be a boolean', 'INVALID_TYPE');
  }
  if (p.birthdate !== undefined && p.birthdate !== null) {
    out.birthdate = isCalendarDay(p.birthdate)
      ? p.birthdate
      : c.fail(`${prefix}.birthdate`, 'must be a date as YYYY-MM-DD', 'INVALID_FORMAT');
  }
  for (const key of ['emails', 'phones', 'labels'] as const) {
    const list = c.list(`${prefix}.${key}`, p[key]);
    if (list) out[key] = list.map((v, i) => c.string(`${prefix}.${key}[${i}]`, v) ?? null).filter((v) => v !== null);
  }
  const secondary = c.list(`${prefix}.secondaryEmails`, p.secondaryEmails);
  if (secondary) {
    out.secondaryEmails = secondary.map((e, i) => {
      const f = `${prefix}.secondaryEmails[${i}]`;
      const o = c.object(f, e) ?? {};
      return compact({
        email: c.string(`${f}.email`, o.email, 254),
        tag: c.oneOf(`${f}.tag`, o.tag, EMAIL_TAGS, 'UNTAGGED'),
      });
    });
  }
  const phones = c.list(`${prefix}.phonesV2`, p.phonesV2);
  if (phones) {
    out.phonesV2 = phones.map((e, i) => {
      const f = `${prefix}.phonesV2[${i}]`;
      const o = c.object(f, e) ?? {};
      return compact({
        countryCode: c.string(`${f}.countryCode`, o.countryCode, 8),
        phone: c.string(`${f}.phone`, o.phone, 40),
        tag: c.oneOf(`${f}.tag`, o.tag, PHONE_TAGS, 'UNTAGGED'),
      });
    });
  }
  const addresses = c.list(`${prefix}.addresses`, p.addresses);
  if (addresses) {
    out.addresses = addresses.map((e, i) => {
      const f = `${prefix}.addresses[${i}]`;
      const o = c.object(f, e) ?? {};
      const id = o.id === undefined || o.id === null ? randomUUID() : c.string(`${f}.id`, o.id, 64);
      return compact({
        id,
        tag: c.oneOf(`${f}.tag`, o.tag, ADDRESS_TAGS, 'UNTAGGED'),
        address: address(c, `${f}.address`, o.address) ?? {},
      });
    });
  }
  const custom = c.list(`${prefix}.customFields`, p.customFields, 50);
  if (custom) {
    out.customFields = custom.map((e, i) => {
      const f = `${prefix}.customFields[${i}]`;
      const o = c.object(f, e) ?? {};
      const name = c.string(`${f}.name`, o.name, 100) ?? c.fail(`${f}.name`, 'is required', 'REQUIRED');
      return compact({ name, value: customValue(c, `${f}.value`, o.value) });
    });
  }
  return { profile: compact(out), violations: c.violations };
}
