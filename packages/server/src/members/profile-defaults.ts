import type { Queryable } from '../store/types.js';

/**
 * Profile defaults as Wix makes them (issue #52): a member made on any path (register, sign-on, a provider's
 * first sign-in, import, the Members API's createMember) gets a nickname from the email's local part when none
 * was given, and a slug unique on the site: from the nickname, else the local part; `-2`, `-3`… when taken.
 * Slugs are unique per site by the index `members_slug` (migration 0100, which also backfilled older members);
 * a slug the caller names that is taken is SLUG_ALREADY_EXISTS on updates and replaced by a free one on creation.
 */

type Profile = Record<string, unknown>;

const SLUG_MAX = 100;

/** The local part of an address, as typed: `Ada.Lovelace+shop@example.com` → `Ada.Lovelace+shop`. */
export function localPart(email: string): string {
  const at = email.lastIndexOf('@');
  return (at > 0 ? email.slice(0, at) : email).trim();
}

/**
 * A slug from free text: lower case, accents dropped, every run of other characters one `-`, at most 100
 * characters; `member` when nothing is left. Migration 0100 applies the same rule in SQL.
 */
export function slugBase(text: string): string {
  const base = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
  return base || 'member';
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

/** Whether another member of the site holds this slug. */
export async function slugTaken(q: Queryable, siteId: string, slug: string, exceptId?: string): Promise<boolean> {
  const { rows } = await q.query(
    `select 1 from members where site_id = $1 and profile->>'slug' = $2 and ($3::uuid is null or id <> $3::uuid) limit 1`,
    [siteId, slug, exceptId ?? null],
  );
  return rows.length > 0;
}

/** `base` when free, else `base-N` with the smallest free N ≥ 2 (one read: the slugs of that shape). */
export async function freeSlug(q: Queryable, siteId: string, base: string): Promise<string> {
  const { rows } = await q.query<{ slug: string }>(
    `select profile->>'slug' as slug from members
      where site_id = $1 and (profile->>'slug' = $2 or (left(profile->>'slug', $3) = $4 and substr(profile->>'slug', $3 + 1) ~ '^[0-9]+$'))`,
    [siteId, base, base.length + 1, `${base}-`],
  );
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

/**
 * The profile a new member is stored with: the given one, a nickname when it has none, and a free slug
 * (the given slug when free, else one made from it, the nickname or the local part).
 */
export async function withProfileDefaults(
  q: Queryable,
  siteId: string,
  email: string,
  profile: Profile,
  /** The member being given defaults, when already stored: their own slug is not "taken". */
  memberId?: string,
): Promise<Profile> {
  const nickname = text(profile.nickname) ?? localPart(email);
  const asked = text(profile.slug);
  const slug =
    asked && !(await slugTaken(q, siteId, asked, memberId))
      ? asked
      : await freeSlug(q, siteId, slugBase(asked ?? text(profile.nickname) ?? localPart(email)));
  return { ...profile, nickname, slug };
}

/** True for the unique-index violation of a slug taken between the check and the write (a race). */
export function isSlugClash(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (code !== '23505') return false;
  return constraint === 'members_slug' || (typeof message === 'string' && message.includes('"members_slug"'));
}
