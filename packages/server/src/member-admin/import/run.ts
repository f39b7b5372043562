/**
 * Member import (docs/operating.md#importing-members): checks the rows a reader (formats.ts) produced and
 * writes them in batches. Idempotent: a member is found again by its email key, so a re-run updates the
 * rows it wrote instead of adding members; a password the member has since set (or that was rehashed at
 * sign-in) is never replaced, and a hash arrives only where none is stored. A member without a usable hash
 * is imported with `password_reset_required`: login answers -19973 and the reset mail sets a password.
 * Who may add which sign-in methods (provider links, password hashes) is sign-in-methods.ts (audit V5-3); a
 * hash over the work caps is refused with its row (security/foreign-hashes.ts, audit V5-8).
 */
import { isEmail, parseProfile } from '../../identity/index.js';
import { exceedsWorkCaps, hashProblem, isUsableHash, emailKey } from '../../security/index.js';
import type { Database, Queryable } from '../../store/types.js';
import { withProfileDefaults } from '../../members/index.js';
import type { ImportFormat, ImportRow, Refusal } from './formats.js';
import { announceLinks, roleRefusal, screenExisting, type Importer, type SignInNotices } from './sign-in-methods.js';

export interface ImportReport {
  dryRun: boolean;
  /** Rows read from the file. */
  total: number;
  created: number;
  updated: number;
  /** Imported without a usable password hash: they sign in through a password reset. */
  withoutPassword: number;
  linked: number;
  refused: Refusal[];
}

export interface ImportOptions {
  siteId: string;
  format: ImportFormat;
  dryRun: boolean;
  now: number;
  batchSize?: number;
  /** Decides what rows may carry (sign-in-methods.ts). */
  importer: Importer;
  /** The audit events and member notices of links added; a dry run sends none. */
  notices?: SignInNotices | undefined;
  /** Called after each batch with the rows done so far. */
  onProgress?: (done: number, total: number) => void;
}

interface Checked extends ImportRow {
  key: string;
}

/**
 * Refuses what cannot become a member, what the importer may not bring and hashes over the work caps;
 * keeps the rest, hashes of an unknown form dropped (reset instead).
 */
function check(rows: ImportRow[], refused: Refusal[], importer: Importer): Checked[] {
  const seen = new Map<string, number>();
  const ok: Checked[] = [];
  for (const r of rows) {
    if (!isEmail(r.email)) {
      refused.push({
        row: r.row,
        email: r.email || undefined,
        reason: r.email ? 'not an email address' : 'no email address',
      });
      continue;
    }
    const key = emailKey(r.email);
    const first = seen.get(key);
    if (first !== undefined) {
      refused.push({ row: r.row, email: r.email, reason: `same address as row ${first}` });
      continue;
    }
    const { profile, violations } = parseProfile(r.profile);
    if (violations.length) {
      const v = violations[0]!;
      refused.push({ row: r.row, email: r.email, reason: `${v.field} ${v.description}` });
      continue;
    }
    seen.set(key, r.row);
    const refusal =
      roleRefusal(importer, r) ??
      (r.passwordHash && exceedsWorkCaps(r.passwordHash) ? `password_hash: ${hashProblem(r.passwordHash)}` : undefined);
    if (refusal) {
      refused.push({ row: r.row, email: r.email, reason: refusal });
      continue;
    }
    const passwordHash = r.passwordHash && isUsableHash(r.passwordHash) ? r.passwordHash : null;
    ok.push({ ...r, key, email: r.email.trim(), profile, passwordHash });
  }
  return ok;
}

const UPSERT = `
  insert into members (site_id, id, email, email_key, email_verified, password_hash, password_reset_required,
                       status, approved, profile, created_at, updated_at, imported_at)
  select $1, gen_random_uuid(), t.email, t.key, t.verified, t.hash, t.hash is null,
         case when t.blocked then 'BLOCKED' else 'ACTIVE' end, true, t.profile::jsonb, coalesce(t.created, $2), $2, $2
    from unnest($3::text[], $4::text[], $5::boolean[], $6::text[], $7::boolean[], $8::text[], $9::timestamptz[])
      as t(email, key, verified, hash, blocked, profile, created)
  on conflict (site_id, email_key) do update set
    email_verified = members.email_verified or excluded.email_verified,
    password_hash = coalesce(members.password_hash, case when $10::boolean then excluded.password_hash end),
    password_reset_required = coalesce(members.password_hash, case when $10::boolean then excluded.password_hash end) is null
                              or (members.password_hash is not null and members.password_reset_required),
    status = case when excluded.status = 'BLOCKED' then 'BLOCKED'
                  when members.status = 'BLOCKED' then 'ACTIVE' else members.status end,
    profile = members.profile || excluded.profile,
    created_at = least(members.created_at, excluded.created_at),
    revision = members.revision + 1,
    updated_at = $2,
    imported_at = $2
  returning id, email_key, (xmax = 0) as inserted`;

const LINK = `
  insert into sso_identities (site_id, issuer, subject, member_id, idp_connection_id, email, created_at, last_used_at)
  select $1, t.issuer, t.subject, t.member::uuid, $2, t.email, $3, $3
    from unnest($4::text[], $5::text[], $6::text[], $7::text[]) as t(issuer, subject, member, email)
  on conflict (site_id, issuer, subject) do nothing
  returning issuer, subject, member_id::text, email`;

export async function importMembers(
  db: Database,
  rows: ImportRow[],
  refused: Refusal[],
  options: ImportOptions,
): Promise<ImportReport> {
  const total = rows.length + refused.length;
  const ok = check(rows, refused, options.importer);
  const report: ImportReport = {
    dryRun: options.dryRun,
    total,
    created: 0,
    updated: 0,
    withoutPassword: 0,
    linked: 0,
    refused,
  };
  const size = options.batchSize ?? 1000;
  const at = new Date(options.now);
  const operator = options.importer === 'operator';
  for (let start = 0; start < ok.length; start += size) {
    const rows = ok.slice(start, start + size);
    if (options.dryRun) {
      const { kept, existing } = await screenExisting(db, options.siteId, rows, options.importer, refused);
      report.updated += kept.filter((r) => existing.has(r.key)).length;
      report.created += kept.filter((r) => !existing.has(r.key)).length;
      report.withoutPassword += kept.filter((r) => !r.passwordHash).length;
    } else {
      await db.transaction(async (tx) => {
        const { kept: batch, existing } = await screenExisting(tx, options.siteId, rows, options.importer, refused);
        await dropTakenSlugs(tx, options.siteId, batch);
        report.withoutPassword += batch.filter((r) => !r.passwordHash).length;
        const { rows: written } = await tx.query<{ id: string; email_key: string; inserted: boolean }>(UPSERT, [
          options.siteId,
          at,
          batch.map((r) => r.email),
          batch.map((r) => r.key),
          batch.map((r) => r.emailVerified),
          batch.map((r) => r.passwordHash),
          batch.map((r) => r.blocked),
          batch.map((r) => JSON.stringify(r.profile)),
          batch.map((r) => r.createdAt ?? null),
          operator,
        ]);
        const byKey = new Map(written.map((w) => [w.email_key, w]));
        await fillDefaults(tx, options.siteId, batch, byKey);
        for (const w of written) {
          if (w.inserted) report.created++;
          else report.updated++;
        }
        // Links go to the members this import created; to one that existed, only the operator's (screened
        // above; a member who registered in between is no exception).
        const links = batch
          .filter((r) => operator || byKey.get(r.key)!.inserted)
          .flatMap((r) => r.links.map((l) => ({ ...l, member: byKey.get(r.key)!.id, email: r.email })));
        if (links.length) {
          const linked = await tx.query<{ issuer: string; subject: string; member_id: string; email: string }>(LINK, [
            options.siteId,
            `import:${options.format}`,
            at,
            links.map((l) => l.issuer),
            links.map((l) => l.subject),
            links.map((l) => l.member),
            links.map((l) => l.email),
          ]);
          report.linked += linked.rowCount;
          const existingById = new Map([...existing.values()].map((m) => [m.id, m]));
          await announceLinks(tx, options.notices, linked.rows, existingById, {
            format: options.format,
            now: options.now,
          });
        }
      });
    }
    options.onProgress?.(Math.min(start + size, ok.length), ok.length);
  }
  report.refused.sort((a, b) => a.row - b.row);
  return report;
}

/**
 * A slug a row brings that another member (or an earlier row) holds is dropped before the write (the unique
 * index `members_slug` would refuse the whole batch): the member then gets a free one (fillDefaults).
 */
async function dropTakenSlugs(tx: Queryable, siteId: string, rows: Checked[]): Promise<void> {
  const seen = new Set<string>();
  for (const r of rows) {
    const slug = typeof r.profile.slug === 'string' ? r.profile.slug : undefined;
    if (slug === undefined) continue;
    const { rows: holders } = await tx.query<{ email_key: string }>(
      `select email_key from members where site_id = $1 and profile->>'slug' = $2`,
      [siteId, slug],
    );
    if (seen.has(slug) || holders.some((h) => h.email_key !== r.key)) {
      const { slug: _dropped, ...rest } = r.profile;
      r.profile = rest;
    } else seen.add(slug);
  }
}

/** Members this batch created get the profile defaults every new member gets (nickname, a free slug). */
async function fillDefaults(
  tx: Queryable,
  siteId: string,
  rows: Checked[],
  written: Map<string, { id: string; inserted: boolean }>,
): Promise<void> {
  for (const r of rows) {
    const w = written.get(r.key);
    if (!w?.inserted) continue;
    const { rows: found } = await tx.query<{ profile: Record<string, unknown> | string }>(
      'select profile from members where site_id = $1 and id = $2',
      [siteId, w.id],
    );
    const stored = found[0]?.profile;
    const profile = typeof stored === 'string' ? (JSON.parse(stored) as Record<string, unknown>) : (stored ?? {});
    if (typeof profile.nickname === 'string' && profile.nickname && typeof profile.slug === 'string' && profile.slug)
      continue;
    const withDefaults = await withProfileDefaults(tx, siteId, r.email, profile, w.id);
    await tx.query('update members set profile = $3 where site_id = $1 and id = $2', [
      siteId,
      w.id,
      JSON.stringify(withDefaults),
    ]);
  }
}
