import { randomBytes, randomUUID } from 'node:crypto';
import type { Queryable, Row } from '../store/types.js';
// Addresses compare by one normalised key (security/email-key.ts, audit S-8), as every store keyed on them does.
import { emailKey } from '../security/index.js';
import { withProfileDefaults } from './profile-defaults.js';

/** Members of a site: the rows behind register, login, approval and the admin API. */
export type MemberStatus = 'PENDING' | 'ACTIVE' | 'BLOCKED';
export const MEMBER_STATUSES: readonly MemberStatus[] = ['PENDING', 'ACTIVE', 'BLOCKED'];

export interface Member {
  siteId: string;
  id: string;
  email: string;
  emailVerified: boolean;
  passwordHash: string | null;
  passwordResetRequired: boolean;
  status: MemberStatus;
  approved: boolean;
  profile: Record<string, unknown>;
  visitorId: string | null;
  revision: number;
  createdAt: Date;
  updatedAt: Date;
  /** When the member was imported from another system (member-admin/import/); null for members made here. */
  importedAt: Date | null;
  /**
   * Whether a second factor was active when the member was read for a password sign-in
   * (findMemberForSignIn); undefined when not read. Lets the second step skip its own read for the
   * many members without one (#11). Read with the rest of the row, before the password check, like
   * the status a block is judged by.
   */
  hasActiveFactors?: boolean;
}

export interface MemberRow {
  site_id: string;
  id: string;
  email: string;
  email_verified: boolean;
  password_hash: string | null;
  password_reset_required: boolean;
  status: MemberStatus;
  approved: boolean;
  profile: Record<string, unknown> | string;
  visitor_id: string | null;
  revision: number;
  created_at: Date | string;
  updated_at: Date | string;
  imported_at?: Date | string | null;
}

/** A `members` row as a Member (the Members API's query reads rows with its own `where`). */
export function toMember(r: MemberRow): Member {
  return {
    siteId: r.site_id,
    id: r.id,
    email: r.email,
    emailVerified: r.email_verified,
    passwordHash: r.password_hash,
    passwordResetRequired: r.password_reset_required,
    status: r.status,
    approved: r.approved,
    profile: typeof r.profile === 'string' ? (JSON.parse(r.profile) as Record<string, unknown>) : r.profile,
    visitorId: r.visitor_id,
    revision: Number(r.revision),
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
    importedAt: r.imported_at ? new Date(r.imported_at) : null,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids arrive from clients; a non-uuid would make PostgreSQL raise, so it is "not found" before the query. */
export function isMemberId(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

export async function findMemberByEmail(q: Queryable, siteId: string, email: string): Promise<Member | undefined> {
  const { rows } = await q.query<MemberRow>('select * from members where site_id = $1 and email_key = $2', [
    siteId,
    emailKey(email),
  ]);
  return rows[0] && toMember(rows[0]);
}

/** findMemberByEmail for a password sign-in: the row and whether any second factor is active, in one read. */
/**
 * The member a sign-in is for, with their "has an active second factor" flag, as a statement: the login flow
 * sends it in one round trip with the throttle's count (security/login-throttle.ts, #54).
 */
export function memberForSignInRead(siteId: string, email: string): { sql: string; params: readonly unknown[] } {
  return {
    sql: `select m.*, exists (select 1 from mfa_factors f where f.site_id = m.site_id and f.member_id = m.id and f.status = 'ACTIVE') as has_active_factors
     from members m where m.site_id = $1 and m.email_key = $2`,
    params: [siteId, emailKey(email)],
  };
}

/** The member from the rows of `memberForSignInRead`. */
export function memberForSignInFrom(rows: readonly Row[]): Member | undefined {
  const row = rows[0] as (MemberRow & { has_active_factors: boolean }) | undefined;
  return row && { ...toMember(row), hasActiveFactors: row.has_active_factors };
}

export async function findMemberForSignIn(q: Queryable, siteId: string, email: string): Promise<Member | undefined> {
  const { sql, params } = memberForSignInRead(siteId, email);
  return memberForSignInFrom((await q.query(sql, params)).rows);
}

export async function findMemberById(
  q: Queryable,
  siteId: string,
  id: unknown,
  forUpdate = false,
): Promise<Member | undefined> {
  if (!isMemberId(id)) return undefined;
  const { rows } = await q.query<MemberRow>(
    `select * from members where site_id = $1 and id = $2${forUpdate ? ' for update' : ''}`,
    [siteId, id],
  );
  return rows[0] && toMember(rows[0]);
}

export interface NewMember {
  siteId: string;
  email: string;
  passwordHash: string | null;
  passwordResetRequired?: boolean;
  emailVerified: boolean;
  approved: boolean;
  profile: Record<string, unknown>;
  visitorId?: string | undefined;
  now: number;
}

/**
 * Inserts a member with the profile defaults Wix makes (profile-defaults.ts: nickname, a free slug);
 * `undefined` when the address is taken (the unique key decides, so races are safe). A slug another
 * registration took in between is chosen again.
 */
export async function insertMember(tx: Queryable, m: NewMember): Promise<Member | undefined> {
  const at = new Date(m.now);
  for (let attempt = 0; ; attempt++) {
    const profile = await withProfileDefaults(tx, m.siteId, m.email, m.profile);
    // Many sign-ups with one local part at once all read the same free `-N`; one wins each round. After two
    // rounds a random ending ends the race (20 at once on PostgreSQL needed more rounds than any limit here).
    if (attempt >= 2) profile.slug = `${String(profile.slug)}-${randomBytes(3).toString('hex')}`;
    // No conflict target: a clash on the address or on the slug (members_slug) inserts nothing.
    const { rows } = await tx.query<MemberRow>(
      `insert into members (site_id, id, email, email_key, email_verified, password_hash, password_reset_required,
                            status, approved, profile, visitor_id, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)
       on conflict do nothing
       returning *`,
      [
        m.siteId,
        randomUUID(),
        m.email.trim(),
        emailKey(m.email),
        m.emailVerified,
        m.passwordHash,
        m.passwordResetRequired ?? false,
        m.approved ? 'ACTIVE' : 'PENDING',
        m.approved,
        JSON.stringify(profile),
        m.visitorId ?? null,
        at,
      ],
    );
    if (rows[0]) return toMember(rows[0]);
    if ((await findMemberByEmail(tx, m.siteId, m.email)) || attempt >= 5) return undefined;
  }
}

export async function setPassword(
  tx: Queryable,
  siteId: string,
  id: string,
  passwordHash: string,
  now: number,
): Promise<void> {
  await tx.query(
    `update members set password_hash = $3, password_reset_required = false, revision = revision + 1, updated_at = $4
     where site_id = $1 and id = $2`,
    [siteId, id, passwordHash, new Date(now)],
  );
}

/** Marks the email verified; returns the member when this call verified it (the caller emits `member.email_verified`). */
export async function markEmailVerified(
  tx: Queryable,
  siteId: string,
  id: string,
  now: number,
): Promise<Member | undefined> {
  const { rows } = await tx.query<MemberRow>(
    `update members set email_verified = true, revision = revision + 1, updated_at = $3
     where site_id = $1 and id = $2 and not email_verified returning *`,
    [siteId, id, new Date(now)],
  );
  return rows[0] && toMember(rows[0]);
}

export async function recordVisitor(
  tx: Queryable,
  siteId: string,
  id: string,
  visitorId: string | undefined,
): Promise<void> {
  if (!visitorId) return;
  await tx.query('update members set visitor_id = $3 where site_id = $1 and id = $2', [siteId, id, visitorId]);
}

/** Approve lets a member in (also lifting a block: it is the owner's explicit decision); block shuts them out. */
export async function setApproval(
  tx: Queryable,
  siteId: string,
  email: string,
  action: 'approve' | 'block',
  now: number,
): Promise<Member | undefined> {
  const { rows } = await tx.query<MemberRow>(
    action === 'approve'
      ? `update members set status = 'ACTIVE', approved = true, revision = revision + 1, updated_at = $3
         where site_id = $1 and email_key = $2 returning *`
      : `update members set status = 'BLOCKED', revision = revision + 1, updated_at = $3
         where site_id = $1 and email_key = $2 returning *`,
    [siteId, emailKey(email), new Date(now)],
  );
  return rows[0] && toMember(rows[0]);
}

export async function listMembers(
  q: Queryable,
  siteId: string,
  options: { status?: MemberStatus | undefined; limit?: number; offset?: number } = {},
): Promise<Member[]> {
  const { rows } = await q.query<MemberRow>(
    `select * from members where site_id = $1 and ($2::text is null or status = $2)
     order by created_at, id limit $3 offset $4`,
    [siteId, options.status ?? null, options.limit ?? 100, options.offset ?? 0],
  );
  return rows.map(toMember);
}

export async function updateProfile(
  tx: Queryable,
  siteId: string,
  id: string,
  profile: Record<string, unknown>,
  now: number,
): Promise<Member | undefined> {
  const { rows } = await tx.query<MemberRow>(
    `update members set profile = $3, revision = revision + 1, updated_at = $4 where site_id = $1 and id = $2 returning *`,
    [siteId, id, JSON.stringify(profile), new Date(now)],
  );
  return rows[0] && toMember(rows[0]);
}
