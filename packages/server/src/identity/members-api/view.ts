/**
 * A member as Wix's Members API shapes it (`@wix/members`: docs/wire-format.md §13), from the one stored
 * profile the identity flows and the account pages write: names, phones, emails, addresses, birthdate,
 * company, job title and custom fields under `contact`; nickname, slug and photo under `profile`.
 */
import type { SitePolicies } from '../../config/types.js';
import { toWireIdentity } from '../identity-view.js';
import { isPhotoUrl } from '../profile.js';
import type { Member } from '../../members/index.js';

type Json = Record<string, unknown>;

/** Wix's fieldsets: PUBLIC (the default) → id, contactId, dates, profile; EXTENDED adds the login email and statuses; FULL adds contact. */
export type Fieldset = 'PUBLIC' | 'EXTENDED' | 'FULL';

export function fieldsetOf(raw: unknown): Fieldset {
  const asked = (Array.isArray(raw) ? raw : [raw]).map((v) => String(v).toUpperCase());
  return asked.includes('FULL') ? 'FULL' : asked.includes('EXTENDED') ? 'EXTENDED' : 'PUBLIC';
}

const list = (v: unknown): Json[] =>
  Array.isArray(v) ? v.filter((x): x is Json => !!x && typeof x === 'object' && !Array.isArray(x)) : [];
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** An address of the profile (`{id, tag, address: {…}}`) as a Members API contact address (flat, `id`). */
function contactAddress(entry: Json): Json {
  const parts = entry.address && typeof entry.address === 'object' ? (entry.address as Json) : {};
  const keep = ['addressLine', 'addressLine2', 'city', 'subdivision', 'country', 'postalCode', 'streetAddress'];
  return {
    ...(str(entry.id) ? { id: entry.id } : {}),
    ...Object.fromEntries(keep.filter((k) => parts[k] !== undefined && parts[k] !== null).map((k) => [k, parts[k]])),
  };
}

/** A stored custom value (`{strValue}`, `{numValue}`…, the identity wire's form) as the plain value the Members API carries. */
export function plainCustomValue(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const v = value as Json;
  for (const key of ['strValue', 'numValue', 'boolValue', 'dateValue', 'listValue', 'mapValue'])
    if (key in v) return v[key];
  return value;
}

function contactOf(p: Json): Json {
  const phones = strings(p.phones).length
    ? strings(p.phones)
    : list(p.phonesV2)
        .map((e) => str(e.phone))
        .filter(Boolean);
  const emails = strings(p.emails).length
    ? strings(p.emails)
    : list(p.secondaryEmails)
        .map((e) => str(e.email))
        .filter(Boolean);
  const customFields = Object.fromEntries(
    list(p.customFields)
      .filter((f) => str(f.name))
      .map((f) => [f.name as string, { name: f.name, value: plainCustomValue(f.value) }]),
  );
  return {
    ...(str(p.firstName) ? { firstName: p.firstName } : {}),
    ...(str(p.lastName) ? { lastName: p.lastName } : {}),
    phones,
    emails,
    addresses: list(p.addresses).map(contactAddress),
    ...(str(p.birthdate) ? { birthdate: p.birthdate } : {}),
    ...(str(p.company) ? { company: p.company } : {}),
    ...(str(p.position) ? { jobTitle: p.position } : {}),
    ...(Object.keys(customFields).length ? { customFields } : {}),
  };
}

/** Wix's default privacy is PRIVATE: only a profile that says PUBLIC is public. */
export const privacyOf = (member: Member): 'PUBLIC' | 'PRIVATE' =>
  member.profile.privacyStatus === 'PUBLIC' ? 'PUBLIC' : 'PRIVATE';

const STATUS: Record<string, string> = { ACTIVE: 'APPROVED', PENDING: 'PENDING', BLOCKED: 'BLOCKED' };

export function wixMember(member: Member, policies: SitePolicies, fieldset: Fieldset): Json {
  const p = member.profile;
  const identity = toWireIdentity(member, policies);
  const out: Json = {
    id: member.id,
    // Vitrine keeps no separate contacts: the member is their own contact.
    contactId: member.id,
    profile: {
      ...(str(p.nickname) ? { nickname: p.nickname } : {}),
      ...(str(p.slug) ? { slug: p.slug } : {}),
      // A photo stored before every write path checked it (profile.ts) is not shown if it is no web address.
      ...(str(p.picture) && isPhotoUrl(p.picture as string) ? { photo: { url: p.picture } } : {}),
    },
    // PUBLIC: the statuses are UNKNOWN, as Wix answers them to a caller without the right to see them.
    status: 'UNKNOWN',
    privacyStatus: 'UNKNOWN',
    activityStatus: 'UNKNOWN',
    createdDate: identity.createdDate,
    updatedDate: identity.updatedDate,
  };
  if (fieldset !== 'PUBLIC') {
    Object.assign(out, {
      loginEmail: member.email,
      loginEmailVerified: member.emailVerified,
      status: STATUS[identity.status.name] ?? 'UNKNOWN',
      privacyStatus: privacyOf(member),
      activityStatus: 'ACTIVE',
    });
  }
  if (fieldset === 'FULL') out.contact = contactOf(p);
  return out;
}
