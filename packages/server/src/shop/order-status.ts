/**
 * Changing an order's status, in one transaction: lock the order, check the rule (order-rules.ts),
 * return the stock of a cancelled order, stamp the order, write its history row, queue the shopper's
 * mail (mail outbox) and the webhook event (`order.updated`, `order.cancelled`). Any failure rolls all
 * of it back: no mail or event for a change that did not happen, no stock back without the cancel.
 */
import type { SiteConfig } from '../config/types.js';
import { dateValue, type JsonObject, envelope, writeRow } from '../data/index.js';
import { appError } from '../errors/catalogue.js';
import { mailLanguage } from '../i18n/index.js';
import { enqueueMail } from '../mail/outbox.js';
import { findMemberById } from '../members/index.js';
import type { Database, Queryable } from '../store/types.js';
import { emitEvent } from '../webhooks/emit.js';
import type { WebhookIdentity } from '../webhooks/events.js';
import type { ShopCollections } from './checkout.js';
import { orderStatusMail } from './order-mail.js';
import { returnStock } from './order-stock.js';
import {
  checkTransition,
  currentStatus,
  STATUS_DATE_FIELD,
  type OrderStatus,
  type StatusChange,
} from './order-rules.js';

export interface StatusChangeInput {
  site: SiteConfig;
  orderId: string;
  change: StatusChange;
  collections: ShopCollections;
  /** Who acts, as the history shows it: an owner's email or a key's name. */
  actor: string;
  identity: WebhookIdentity;
  now: number;
}

export interface HistoryEntry {
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  actor: string;
  carrier: string | null;
  trackingNumber: string | null;
  note: string | null;
  date: string;
}

interface Row {
  id: string;
  data: JsonObject;
  owner_id: string | null;
}

/** The address an order's mails go to: its member's, else the guest's (guest checkout, #29). */
export async function shopperOf(
  db: Queryable,
  siteId: string,
  order: { data: JsonObject; ownerId: string | null },
): Promise<{ email: string; memberId?: string; language?: unknown; profile?: Record<string, unknown> } | undefined> {
  const memberId = typeof order.data.memberId === 'string' ? order.data.memberId : order.ownerId;
  const member = memberId ? await findMemberById(db, siteId, memberId) : undefined;
  if (member) return { email: member.email, memberId: member.id, profile: member.profile };
  const guest = order.data.guestEmail ?? order.data.email;
  return typeof guest === 'string' && guest.includes('@') ? { email: guest, language: order.data.language } : undefined;
}

export async function changeOrderStatus(
  db: Database,
  input: StatusChangeInput,
): Promise<{ order: JsonObject; ownerId: string | null; history: HistoryEntry[] }> {
  const { site, orderId, change, collections, now } = input;
  return db.transaction(async (tx) => {
    const found = await tx.query<Row>(
      'select id, data, owner_id from data_items where site_id = $1 and collection_id = $2 and id = $3 for update',
      [site.id, collections.orders, orderId],
    );
    const row = found.rows[0];
    if (!row) throw appError('ORDER_NOT_FOUND');
    const from = currentStatus(row.data.status);
    checkTransition(from, change.status);

    if (change.status === 'CANCELED') await returnStock(tx, site.id, collections.products, orderId, now);
    const stamp = dateValue(now);
    const order: JsonObject = {
      ...row.data,
      status: change.status,
      [STATUS_DATE_FIELD[change.status]]: stamp,
      ...(change.carrier ? { carrier: change.carrier } : {}),
      ...(change.trackingNumber ? { trackingNumber: change.trackingNumber } : {}),
      ...(change.status === 'CANCELED' ? { stockReturned: true } : {}),
      _updatedDate: stamp,
    };
    await writeRow(tx, site.id, collections.orders, order, now);
    await tx.query(
      `insert into shop_order_history (site_id, order_id, from_status, to_status, actor, carrier, tracking_number, note, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        site.id,
        orderId,
        from,
        change.status,
        input.actor,
        change.carrier ?? null,
        change.trackingNumber ?? null,
        change.note ?? null,
        new Date(now),
      ],
    );

    const shopper = await shopperOf(tx, site.id, { data: row.data, ownerId: row.owner_id });
    if (shopper && change.status !== 'AWAITING_PAYMENT') {
      const language = mailLanguage(site, {
        explicit: shopper.language,
        member: shopper.profile ? { profile: shopper.profile } : undefined,
      });
      const mail = orderStatusMail(language, site.name, {
        number: String(row.data.number ?? ''),
        status: change.status,
        carrier: change.carrier,
        trackingNumber: change.trackingNumber,
        note: change.note,
      });
      await enqueueMail(tx, { siteId: site.id, kind: 'order-status', to: shopper.email, ...mail }, now);
    }

    await emitEvent(tx, {
      siteId: site.id,
      type: change.status === 'CANCELED' ? 'order.cancelled' : 'order.updated',
      identity: input.identity,
      data: { ...envelope(collections.orders, order), previousStatus: from },
      now,
    });
    return { order, ownerId: row.owner_id, history: await orderHistory(tx, site.id, orderId) };
  });
}

/** An order's status changes, oldest first. */
export async function orderHistory(db: Queryable, siteId: string, orderId: string): Promise<HistoryEntry[]> {
  const { rows } = await db.query<{
    from_status: string | null;
    to_status: string;
    actor: string;
    carrier: string | null;
    tracking_number: string | null;
    note: string | null;
    created_at: Date | string;
  }>(
    `select from_status, to_status, actor, carrier, tracking_number, note, created_at from shop_order_history
     where site_id = $1 and order_id = $2 order by seq`,
    [siteId, orderId],
  );
  return rows.map((r) => ({
    fromStatus: r.from_status === null ? null : currentStatus(r.from_status),
    toStatus: currentStatus(r.to_status),
    actor: r.actor,
    carrier: r.carrier,
    trackingNumber: r.tracking_number,
    note: r.note,
    date: new Date(r.created_at).toISOString(),
  }));
}
