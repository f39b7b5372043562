/**
 * Member import (docs/operating.md#importing-members): checks the rows a reader (formats.ts) produced and
 * writes them in batches. Idempotent: a member is found again by its email key, so a re-run updates the
 * rows it wrote instead of adding members; a password the member has since set (or that was rehashed at
 * sign-in) is never replaced, and a hash arrives only where none is stored. A member without a usable hash
 * is imported with `password_reset_required`: login answers -19973 and the reset mail sets a password.
 */
import { isEmail } from '../../identity/common.js';
import { parseProfile } from '../../identity/profile.js';
import { isUsableHash } from '../../security/foreign-hashes.js';
import type { Database } from '../../store/types.js';
import { emailKey } from '../email-key.js';
import type { ImportFormat, ImportRow, Refusal } from './formats.js';

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
  /** Called after each batch with the rows done so far. */
  onProgress?: (done: number, total: number) => void;
}

interface Checked extends ImportRow {
  key: string;
}

/** Refuses what cannot become a member; keeps the rest, unusable hashes dropped (reset instead). */
function check(rows: ImportRow[], refused: Refusal[]): { ok: Checked[]; withoutPassword: number } {
  const seen = new Map<string, number>();
  const ok: Checked[] = [];
  let withoutPassword = 0;
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
    const passwordHash = r.passwordHash && isUsableHash(r.passwordHash) ? r.passwordHash : null;
    if (!passwordHash) withoutPassword++;
    ok.push({ ...r, key, email: r.email.trim(), profile, passwordHash });
  }
  return { ok, withoutPassword };
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
    password_hash = coalesce(members.password_hash, excluded.password_hash),
    password_reset_required = coalesce(members.password_hash, excluded.password_hash) is null
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
  on conflict (site_id, issuer, subject) do nothing`;

export async function importMembers(
  db: Database,
  rows: ImportRow[],
  refused: Refusal[],
  options: ImportOptions,
): Promise<ImportReport> {
  const total = rows.length + refused.length;
  const { ok, withoutPassword } = check(rows, refused);
  const report: ImportReport = {
    dryRun: options.dryRun,
    total,
    created: 0,
    updated: 0,
    withoutPassword,
    linked: 0,
    refused,
  };
  const size = options.batchSize ?? 1000;
  const at = new Date(options.now);
  for (let start = 0; start < ok.length; start += size) {
    const batch = ok.slice(start, start + size);
    if (options.dryRun) {
      const { rows: found } = await db.query<{ n: number }>(
        'select count(*)::int as n from members where site_id = $1 and email_key = any($2::text[])',
        [options.siteId, batch.map((r) => r.key)],
      );
      report.updated += found[0]!.n;
      report.created += batch.length - found[0]!.n;
    } else {
      await db.transaction(async (tx) => {
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
        ]);
        const ids = new Map(written.map((w) => [w.email_key, w.id]));
        for (const w of written) {
          if (w.inserted) report.created++;
          else report.updated++;
        }
        const links = batch.flatMap((r) => r.links.map((l) => ({ ...l, member: ids.get(r.key)!, email: r.email })));
        if (links.length) {
          const linked = await tx.query(LINK, [
            options.siteId,
            `import:${options.format}`,
            at,
            links.map((l) => l.issuer),
            links.map((l) => l.subject),
            links.map((l) => l.member),
            links.map((l) => l.email),
          ]);
          report.linked += linked.rowCount;
        }
      });
    }
    options.onProgress?.(Math.min(start + size, ok.length), ok.length);
  }
  report.refused.sort((a, b) => a.row - b.row);
  return report;
}
