/**
 * Every name the audit log (`auth_events`) is written with: the event types, and the `action` of an
 * `owner_action` entry. The writers are typed by these lists (security/auth-events.ts, owners/access.ts), so a
 * new name is added here first; the console labels each one and its test fails on a name it has no label for
 * (apps/console/src/features/audit-log/audit-labels.test.ts). No imports: the console's test reads it as is.
 */
export const AUTH_EVENT_TYPES = [
  'sign_in',
  'sign_out',
  'register',
  'lockout',
  'password_changed',
  'password_reset',
  // A member's sign-in address changed (or a wrong code for the change) on the hosted account page.
  'email_changed',
  'session_revoked',
  'refresh_token_reuse',
  'sign_on',
  // A provider identity added to a member by a member import (audit V5-3; the SSO path records its sign_in).
  'provider_linked',
  'factor_added',
  'factor_removed',
  // A code sent (or refused) to a phone factor: the toll-fraud limits' audit trail (issue #32).
  'phone_code',
  // A push approval answered on a member's device: approved, denied, or the wrong number picked (issue #32).
  'push_approval',
  'api_key_used',
  'admin_key_used',
  // Owner console (identity WIX_USER): sign-ins and sign-outs of owners, and what they do to a site.
  'owner_sign_in',
  'owner_sign_out',
  'owner_action',
] as const;
export type AuthEventType = (typeof AUTH_EVENT_TYPES)[number];

/** The console member page's buttons (member-admin/actions.ts serves one route per name). */
export const MEMBER_PAGE_ACTIONS = [
  'approve',
  'block',
  'unblock',
  'end-sessions',
  'send-password-reset',
  'unlock-second-factor',
] as const;

/** What an owner (or the admin key, for settings) did: the `action` of an `owner_action` entry. */
export const OWNER_ACTIONS = [
  // Members (member-admin/): the member page's buttons, then the rest.
  ...MEMBER_PAGE_ACTIONS,
  'resend_verification',
  'delete_member',
  'remove-factor',
  // Data collections and their items (admin/).
  'item_inserted',
  'item_updated',
  'item_removed',
  'items_exported',
  'items_imported',
  'translation_saved',
  'translation_removed',
  'media_uploaded',
  'media_alt_saved',
  'media_removed',
  // The shop (commerce/).
  'product_created',
  'product_updated',
  'product_deleted',
  'collection_created',
  'collection_updated',
  'collection_products_set',
  'discount_created',
  'discount_changed',
  'discount_deleted',
  'commerce_order_status',
  'commerce_order_refund',
  'commerce_orders_exported',
  // Keys, mail, webhooks, settings and owners.
  'api_key_created',
  'api_key_revoked',
  'retry_mail',
  'send_test_mail',
  'create_webhook',
  'update_webhook',
  'delete_webhook',
  'rotate_webhook_secret',
  'test_webhook',
  'replay_webhook_delivery',
  'replay_failed_webhook_deliveries',
  'change_setting',
  'invite_owner',
  'remove_owner',
  'change_email',
] as const;
export type OwnerActionName = (typeof OWNER_ACTIONS)[number];

/** A call refused for the owner's role is filed under its method and path (`DELETE /_admin/v1/api-keys/…`). */
export type RefusedCall = `${'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}`;
