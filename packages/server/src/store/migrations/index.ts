import type { Migration } from '../types.js';
import { core } from './0001_core.js';
import { dataItems } from './0020_data_items.js';
import { dataIndexes } from './0021_data_indexes.js';
import { media } from './0023_media.js';
import { mediaVariants } from './0024_media_variants.js';
import { mediaVariantClaims } from './0025_media_variant_claims.js';
import { mediaMetadataStripped } from './0026_media_metadata_stripped.js';
import { identity } from './0010_identity.js';
import { mfa } from './0011_mfa.js';
import { identityProviders } from './0012_identity_providers.js';
import { mfaSweep } from './0013_mfa_sweep.js';
import { ssoUsedIdTokens } from './0014_sso_used_id_tokens.js';
import { mfaLockout } from './0015_mfa_lockout.js';
import { emailKeys } from './0016_email_keys.js';
import { ssoTokenNonces } from './0017_sso_token_nonces.js';
import { phoneFactors } from './0018_phone_factors.js';
import { accountRedirects } from './0019_account_redirects.js';
import { redirects } from './0030_redirects.js';
import { emailChanges } from './0031_email_changes.js';
import { shop } from './0040_shop.js';
import { guestOrders } from './0041_guest_orders.js';
import { orderHistory } from './0042_order_history.js';
import { orderIndexes } from './0043_order_indexes.js';
import { orderStatusNames } from './0044_order_status_names.js';
import { orderStock } from './0045_order_stock.js';
import { guestOrderBuyers } from './0046_guest_order_buyers.js';
import { security } from './0050_security.js';
import { sessionIdle } from './0051_session_idle.js';
import { keyProtection } from './0052_key_protection.js';
import { refreshSessionState } from './0053_refresh_session_state.js';
import { memberImport } from './0054_member_import.js';
import { pushApprovals } from './0056_push_approvals.js';
import { webhooks } from './0060_webhooks.js';
import { owners } from './0070_owners.js';
import { ownersSiteMarker } from './0071_owners_site_marker.js';
import { mailLanguage } from './0081_mail_language.js';
import { apiKeys } from './0072_api_keys.js';
import { consoleSearchAudit } from './0073_console_search_audit.js';
import { auditTypeIndex } from './0074_audit_type_index.js';
import { auditDeleteGuard } from './0075_audit_delete_guard.js';
import { ownerSites } from './0076_owner_sites.js';
import { auditPruneRole } from './0077_audit_prune_role.js';
import { ownerLinkPurpose } from './0078_owner_link_purpose.js';
import { ownerEmailChange } from './0108_owner_email_change.js';
import { siteSettings } from './0079_site_settings.js';
import { itemTranslations } from './0080_item_translations.js';
import { ssoLoginLanguage } from './0082_sso_login_language.js';
import { commerce } from './0090_commerce.js';
import { olderShopItems } from './0091_older_shop_items.js';
import { collectionTranslations } from './0092_collection_translations.js';
import { dropOlderShopTables } from './0093_drop_older_shop_tables.js';
import { commerceOrderLanguage } from './0096_commerce_order_language.js';
import { commercePayments } from './0098_commerce_payments.js';
import { commerceCheckoutPages } from './0099_commerce_checkout_pages.js';
import { memberProfileDefaults } from './0100_member_profile_defaults.js';
import { deletedMembers } from './0101_deleted_members.js';
import { commerceCatalogVersions } from './0102_commerce_catalog_versions.js';
import { memberAddressCountries } from './0104_member_address_countries.js';
import { commerceSearch } from './0109_commerce_search.js';
import { checkoutPageSessions } from './0110_checkout_page_sessions.js';

/**
 * Every schema change, in order. Version ranges per concern keep parallel work from colliding:
 * 1–9 core/oauth tokens, 10–19 identity, 20–29 data items (23–26 media), 30–39 redirect login, 40–49 storefront,
 * 50–59 security (audit log, key protection, session idle times), 60–69 webhooks, 70–79 owner console,
 * 80–89 languages (translated item fields, the language of each mail, of a provider sign-in), 90–99 commerce
 * (the commerce module's own tables: catalog, inventory, carts, checkouts, orders, discounts; 91 moves older
 * shops' Products, Cart and Orders items into them; 92 collections' translations; 93 drops the older shop's tables;
 * 96 the language of an order's mails; 98 payments); 100–109 turn-5 review fixes (100–101 members: profile defaults
 * and the slug index, deleted members' ids; 102 the commerce catalog's version per site; 108 owners' email change);
 * 110– commerce review fixes (110 the member session behind a hosted checkout page).
 */
export const migrations: readonly Migration[] = [
  core,
  identity,
  mfa,
  identityProviders,
  mfaSweep,
  ssoUsedIdTokens,
  mfaLockout,
  emailKeys,
  ssoTokenNonces,
  phoneFactors,
  accountRedirects,
  dataItems,
  dataIndexes,
  media,
  mediaVariants,
  mediaVariantClaims,
  mediaMetadataStripped,
  redirects,
  emailChanges,
  shop,
  guestOrders,
  orderHistory,
  orderIndexes,
  orderStatusNames,
  orderStock,
  guestOrderBuyers,
  security,
  sessionIdle,
  keyProtection,
  refreshSessionState,
  memberImport,
  pushApprovals,
  webhooks,
  owners,
  ownersSiteMarker,
  apiKeys,
  consoleSearchAudit,
  auditTypeIndex,
  auditDeleteGuard,
  ownerSites,
  auditPruneRole,
  ownerLinkPurpose,
  siteSettings,
  itemTranslations,
  mailLanguage,
  ssoLoginLanguage,
  commerce,
  olderShopItems,
  collectionTranslations,
  dropOlderShopTables,
  commerceOrderLanguage,
  commercePayments,
  commerceCheckoutPages,
  memberProfileDefaults,
  deletedMembers,
  commerceCatalogVersions,
  memberAddressCountries,
  ownerEmailChange,
  commerceSearch,
  checkoutPageSessions,
];
