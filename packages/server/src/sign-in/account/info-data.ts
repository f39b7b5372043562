/** What the ACCOUNT_INFO page shows besides the profile: live sessions, second factors, providers. */
import type { AppContext } from '../../context.js';
import {
  pendingEmailChange,
  listFactors,
  allowedFactors,
  mfaMode,
  type EnrollableFactor,
} from '../../identity/index.js';
import type { AccountPageContext } from './context.js';

export interface SessionRow {
  id: string;
  clientId: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export interface AccountInfoData {
  sessions: SessionRow[];
  /** Active second factors: id, type (TOTP, EMAIL, SMS, WEBAUTHN …) and the member's name for it. */
  factors: { id: string; type: string; name: string | null }[];
  /** The factors the member may add here (the site's, minus an authenticator app they already have). */
  addable: { totp: boolean; passkey: boolean };
  /** The site's providers, and whether this member is connected to each. */
  providers: { id: string; name: string; connected: boolean }[];
  hasPassword: boolean;
  /** The new address of an email change waiting for its code. */
  pendingEmail: string | undefined;
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
  const linked = new Set(links.rows.map((r) => r.idp_connection_id));
  const allowed = (type: EnrollableFactor) => mfaMode(a.site) !== 'off' && allowedFactors(a.site).includes(type);
  return {
    sessions: sessions.rows.map((r) => ({
      id: r.id,
      clientId: r.client_id,
      createdAt: new Date(r.created_at),
      lastUsedAt: r.last_used_at ? new Date(r.last_used_at) : null,
    })),
    factors: factors.map((f) => ({ id: f.id, type: f.type, name: f.name })),
    addable: {
      totp: allowed('TOTP') && !factors.some((f) => f.type === 'TOTP'),
      passkey: allowed('WEBAUTHN'),
    },
    // A connection to a provider the site has since removed is listed too (by its id), so it can go.
    providers: [
      ...(a.site.identityProviders ?? []).map((p) => ({ id: p.id, name: p.name, connected: linked.has(p.id) })),
      ...[...linked]
        .filter((id) => !(a.site.identityProviders ?? []).some((p) => p.id === id))
        .map((id) => ({ id, name: id, connected: true })),
    ],
    hasPassword: a.member.passwordHash !== null,
    pendingEmail: (await pendingEmailChange(ctx, a.caller))?.newEmail,
  };
}
