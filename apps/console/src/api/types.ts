/**
 * The admin API's shapes as the console uses them, named. Everything here comes from `schema.d.ts`,
 * generated from the server's GET /openapi.json (`npm run api-types -w apps/console`): the admin routes'
 * response schemas type every field the server writes (issue #23), so a field renamed, dropped or
 * retyped on the server fails the console's typecheck once the file is regenerated. Answers are open
 * objects (`[key: string]: unknown` beside the listed fields): the server never strips a key.
 */
import type { components, paths } from './schema.js';

type Method = 'get' | 'put' | 'post' | 'patch' | 'delete';

/** The JSON body of a route's 200 answer, as the document describes it. */
export type AdminAnswer<P extends keyof paths, M extends Method> = paths[P][M] extends {
  responses: { 200: { content: { 'application/json': infer Body } } };
}
  ? Body
  : never;

/** The JSON body a route takes, as the document describes it. */
export type AdminBody<P extends keyof paths, M extends Method> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

/** The error envelopes of every admin route (its `4XX` and `5XX` answers). */
export type ApplicationError = components['schemas']['ApplicationError'];
export type ValidationError = components['schemas']['ValidationError'];

/** An element of a list. */
type Each<T> = T extends readonly (infer E)[] ? E : never;

export type Session = AdminAnswer<'/_admin/v1/console/session', 'get'>;
export type Owner = Session['owner'];
/** An owner's role in the console. */
export type OwnerRole = Owner['role'];

export type Overview = AdminAnswer<'/_admin/v1/overview', 'get'>;
export type DayCount = Each<Overview['days']>;

type Outbox = AdminAnswer<'/_admin/v1/mail', 'get'>;
export type OutboxMessage = Each<Outbox['messages']>;
export type MailState = OutboxMessage['state'];

export type AuthEvent = Each<AdminAnswer<'/_admin/v1/auth-events', 'get'>['events']>;

export type ApiKeyRow = Each<AdminAnswer<'/_admin/v1/api-keys', 'get'>['apiKeys']>;

type MemberList = AdminAnswer<'/_admin/v1/members', 'get'>;
export type MemberRow = Each<MemberList['members']>;
export type MemberStatus = MemberRow['status'];
/** What an import of members sends: the export file, its format, a dry run or not. */
export type MemberImport = AdminBody<'/_admin/v1/members/import', 'post'>;
export type MemberImportFormat = MemberImport['format'];
type MemberDetail = AdminAnswer<'/_admin/v1/members/{id}', 'get'>;
export type MemberSession = Each<MemberDetail['sessions']>;
export type SignInMethods = MemberDetail['signInMethods'];

export type Webhook = AdminAnswer<'/_admin/v1/webhooks/{id}', 'get'>['webhook'];
export type Delivery = Each<AdminAnswer<'/_admin/v1/webhooks/{id}/deliveries', 'get'>['deliveries']>;

export type CollectionInfo = Each<AdminAnswer<'/_admin/v1/collections', 'get'>['collections']>;
export type FieldSpec = Each<CollectionInfo['fields']>;
export type Permission = CollectionInfo['permissions']['read'];

/** An item's data: an open object (`{ [key: string]: unknown }`) with its `_id`. */
export type Item = AdminAnswer<'/_admin/v1/collections/{id}/items', 'post'>['item'];

/** The query's answer: a page of items and how many match. */
export type ItemPage = AdminAnswer<'/_admin/v1/collections/{id}/query', 'post'>;

export type ImportReport = AdminAnswer<'/_admin/v1/collections/{id}/import', 'post'>;

/** A config file as the settings import takes it: a JSON object. */
export type ConfigFile = AdminBody<'/_admin/v1/site-settings/import', 'post'>['config'];

type TranslationsAnswer = AdminAnswer<'/_admin/v1/collections/{collectionId}/items/{itemId}/translations', 'get'>;
/** Language tag → field → value. */
export type Translations = TranslationsAnswer['translations'];

export type OwnerInvitation = AdminAnswer<'/_admin/v1/owners', 'post'>;

/** The Overview's sales block (features/orders/SalesSection.tsx); the orders themselves are the module's, below. */
export type SalesOverview = AdminAnswer<'/_admin/v1/commerce/orders/overview', 'get'>;
/** The Settings form (server settings/view.ts): sections of the site, each key with its schema, value and lock. */
export type SiteSettingsForm = AdminAnswer<'/_admin/v1/site-settings', 'get'>;
export type SettingsSection = Each<SiteSettingsForm['sections']>;
export type SettingField = Each<NonNullable<SettingsSection['fields']>>;
type MediaList = AdminAnswer<'/_admin/v1/media', 'get'>;
export type MediaFile = Each<MediaList['media']>;

/* The commerce module's admin API (server commerce/admin/, discounts/, orders/; docs/commerce.md): the Shop group. */
type ProductList = AdminAnswer<'/_admin/v1/commerce/products', 'get'>;
export type ProductRow = Each<ProductList['products']>;
export type Product = AdminAnswer<'/_admin/v1/commerce/products/{id}', 'get'>['product'];
export type ProductOption = Each<Product['options']>;
export type ProductMedia = Each<Product['media']>;
export type ProductVariant = Each<Product['variants']>;
/** What a create or a replace sends as `product`. */
export type ProductInput = AdminBody<'/_admin/v1/commerce/products', 'post'>['product'];
export type VariantInput = Each<ProductInput['variants']>;
export type ShopCollection = Each<AdminAnswer<'/_admin/v1/commerce/collections', 'get'>['collections']>;
export type ShopCollectionInput = AdminBody<'/_admin/v1/commerce/collections', 'post'>['collection'];
export type Discount = Each<AdminAnswer<'/_admin/v1/commerce/discounts', 'get'>['discounts']>;
type ShopOrderList = AdminAnswer<'/_admin/v1/commerce/orders', 'get'>;
export type ShopOrder = Each<ShopOrderList['orders']>;
export type ShopOrderStatus = ShopOrder['status'];
export type ShopOrderDetail = AdminAnswer<'/_admin/v1/commerce/orders/{id}', 'get'>;
export type ShopOrderHistoryEntry = Each<ShopOrderDetail['history']>;
export type OrderPayments = AdminAnswer<'/_admin/v1/commerce/orders/{id}/payments', 'get'>;
export type OrderPayment = Each<OrderPayments['payments']>;
export type OrderRefund = Each<OrderPayments['refunds']>;
