/**
 * A Members API `member` (createMember, updateMember) as a change to the one stored profile, in the identity
 * profile's names (profile.ts, docs/wire-format.md §6.2), which then validates the result. Wix's update rules:
 * only the fields sent change; an empty string clears a field; `contact.phones`, `emails` and `addresses`
 * replace the whole list and an empty list changes nothing (deleteMemberPhones/Emails/Addresses clear them);
 * custom fields are merged by key, a null or empty value removes one. `profile.slug` is read-only here (the
 * slug calls change it), as are `loginEmail` (immutable), `status` and the dates.
 */
import { invalidField } from '../../errors/wire.js';
import { isPhotoUrl, PHOTO_RULE } from '../profile.js';

type Json = Record<string, unknown>;

const obj = (v: unknown): Json | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined;

/** Sets `key` from a Wix string field: absent keeps it, `""` or null clears it, a string sets it. */
function setText(out: Json, key: string, value: unknown, path: string): void {
  if (value === undefined) return;
  if (value === null || value === '') delete out[key];
  else if (typeof value === 'string') out[key] = value;
  else throw invalidField(path, 'must be a string', 'INVALID_TYPE');
}

/** A plain custom value in the identity wire's typed form. */
function typedCustomValue(value: unknown): Json {
  if (typeof value === 'string') return { strValue: value };
  if (typeof value === 'number') return { numValue: value };
  if (typeof value === 'boolean') return { boolValue: value };
  return Array.isArray(value) ? { listValue: value } : { mapValue: value };
}

const ADDRESS_PARTS = ['addressLine', 'addressLine2', 'city', 'subdivision', 'country', 'postalCode'] as const;

function storedAddress(entry: unknown, i: number, before: Json[]): Json {
  const a = obj(entry);
  if (!a) throw invalidField(`member.contact.addresses[${i}]`, 'must be an object', 'INVALID_TYPE');
  const id = typeof a.id === 'string' && a.id ? a.id : undefined;
  const previous = id ? before.find((b) => b.id === id) : undefined;
  const address: Json = {};
  for (const k of ADDRESS_PARTS) if (a[k] !== undefined && a[k] !== null) address[k] = a[k];
  if (a.streetAddress !== undefined && a.streetAddress !== null) address.streetAddress = a.streetAddress;
  return { ...(id ? { id } : {}), tag: previous?.tag ?? 'UNTAGGED', address };
}

/** The stored profile after applying `member` (a Members API Member) to `before`. */
export function applyMemberPatch(before: Json, member: Json): Json {
  const out: Json = { ...before };
  const profile = obj(member.profile);
  if (member.profile !== undefined && !profile)
    throw invalidField('member.profile', 'must be an object', 'INVALID_TYPE');
  if (profile) {
    setText(out, 'nickname', profile.nickname, 'member.profile.nickname');
    if (profile.photo !== undefined) {
      const photo = obj(profile.photo);
      if (profile.photo !== null && !photo)
        throw invalidField('member.profile.photo', 'must be an object', 'INVALID_TYPE');
      const url = photo ? (photo.url ?? null) : null;
      // The profile's rule (profile.ts), checked here too so the violation names the Members API's field.
      if (typeof url === 'string' && !isPhotoUrl(url))
        throw invalidField('member.profile.photo.url', PHOTO_RULE, 'INVALID_URL');
      setText(out, 'picture', url, 'member.profile.photo.url');
    }
  }
  if (member.privacyStatus !== undefined && member.privacyStatus !== 'UNKNOWN')
    out.privacyStatus = member.privacyStatus;
  const contact = obj(member.contact);
  if (member.contact !== undefined && !contact)
    throw invalidField('member.contact', 'must be an object', 'INVALID_TYPE');
  if (contact) {
    setText(out, 'firstName', contact.firstName, 'member.contact.firstName');
    setText(out, 'lastName', contact.lastName, 'member.contact.lastName');
    setText(out, 'birthdate', contact.birthdate, 'member.contact.birthdate');
    setText(out, 'company', contact.company, 'member.contact.company');
    setText(out, 'position', contact.jobTitle, 'member.contact.jobTitle');
    if (Array.isArray(contact.phones) && contact.phones.length) {
      out.phones = contact.phones;
      delete out.phonesV2;
    }
    if (Array.isArray(contact.emails) && contact.emails.length) {
      out.emails = contact.emails;
      delete out.secondaryEmails;
    }
    if (Array.isArray(contact.addresses) && contact.addresses.length) {
      const previous = Array.isArray(before.addresses) ? (before.addresses as Json[]) : [];
      out.addresses = contact.addresses.map((a, i) => storedAddress(a, i, previous));
    }
    if (contact.customFields !== undefined && contact.customFields !== null) {
      const fields = obj(contact.customFields);
      if (!fields) throw invalidField('member.contact.customFields', 'must be an object', 'INVALID_TYPE');
      const merged = new Map<string, Json>(
        (Array.isArray(before.customFields) ? (before.customFields as Json[]) : []).map((f) => [String(f.name), f]),
      );
      for (const [key, field] of Object.entries(fields)) {
        const value = obj(field) ? obj(field)!.value : field;
        if (value === undefined || value === null || value === '') merged.delete(key);
        else merged.set(key, { name: key, value: typedCustomValue(value) });
      }
      out.customFields = [...merged.values()];
    }
  }
  return out;
}
