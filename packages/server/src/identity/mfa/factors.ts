import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../store/types.js';
import { maskPhone } from '../../phone/numbers.js';
import type { EnrollableFactor } from './policy.js';
import type { PushSubscriptionJson } from '../../push/types.js';

/** A member's second factor as stored (secrets stay in the row; `toWireFactor` is what leaves the server). */
export interface Factor {
  id: string;
  memberId: string;
  type: EnrollableFactor;
  status: 'INACTIVE' | 'ACTIVE';
  name: string | null;
  totpSecret: string | null;
  credentialId: string | null;
  publicKey: Uint8Array | null;
  signCount: number;
  transports: string[] | null;
  /** SMS and CALL: the number in E.164 (only ever shown masked). */
  phoneNumber: string | null;
  /** PUSH: the session of the browser that approves, and its Web Push subscription when it allowed notifications. */
  pushSessionId: string | null;
  pushSubscription: PushSubscriptionJson | null;
  createdAt: Date;
}

interface FactorRow {
  id: string;
  member_id: string;
  factor_type: EnrollableFactor;
  status: 'INACTIVE' | 'ACTIVE';
  name: string | null;
  totp_secret: string | null;
  credential_id: string | null;
  public_key: Uint8Array | null;
  sign_count: string | number;
  transports: string[] | null;
  phone_number: string | null;
  push_session_id?: string | null;
  push_subscription?: PushSubscriptionJson | string | null;
  created_at: Date | string;
}

const toFactor = (r: FactorRow): Factor => ({
  id: r.id,
  memberId: r.member_id,
  type: r.factor_type,
  status: r.status,
  name: r.name,
  totpSecret: r.totp_secret,
  credentialId: r.credential_id,
  publicKey: r.public_key ? new Uint8Array(r.public_key) : null,
  signCount: Number(r.sign_count),
  transports: r.transports,
  phoneNumber: r.phone_number ?? null,
  pushSessionId: r.push_session_id ?? null,
  pushSubscription:
    typeof r.push_subscription === 'string'
      ? (JSON.parse(r.push_subscription) as PushSubscriptionJson)
      : (r.push_subscription ?? null),
  createdAt: new Date(r.created_at),
});

export const toWireFactor = (f: Factor) => ({
  factorId: f.id,
  factorType: f.type,
  status: f.status,
  createdDate: f.createdAt.toISOString(),
  ...(f.name ? { name: f.name } : {}),
  ...(f.phoneNumber ? { phoneNumber: maskPhone(f.phoneNumber) } : {}),
});

export async function listFactors(
  db: Queryable,
  siteId: string,
  memberId: string,
  activeOnly = false,
): Promise<Factor[]> {
  const { rows } = await db.query<FactorRow>(
    `select * from mfa_factors where site_id = $1 and member_id = $2 ${activeOnly ? "and status = 'ACTIVE'" : ''} order by created_at, id`,
    [siteId, memberId],
  );
  return rows.map(toFactor);
}

export async function findFactor(
  db: Queryable,
  siteId: string,
  memberId: string,
  factorId: unknown,
): Promise<Factor | undefined> {
  if (typeof factorId !== 'string' || !/^[0-9a-f-]{36}$/i.test(factorId)) return undefined;
  const { rows } = await db.query<FactorRow>(
    'select * from mfa_factors where site_id = $1 and member_id = $2 and id = $3',
    [siteId, memberId, factorId],
  );
  return rows[0] && toFactor(rows[0]);
}

export async function findFactorByCredential(
  db: Queryable,
  siteId: string,
  credentialId: string,
): Promise<Factor | undefined> {
  const { rows } = await db.query<FactorRow>(
    `select * from mfa_factors where site_id = $1 and credential_id = $2 and status = 'ACTIVE'`,
    [siteId, credentialId],
  );
  return rows[0] && toFactor(rows[0]);
}

export async function insertFactor(
  tx: Queryable,
  f: {
    id?: string;
    siteId: string;
    memberId: string;
    type: EnrollableFactor;
    status: 'INACTIVE' | 'ACTIVE';
    now: number;
    name?: string | undefined;
    totpSecret?: string;
    credential?: { id: string; publicKey: Uint8Array; signCount: number; transports: string[] };
    phoneNumber?: string;
    push?: { sessionId: string; subscription: PushSubscriptionJson | undefined };
  },
): Promise<Factor> {
  const id = f.id ?? randomUUID();
  const at = new Date(f.now);
  const { rows } = await tx.query<FactorRow>(
    `insert into mfa_factors (site_id, id, member_id, factor_type, status, name, totp_secret, credential_id, public_key, sign_count, transports, created_at, activated_at, phone_number, push_session_id, push_subscription)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) returning *`,
    [
      f.siteId,
      id,
      f.memberId,
      f.type,
      f.status,
      f.name ?? null,
      f.totpSecret ?? null,
      f.credential?.id ?? null,
      f.credential ? Buffer.from(f.credential.publicKey) : null,
      f.credential?.signCount ?? 0,
      f.credential ? JSON.stringify(f.credential.transports) : null,
      at,
      f.status === 'ACTIVE' ? at : null,
      f.phoneNumber ?? null,
      f.push?.sessionId ?? null,
      f.push?.subscription ? JSON.stringify(f.push.subscription) : null,
    ],
  );
  return toFactor(rows[0]!);
}

export async function activateFactor(tx: Queryable, siteId: string, factorId: string, now: number): Promise<boolean> {
  const { rowCount } = await tx.query(
    `update mfa_factors set status = 'ACTIVE', activated_at = $3 where site_id = $1 and id = $2 and status = 'INACTIVE'`,
    [siteId, factorId, new Date(now)],
  );
  return rowCount === 1;
}

export async function deleteFactor(tx: Queryable, siteId: string, factorId: string): Promise<boolean> {
  const { rowCount } = await tx.query('delete from mfa_factors where site_id = $1 and id = $2', [siteId, factorId]);
  return rowCount === 1;
}

/** Enrolment attempts that were never activated: replaced by a new one of the same type. */
export async function dropInactive(
  tx: Queryable,
  siteId: string,
  memberId: string,
  type: EnrollableFactor,
): Promise<void> {
  await tx.query(
    `delete from mfa_factors where site_id = $1 and member_id = $2 and factor_type = $3 and status = 'INACTIVE'`,
    [siteId, memberId, type],
  );
}

/**
 * Claims a TOTP time step for the factor: true only when it is later than every step accepted before,
 * so a code (and any earlier one) works once (RFC 6238 §5.2), even against a parallel request.
 */
export async function claimTotpStep(tx: Queryable, siteId: string, factorId: string, step: number): Promise<boolean> {
  const { rowCount } = await tx.query(
    'update mfa_factors set totp_last_step = $3 where site_id = $1 and id = $2 and totp_last_step < $3',
    [siteId, factorId, step],
  );
  return rowCount === 1;
}

/** Stores the authenticator's new sign counter (a counter that does not grow is refused before this). */
export async function recordSignCount(
  tx: Queryable,
  siteId: string,
  factorId: string,
  signCount: number,
): Promise<void> {
  await tx.query('update mfa_factors set sign_count = $3 where site_id = $1 and id = $2', [
    siteId,
    factorId,
    signCount,
  ]);
}
