import { maskPhone } from '../phone/numbers.js';
import type { AppContext } from '../context.js';
import type { Member } from '../members/index.js';
import type { Queryable } from '../store/types.js';
import { isoDate } from '../store/timestamps.js';

/**
 * What the console's member page shows beyond the member row: last sign-in, open sessions with the
 * address they signed in from, and the connected sign-in methods (password, SSO connections, factors).
 * Never a secret: factor names and types, not their keys.
 */
export interface MemberSessionView {
  clientId: string;
  /** The address of the sign-in that opened the session (from the audit log), when it is still kept. */
  ip: string | undefined;
  createdDate: string;
  lastUsedDate: string;
}

export interface SignInMethods {
  password: boolean;
  sso: {
    idpConnectionId: string;
    name: string;
    email: string | undefined;
    createdDate: string;
    lastUsedDate: string;
  }[];
  factors: { id: string; factorType: string; status: string; name: string | undefined; createdDate: string }[];
}

// A registration that signs the member in opens a session too.
const SIGN_IN_TYPES = "('sign_in', 'register', 'sign_on')";

export async function memberSessions(
  q: Queryable,
  siteId: string,
  memberId: string,
  now: number,
): Promise<MemberSessionView[]> {
  // The session row has no address of its own; the member's sign-in event nearest its start does.
  const { rows } = await q.query<Record<string, unknown>>(
    `select s.client_id, s.created_at, s.last_used_at,
            (select a.ip from auth_events a
              where a.site_id = s.site_id and a.member_id = s.member_id and a.outcome = 'success'
                and a.type in ${SIGN_IN_TYPES}
              order by abs(extract(epoch from a.created_at - s.created_at)) limit 1) as ip
     from sessions s
     where s.site_id = $1 and s.member_id = $2 and s.revoked_at is null and s.expires_at > $3
     order by s.last_used_at desc limit 50`,
    [siteId, memberId, new Date(now)],
  );
  return rows.map((r) => ({
    clientId: String(r.client_id),
    ip: (r.ip as string | null) ?? undefined,
    createdDate: isoDate(r.created_at as Date | string),
    lastUsedDate: isoDate(r.last_used_at as Date | string),
  }));
}

export async function lastSignIn(
  q: Queryable,
  siteId: string,
  memberId: string,
): Promise<{ date: string; ip: string | undefined } | undefined> {
  const { rows } = await q.query<{ created_at: Date | string; ip: string | null }>(
    `select created_at, ip from auth_events where site_id = $1 and member_id = $2 and outcome = 'success' and type in ('sign_in', 'sign_on')
     order by created_at desc limit 1`,
    [siteId, memberId],
  );
  return rows[0] ? { date: isoDate(rows[0].created_at), ip: rows[0].ip ?? undefined } : undefined;
}

export async function signInMethods(
  ctx: Pick<AppContext, 'db' | 'sites'>,
  siteId: string,
  member: Member,
): Promise<SignInMethods> {
  const providers = new Map((ctx.sites.get(siteId)?.identityProviders ?? []).map((p) => [p.id, p.name]));
  const [sso, factors] = await Promise.all([
    ctx.db.query<Record<string, unknown>>(
      'select idp_connection_id, email, created_at, last_used_at from sso_identities where site_id = $1 and member_id = $2 order by created_at',
      [siteId, member.id],
    ),
    ctx.db.query<Record<string, unknown>>(
      'select id, factor_type, status, name, phone_number, created_at from mfa_factors where site_id = $1 and member_id = $2 order by created_at',
      [siteId, member.id],
    ),
  ]);
  return {
    password: member.passwordHash !== null,
    sso: sso.rows.map((r) => ({
      idpConnectionId: String(r.idp_connection_id),
      name: providers.get(String(r.idp_connection_id)) ?? String(r.idp_connection_id),
      email: (r.email as string | null) ?? undefined,
      createdDate: isoDate(r.created_at as Date | string),
      lastUsedDate: isoDate(r.last_used_at as Date | string),
    })),
    factors: factors.rows.map((r) => ({
      id: String(r.id),
      factorType: String(r.factor_type),
      status: String(r.status),
      name: (r.name as string | null) ?? undefined,
      // SMS and CALL: masked, as everywhere (issue #32); the owner recognises the number, no one reads it.
      phoneNumber: r.phone_number ? maskPhone(String(r.phone_number)) : undefined,
      createdDate: isoDate(r.created_at as Date | string),
    })),
  };
}
