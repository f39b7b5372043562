/** What the ACCOUNT_INFO page lists besides the profile: live sessions, second factors, providers. */
import type { AppContext } from '../context.js';
import { listFactors } from '../identity/mfa/factors.js';
import type { AccountPageContext } from './context.js';

export interface SessionRow {
  id: string;
  clientId: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export interface AccountInfoData {
  sessions: SessionRow[];
  /** Active second factors: type (TOTP, EMAIL, SMS, WEBAUTHN …) and the member's name for it. */
  factors: { type: string; name: string | null }[];
  /** Sign-in methods: the password (when one is set) and each connected provider's name. */
  providers: string[];
  hasPassword: boolean;
}

const MAX_SESSIONS = 20;

export async function accountInfoData(ctx: AppContext, a: AccountPageContext): Promise<AccountInfoData> {
  const { siteId, memberId } = a.caller;
  const sessions = await ctx.db.query<{ id: string; client_id: string; created_at: Date; last_used_at: Date | null }>(
    `select id, client_id, created_at, last_used_at from sessions
      where site_id = $1 and member_id = $2 and revoked_at is null and expires_at > $3
      order by created_at desc limit ${MAX_SESSIONS}`,
    [siteId, memberId, new Date(ctx.now())],
  );
  const factors = await listFactors(ctx.db, siteId, memberId, true);
  const links = await ctx.db.query<{ idp_connection_id: string }>(
    'select idp_connection_id from sso_identities where site_id = $1 and member_id = $2 order by created_at',
    [siteId, memberId],
  );
  const names = new Map((a.site.identityProviders ?? []).map((p) => [p.id, p.name]));
  return {
    sessions: sessions.rows.map((r) => ({
      id: r.id,
      clientId: r.client_id,
      createdAt: new Date(r.created_at),
      lastUsedAt: r.last_used_at ? new Date(r.last_used_at) : null,
    })),
    factors: factors.map((f) => ({ type: f.type, name: f.name })),
    providers: links.rows.map((r) => names.get(r.idp_connection_id) ?? r.idp_connection_id),
    hasPassword: a.member.passwordHash !== null,
  };
}
