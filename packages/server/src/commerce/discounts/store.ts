/**
 * Discount codes in `commerce_discounts`: read by code for carts and checkouts, written by the admin API, and
 * counted when an order is placed, in the order's transaction, by one conditional update (`used < usage_limit`),
 * so the last use of a limited code goes to one order. A cancelled order gives its use back, once (its
 * cancellation happens once: orders/status.ts).
 */
import { randomUUID } from 'node:crypto';
import { appError } from '../../errors/catalogue.js';
import type { Queryable } from '../../store/types.js';
import { normaliseCode, type DiscountCode } from '../pricing/discount.js';
import { isUniqueViolation } from '../../store/unique-indexes.js';

interface DiscountRow {
  id: string;
  code: string;
  kind: 'percentage' | 'amount';
  value: string | number;
  min_subtotal: string | number;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  usage_limit: number | null;
  used: number;
  active: boolean;
  created_at: Date | string;
}

export interface StoredDiscount extends DiscountCode {
  createdAt: Date;
}

const date = (v: Date | string | null) => (v === null ? null : new Date(v));
const toDiscount = (r: DiscountRow): StoredDiscount => ({
  id: r.id,
  code: r.code,
  kind: r.kind,
  value: Number(r.value),
  minSubtotal: Number(r.min_subtotal),
  startsAt: date(r.starts_at),
  endsAt: date(r.ends_at),
  usageLimit: r.usage_limit === null ? null : Number(r.usage_limit),
  used: Number(r.used),
  active: r.active,
  createdAt: new Date(r.created_at),
});

export async function findDiscountByCode(
  db: Queryable,
  siteId: string,
  code: string,
): Promise<StoredDiscount | undefined> {
  const { rows } = await db.query<DiscountRow>(`select * from commerce_discounts where site_id = $1 and code = $2`, [
    siteId,
    normaliseCode(code),
  ]);
  return rows[0] && toDiscount(rows[0]);
}

export async function findDiscount(db: Queryable, siteId: string, id: string): Promise<StoredDiscount | undefined> {
  const { rows } = await db.query<DiscountRow>(`select * from commerce_discounts where site_id = $1 and id = $2`, [
    siteId,
    id,
  ]);
  return rows[0] && toDiscount(rows[0]);
}

/** Every code of the site, newest first (an owner keeps tens of them, not thousands: capped anyway). */
export async function listDiscounts(db: Queryable, siteId: string, limit = 500): Promise<StoredDiscount[]> {
  const { rows } = await db.query<DiscountRow>(
    `select * from commerce_discounts where site_id = $1 order by created_at desc, id limit ${Math.trunc(limit)}`,
    [siteId],
  );
  return rows.map(toDiscount);
}

export interface DiscountInput {
  code: string;
  kind: DiscountCode['kind'];
  value: number;
  minSubtotal: number;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  active: boolean;
}

const codeTaken = (code: string) =>
  appError('DISCOUNT_CODE_EXISTS', { description: `Another discount has the code ${code}`, data: { code } });

const params = (input: DiscountInput) => [
  normaliseCode(input.code),
  input.kind,
  input.value,
  input.minSubtotal,
  input.startsAt,
  input.endsAt,
  input.usageLimit,
  input.active,
];

export async function createDiscount(
  db: Queryable,
  siteId: string,
  input: DiscountInput,
  now: number,
): Promise<StoredDiscount> {
  const { rows } = await db.query<DiscountRow>(
    `insert into commerce_discounts (site_id, id, code, kind, value, min_subtotal, starts_at, ends_at, usage_limit,
       active, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     on conflict (site_id, code) do nothing returning *`,
    [siteId, randomUUID(), ...params(input), new Date(now)],
  );
  if (!rows[0]) throw codeTaken(normaliseCode(input.code));
  return toDiscount(rows[0]);
}

/** Replaces a code's settings (its count of uses stays); undefined for an unknown id. */
export async function updateDiscount(
  db: Queryable,
  siteId: string,
  id: string,
  input: DiscountInput,
): Promise<StoredDiscount | undefined> {
  try {
    const { rows } = await db.query<DiscountRow>(
      `update commerce_discounts set code = $3, kind = $4, value = $5, min_subtotal = $6, starts_at = $7,
         ends_at = $8, usage_limit = $9, active = $10
       where site_id = $1 and id = $2 returning *`,
      [siteId, id, ...params(input)],
    );
    return rows[0] && toDiscount(rows[0]);
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken(normaliseCode(input.code));
    throw error;
  }
}

/** Orders keep the code they were placed with as text: deleting a code never changes an order. */
export async function deleteDiscount(db: Queryable, siteId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query(`delete from commerce_discounts where site_id = $1 and id = $2`, [siteId, id]);
  return rowCount > 0;
}

/**
 * Counts one use of the code, if it still applies at `now` (active, in its dates, below its limit): one
 * conditional update, so concurrent orders cannot both take the last use. Throws the code's refusal otherwise.
 */
export async function useDiscount(tx: Queryable, siteId: string, id: string, now: number): Promise<void> {
  const { rowCount } = await tx.query(
    `update commerce_discounts set used = used + 1
     where site_id = $1 and id = $2 and active and (usage_limit is null or used < usage_limit)
       and (starts_at is null or starts_at <= $3) and (ends_at is null or ends_at > $3)`,
    [siteId, id, new Date(now)],
  );
  if (rowCount === 0) throw appError('COUPON_USAGE_EXCEEDED');
}

/** Gives back the use a cancelled order took (never below zero). */
export async function returnDiscountUse(tx: Queryable, siteId: string, code: string): Promise<void> {
  await tx.query(`update commerce_discounts set used = greatest(used - 1, 0) where site_id = $1 and code = $2`, [
    siteId,
    normaliseCode(code),
  ]);
}
