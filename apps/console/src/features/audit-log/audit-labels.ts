/**
 * Human words for the audit log's names (review t5: the page showed raw names such as `owner_action`). The
 * server writes only the names of its one list (packages/server/src/security/audit-names.ts); these tables are
 * typed by it and `audit-labels.test.ts` fails on a name without a label. The raw name stays on the page under
 * the words, so a search for it still finds the row.
 */
import type { OwnerActionName } from '../../../../../packages/server/src/security/audit-names.js';
import type { AuthEvent } from '../../api/types.js';
import { formatMoney } from '../shop/money.js';

type EventType = AuthEvent['type'];

export const EVENT_LABELS: Record<EventType, string> = {
  owner_action: 'Owner action',
  owner_sign_in: 'Owner sign-in',
  owner_sign_out: 'Owner sign-out',
  sign_in: 'Sign-in',
  sign_out: 'Sign-out',
  register: 'Sign-up',
  lockout: 'Locked out',
  password_changed: 'Password changed',
  password_reset: 'Password reset',
  email_changed: 'Email changed',
  session_revoked: 'Session ended',
  refresh_token_reuse: 'Refresh token reused',
  sign_on: 'Signed on by an app',
  provider_linked: 'Sign-in provider linked',
  factor_added: 'Second factor added',
  factor_removed: 'Second factor removed',
  phone_code: 'Phone code',
  push_approval: 'Push approval',
  api_key_used: 'API key used',
  admin_key_used: 'Admin key used',
};

export const ACTION_LABELS: Record<OwnerActionName, string> = {
  approve: 'Approved a member',
  block: 'Blocked a member',
  unblock: 'Unblocked a member',
  'end-sessions': "Ended a member's sessions",
  'send-password-reset': 'Sent a password reset',
  'unlock-second-factor': "Unlocked a member's second step",
  resend_verification: 'Resent a verification code',
  delete_member: 'Deleted a member',
  'remove-factor': "Removed a member's second factor",
  item_inserted: 'Added an item',
  item_updated: 'Changed an item',
  item_removed: 'Deleted an item',
  items_exported: 'Exported items',
  items_imported: 'Imported items',
  translation_saved: 'Saved a translation',
  translation_removed: 'Removed a translation',
  media_uploaded: 'Uploaded an image',
  media_alt_saved: 'Saved alt text',
  media_removed: 'Deleted an image',
  product_created: 'Created a product',
  product_updated: 'Changed a product',
  product_deleted: 'Deleted a product',
  collection_created: 'Created a product collection',
  collection_updated: 'Changed a product collection',
  collection_products_set: "Changed a collection's products",
  discount_created: 'Created a discount code',
  discount_changed: 'Changed a discount code',
  discount_deleted: 'Deleted a discount code',
  commerce_order_status: "Changed an order's status",
  commerce_order_refund: 'Refunded an order',
  commerce_orders_exported: 'Exported orders',
  api_key_created: 'Created an API key',
  api_key_revoked: 'Revoked an API key',
  retry_mail: 'Retried a mail',
  send_test_mail: 'Sent a test mail',
  create_webhook: 'Added a webhook endpoint',
  update_webhook: 'Changed a webhook endpoint',
  delete_webhook: 'Deleted a webhook endpoint',
  rotate_webhook_secret: 'Rotated a webhook secret',
  test_webhook: 'Sent a test webhook',
  replay_webhook_delivery: 'Replayed a webhook delivery',
  replay_failed_webhook_deliveries: 'Replayed failed webhook deliveries',
  change_setting: 'Changed a setting',
  invite_owner: 'Invited an owner',
  remove_owner: 'Removed an owner',
  change_email: 'Changed their email',
};

export const OUTCOME_LABELS: Record<AuthEvent['outcome'], string> = {
  success: 'Succeeded',
  failure: 'Failed',
  refused: 'Refused',
};

/** A call refused for the owner's role is filed as its method and path (`DELETE /_admin/v1/…`). */
const REFUSED_CALL = /^[A-Z]+ \//;

/** What happened, in words, and the raw names it was written with (`owner_action · change_setting`). */
export function eventWords(event: Pick<AuthEvent, 'type' | 'detail'>): { label: string; code: string } {
  const action = typeof event.detail.action === 'string' ? event.detail.action : undefined;
  const code = action ? `${event.type} · ${action}` : event.type;
  const label = action
    ? (ACTION_LABELS[action as OwnerActionName] ??
      (REFUSED_CALL.test(action) ? 'Refused for their role' : EVENT_LABELS[event.type]))
    : EVENT_LABELS[event.type];
  // A name written before this list (an older row) is shown as it is.
  return { label: label ?? event.type, code };
}

/**
 * An event's detail as "key: value" pairs (the action is said in the Event column). An amount with its currency is
 * money ("amount: €5.00", not the minor units the server keeps), and an order named by its number ("orderNumber:
 * V-100009") is not named again by its id.
 */
export function detailText(detail: Record<string, unknown>): string {
  const money = typeof detail.amount === 'number' && typeof detail.currency === 'string';
  const hidden = ['identityType', 'ownerId', 'action', ...(money ? ['currency'] : [])];
  if (detail.orderNumber !== undefined) hidden.push('orderId');
  return Object.entries(detail)
    .filter(([key, value]) => value !== undefined && !hidden.includes(key))
    .map(([key, value]) =>
      key === 'amount' && money
        ? `amount: ${formatMoney(value as number, detail.currency as string)}`
        : `${key}: ${String(value)}`,
    )
    .join(', ');
}
