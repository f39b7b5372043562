/**
 * What a member import may do to members' ways of signing in (audit V5-3). A provider link or a password
 * hash in a row is a way in for whoever holds that identity or knows that password, so:
 * - the `support` role imports neither (its documented role, docs/console.md#roles, adds no sign-in method);
 * - an owner or a site API key brings them only for members the import creates;
 * - only the operator (the server's admin key, or the CLI on the database) adds them to an existing member,
 *   and that member is mailed the notice a provider link made at sign-in sends (S-7).
 * A row that would do more than its importer may is refused whole, with its number and why: nothing of it is
 * written, as for any refused row, so a report never describes a half-applied row.
 * Every link an import adds is a `provider_linked` auth event.
 */
import type { SiteConfig } from '../../config/types.js';
import { providerLinkedMail } from '../../identity/index.js';
import { mailLanguage } from '../../i18n/index.js';
import { enqueueMail } from '../../mail/outbox.js';
import type { AuthEvent } from '../../security/index.js';
import type { Queryable } from '../../store/types.js';
import type { ImportRow, Refusal } from './formats.js';

/** Who imports: `operator` is the admin key or the CLI; `owner` an owner-role owner or the site's API key. */
export type Importer = 'operator' | 'owner' | 'support';

/** Where an import's sign-in changes are told: the site (for the mail) and the audit log. */
export interface SignInNotices {
  site: SiteConfig;
  /** Records the event in the import's transaction. */
  record(event: AuthEvent, tx: Queryable): Promise<void>;
}

export interface ScreenedRow extends ImportRow {
  key: string;
}

export interface ExistingMember {
  id: string;
  email: string;
  hasPassword: boolean;
  profile: Record<string, unknown>;
}

/** The rows' refusal for the support role, before the database is asked anything. */
export function roleRefusal(importer: Importer, row: ImportRow): string | undefined {
  if (importer !== 'support') return undefined;
  const columns = [row.passwordHash ? 'password_hash' : '', row.links.length ? 'provider_links' : ''].filter(Boolean);
  return columns.length
    ? `${columns.join(' and ')}: the support role may not import sign-in methods (an owner or the admin key may)`
    : undefined;
}

/**
 * Refuses (into `refused`) the rows that would give a member who already exists a new provider link or a
 * first password, unless the operator imports; returns the rows kept and the members they match.
 */
export async function screenExisting<R extends ScreenedRow>(
  q: Queryable,
  siteId: string,
  batch: R[],
  importer: Importer,
  refused: Refusal[],
): Promise<{ kept: R[]; existing: Map<string, ExistingMember> }> {
  const { rows: found } = await q.query<{
    id: string;
    email: string;
    email_key: string;
    has_password: boolean;
    profile: Record<string, unknown> | null;
  }>(
    `select id, email, email_key, password_hash is not null as has_password, profile
       from members where site_id = $1 and email_key = any($2::text[])`,
    [siteId, batch.map((r) => r.key)],
  );
  const existing = new Map(
    found.map((m) => [
      m.email_key,
      { id: m.id, email: m.email, hasPassword: m.has_password, profile: m.profile ?? {} } satisfies ExistingMember,
    ]),
  );
  if (importer === 'operator') return { kept: batch, existing };
  const linksOfExisting = batch.filter((r) => existing.has(r.key)).flatMap((r) => r.links);
  const known = new Set<string>();
  if (linksOfExisting.length) {
    const { rows } = await q.query<{ issuer: string; subject: string; member_id: string }>(
      `select i.issuer, i.subject, i.member_id from sso_identities i
         join unnest($2::text[], $3::text[]) as t(issuer, subject) on i.issuer = t.issuer and i.subject = t.subject
        where i.site_id = $1`,
      [siteId, linksOfExisting.map((l) => l.issuer), linksOfExisting.map((l) => l.subject)],
    );
    for (const l of rows) known.add(`${l.member_id} ${l.issuer} ${l.subject}`);
  }
  const kept: R[] = [];
  for (const r of batch) {
    const member = existing.get(r.key);
    // A re-run of the same file finds the links it added last time: those add nothing and pass.
    const addsLink = member && r.links.some((l) => !known.has(`${member.id} ${l.issuer} ${l.subject}`));
    const addsPassword = member && !member.hasPassword && r.passwordHash;
    if (addsLink || addsPassword) {
      const reason = addsLink
        ? 'provider_links would add a sign-in method to an existing member: only the admin key may (the member is then mailed)'
        : 'password_hash would give an existing member without a password one: only the admin key may';
      refused.push({ row: r.row, email: r.email, reason });
    } else kept.push(r);
  }
  return { kept, existing };
}

/**
 * Records every link the import added (`provider_linked`) and, for a member who existed before (the
 * operator's import only), queues the S-7 notice: nobody asked them, so the mail is their cue to undo it.
 */
export async function announceLinks(
  tx: Queryable,
  notices: SignInNotices | undefined,
  added: { issuer: string; subject: string; member_id: string; email: string }[],
  existingById: Map<string, ExistingMember>,
  context: { format: string; now: number },
): Promise<void> {
  if (!notices) return;
  const { site } = notices;
  for (const link of added) {
    const member = existingById.get(link.member_id);
    await notices.record(
      {
        type: 'provider_linked',
        outcome: 'success',
        siteId: site.id,
        memberId: link.member_id,
        email: link.email,
        detail: { issuer: link.issuer.slice(0, 200), via: `import:${context.format}`, existingMember: !!member },
      },
      tx,
    );
    if (!member) continue;
    const provider = site.identityProviders?.find((p) => p.issuer === link.issuer)?.name ?? providerName(link.issuer);
    const mail = providerLinkedMail(mailLanguage(site, { member }), site, provider, new Date(context.now));
    await enqueueMail(tx, { siteId: site.id, kind: 'provider-linked', to: member.email, ...mail }, context.now);
  }
}

/** A link whose issuer no configured provider has: named by its host, which is what the member knows it by. */
function providerName(issuer: string): string {
  try {
    return new URL(issuer).host || issuer.slice(0, 100);
  } catch {
    return issuer.slice(0, 100);
  }
}
