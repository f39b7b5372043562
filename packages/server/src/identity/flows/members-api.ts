/**
 * `GET /members/v1/members/my` — the signed-in member as Wix's Members API shapes it, for the unmodified
 * `@wix/members` module (`members.getCurrentMember({ fieldsets })`, which calls that canonical path on
 * www.wixapis.com: docs/wire-format.md §1.2, docs/members.md). A read-only view of the same stored profile
 * `GET /_api/members/v1/members/my` answers in Vitrine's own shape: names, phones, emails, addresses,
 * company and job title under `contact`; nickname, slug and picture under `profile`.
 */
import { appError } from '../../errors/catalogue.js';
import type { IdentityDeps } from '../common.js';
import type { MemberScope } from '../flow.js';
import { toWireIdentity } from '../identity-view.js';
import { findMemberById, type Member } from '../../members/index.js';

type Json = Record<string, unknown>;

/** Wix's fieldsets: PUBLIC (the default) → id, contactId, profile; EXTENDED adds the login email and statuses; FULL adds contact. */
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
      .map((f) => [f.name as string, { name: f.name, value: f.value }]),
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

const PRIVACY: Record<string, string> = { PUBLIC: 'PUBLIC', PRIVATE: 'PRIVATE' };
const STATUS: Record<string, string> = { ACTIVE: 'APPROVED', PENDING: 'PENDING', BLOCKED: 'BLOCKED' };

export function wixMember(member: Member, deps: IdentityDeps, fieldset: Fieldset): { member: Json } {
  const p = member.profile;
  const out: Json = {
    id: member.id,
    // Vitrine keeps no separate contacts: the member is their own contact.
    contactId: member.id,
    profile: {
      ...(str(p.nickname) ? { nickname: p.nickname } : {}),
      ...(str(p.slug) ? { slug: p.slug } : {}),
      ...(str(p.picture) ? { photo: { url: p.picture } } : {}),
    },
  };
  if (fieldset !== 'PUBLIC') {
    const identity = toWireIdentity(member, deps.ctx.sites.get(member.siteId)!.policies);
    Object.assign(out, {
      loginEmail: member.email,
      loginEmailVerified: member.emailVerified,
      status: STATUS[identity.status.name] ?? 'UNKNOWN',
      privacyStatus: PRIVACY[String(p.privacyStatus)] ?? 'UNKNOWN',
      activityStatus: member.status === 'ACTIVE' ? 'ACTIVE' : 'UNKNOWN',
      createdDate: identity.createdDate,
      updatedDate: identity.updatedDate,
    });
  }
  if (fieldset === 'FULL') out.contact = contactOf(p);
  return { member: out };
}

/** GET /members/v1/members/my?fieldsets=… */
export async function getCurrentMember(deps: IdentityDeps, scope: MemberScope, query: { fieldsets?: unknown }) {
  const { caller } = scope;
  const member = await findMemberById(deps.ctx.db, caller.siteId, caller.memberId);
  if (!member) throw appError('MEMBER_NOT_FOUND');
  return wixMember(member, deps, fieldsetOf(query.fieldsets));
}
