/**
 * Schemas of the admin API (`/_admin/v1/…`: the server's admin key or an owner console session).
 * Responses are open: the console reads more than these keys, and a schema must never strip one.
 */
import { Type } from 'typebox';
import { AnyObject, Body, Described, Empty, Nullable, OneOf, Open, OptionalBody, op } from '../http/schemas/common.js';
import { AUTH_EVENT_TYPES } from '../security/index.js';
import { MAIL_STATES } from './mail-outbox.js';

const Id = Type.Object({ id: Type.String() });
const SiteQuery = Type.Object(
  { siteId: Described('The site (default: the only one)') },
  { additionalProperties: true },
);
/** `{siteId}` in the body of a change (the query string's `siteId` is read too). */
const SiteBody = OptionalBody({ siteId: Described('The site (or `?siteId=`)') });
/** A data item as the admin API answers it: open, with its id. */
const ItemData = (description: string) => Open({ _id: Type.String({ description: 'Item id' }) }, { description });
const ItemBody = OptionalBody({
  siteId: Described('The site (or `?siteId=`)'),
  item: Described("The item's data, an object (`_id` optional on insert)", 'any'),
});
const Iso = (description = 'ISO date') => Type.String({ description });
const Count = (description?: string) => Type.Integer(description ? { description } : {});
const Strings = (description?: string) => Type.Array(Type.String(), description ? { description } : {});

// security/stored-api-keys.ts (database keys) and api-keys-routes.ts (the config file's, without dates).
const ApiKey = Open({
  id: Nullable(Type.String({ description: 'Key id (null for a key of the config file)' })),
  name: Type.String(),
  createdDate: Nullable(Iso()),
  lastUsedDate: Nullable(Iso('When it was last used (to the minute)')),
  revokedDate: Type.Optional(Nullable(Iso('Set on a revoked key; absent for a key of the config file'))),
  source: OneOf(['database', 'config'] as const),
});
// security/auth-events.ts (StoredAuthEvent).
const AuthEvent = Open({
  id: Type.String(),
  siteId: Type.String(),
  type: OneOf(AUTH_EVENT_TYPES, { description: 'What happened (security/audit-names.ts)' }),
  outcome: OneOf(['success', 'failure', 'refused'] as const),
  memberId: Type.Optional(Type.String()),
  email: Type.Optional(Type.String({ description: 'The login email tried' })),
  clientId: Type.Optional(Type.String()),
  ip: Type.Optional(Type.String()),
  detail: AnyObject('Small, secret-free facts: a reason code, a key name, a factor type'),
  createdAt: Iso(),
});
// admin/overview.ts
const DayCount = Open({
  day: Type.String({ description: 'YYYY-MM-DD (UTC)' }),
  signUps: Count(),
  signIns: Count(),
  failedSignIns: Count(),
});
const Overview = Open({
  membersByStatus: Open({ PENDING: Count(), ACTIVE: Count(), BLOCKED: Count() }),
  days: Type.Array(DayCount, { description: 'The last 30 days, oldest first' }),
  failedSignIns: Open({ last24Hours: Count(), last30Days: Count() }),
  mail: Open({ waiting: Count(), failing: Count(), failed: Count() }, { description: 'Unsent mail' }),
});
// admin/mail-outbox.ts (OutboxRow): never a body.
const OutboxMessage = Open({
  id: Type.String(),
  kind: Type.String(),
  to: Type.String(),
  subject: Type.String({ description: 'Six-digit codes masked' }),
  state: OneOf(MAIL_STATES),
  attempts: Count(),
  lastError: Type.Optional(Type.String()),
  createdDate: Iso(),
  sentDate: Type.Optional(Iso()),
  nextAttemptDate: Type.Optional(Iso('Set while waiting or failing')),
});
const Outbox = Open({
  messages: Type.Array(OutboxMessage, { description: 'Newest first' }),
  smtp: Type.Boolean({ description: 'Whether mail is sent (SMTP configured)' }),
  devMailbox: Type.Optional(Type.String({ description: "The dev mailbox's path, when it is on" })),
});
// config/types.ts, as admin/site-settings.ts and the collections list show it.
const Permission = OneOf(['ANYONE', 'SITE_MEMBER', 'SITE_MEMBER_AUTHOR', 'AUTHOR', 'ADMIN'] as const);
const Permissions = Open({ read: Permission, insert: Permission, update: Permission, remove: Permission });
const FieldSpec = Open({
  key: Type.String(),
  type: Type.String(),
  required: Type.Boolean(),
  collection: Type.Optional(Type.String({ description: 'The referenced collection' })),
  label: Type.Optional(Type.String({ description: 'What the console calls the field' })),
  help: Type.Optional(Type.String({ description: 'A sentence shown under the field' })),
});
const Keyed = (description: string) => ({ key: Type.String({ description }) });
const SiteSettings = Open({
  site: Open({ ...Keyed('Its place in the config file'), id: Type.String(), name: Type.String() }),
  languages: Open({ ...Keyed('Its place in the config file'), tags: Strings('The first is the default') }),
  publicUrl: Type.String(),
  policies: Open({
    ...Keyed('Its place in the config file'),
    emailVerification: OneOf(['off', 'required'] as const),
    memberApproval: OneOf(['auto', 'manual'] as const),
    captcha: OneOf(['off', 'altcha', 'recaptcha'] as const),
    mfa: OneOf(['off', 'optional', 'required'] as const),
    mfaFactors: Type.Array(OneOf(['TOTP', 'EMAIL', 'WEBAUTHN', 'SMS', 'CALL', 'PUSH'] as const)),
  }),
  sessions: Open({
    ...Keyed('Its place in the config file'),
    accessTokenTtlSeconds: Type.Number(),
    absoluteDays: Type.Number(),
    idleDays: Type.Number(),
  }),
  clients: Type.Array(
    Open({
      ...Keyed('Its place in the config file'),
      clientId: Type.String(),
      redirectUris: Strings(),
      allowedOrigins: Strings(),
      refreshTokenRotation: Type.Boolean(),
    }),
  ),
  identityProviders: Type.Array(
    Open({
      ...Keyed('Its place in the config file'),
      id: Type.String(),
      type: OneOf(['oidc', 'google', 'microsoft', 'apple'] as const),
      name: Type.String(),
      issuer: Type.String(),
      clientId: Type.String(),
      clientSecretSet: Type.Boolean(),
      scopes: Strings(),
      linkByVerifiedEmail: Type.Optional(Type.Boolean()),
      redirectUri: Type.String({ description: 'The callback URI to register at the provider' }),
    }),
  ),
  collections: Type.Array(
    Open({
      ...Keyed('Its place in the config file'),
      id: Type.String(),
      permissions: Permissions,
      fields: Type.Optional(Type.Array(FieldSpec, { description: 'Absent for an untyped collection' })),
      strict: Type.Boolean(),
      translatable: Strings(),
    }),
  ),
  apiKeys: Type.Array(Open({ ...Keyed('Its place in the config file'), name: Type.String() }), {
    description: "The config file's keys, by name (never the key)",
  }),
  webhooks: Type.Array(
    Open({ ...Keyed('Its place in the config file'), id: Type.String(), url: Type.String(), events: Strings() }),
  ),
});
const CollectionInfo = Open({
  id: Type.String(),
  permissions: Permissions,
  fields: Type.Array(FieldSpec, { description: 'Empty for an untyped collection' }),
  strict: Type.Boolean(),
  translatable: Strings('Fields with a value per site language'),
  itemCount: Count(),
});
const ImportReport = Open({
  inserted: Count(),
  updated: Count(),
  failed: Count(),
  rows: Type.Array(
    Open({
      row: Count('1 for the first row under the header'),
      id: Nullable(Type.String()),
      outcome: OneOf(['inserted', 'updated', 'failed'] as const),
      error: Type.Optional(Type.String()),
    }),
  ),
});
/** Language tag → field → text (the item's own values are its default language). */
const Translations = Open({
  translations: Type.Object(
    {},
    {
      additionalProperties: Type.Object({}, { additionalProperties: Type.String() }),
      description: 'Language tag → field → text',
    },
  ),
});
const CollectionParams = Type.Object({ id: Type.String(), itemId: Type.String() });
const TranslationParams = Type.Object({ collectionId: Type.String(), itemId: Type.String() });
const LanguageParams = Type.Object({ collectionId: Type.String(), itemId: Type.String(), language: Type.String() });

export const listAuthEvents = op(
  'The audit log: sign-ins, lockouts, key use…',
  Open({ events: Type.Array(AuthEvent, { description: 'Newest first' }) }),
  {
    querystring: Type.Object(
      {
        siteId: Described('The site (default: the only one)'),
        memberId: Described("One member's events"),
        type: Described('One event type (`sign_in`, `owner_action`, …)'),
        limit: Described('1 to 1000 (default 100)'),
        before: Described('ISO 8601: events before this instant'),
      },
      { additionalProperties: true },
    ),
  },
);
export const overview = op('Counts for the console overview', Overview, { querystring: SiteQuery });
// admin/setup-checklist.ts
const Done = (what: string) => Type.Boolean({ description: `Done: ${what}` });
const SetupChecklist = Open({
  products: Open({ done: Done('the catalog holds a product'), count: Count() }),
  payments: Open({
    done: Done('a way to be paid is set up'),
    ways: Type.Array(Type.String(), { description: 'Stripe, and the names of offline methods' }),
  }),
  shipping: Open({ done: Done('checkout offers a delivery method'), methods: Count() }),
  mail: Open({ done: Done('mail leaves the server (SMTP_URL)') }),
  domain: Open({
    done: Done("the shop's public address is https on a name of its own"),
    publicUrl: Type.String({ description: "The server's public address (PUBLIC_URL)" }),
  }),
});
export const setupChecklist = op("The Overview's setup checklist, read from the running state", SetupChecklist, {
  querystring: SiteQuery,
});
export const listMail = op('The mail outbox', Outbox, { querystring: SiteQuery });
export const retryMail = op('Send a failed mail again', Open({ message: Type.Optional(OutboxMessage) }), {
  params: Id,
  body: SiteBody,
});
export const siteSettings = op("A site's settings (policies, clients, collections)", SiteSettings, {
  querystring: SiteQuery,
});
export const listApiKeys = op(
  'Site API keys (stored hashed; configured ones too)',
  Open({
    apiKeys: Type.Array(ApiKey, { description: "The database's live keys, newest first, then the config file's" }),
  }),
  { querystring: SiteQuery },
);
export const createApiKey = op(
  'Create a site API key (the key is shown once)',
  Open({ apiKey: ApiKey, key: Type.String({ description: 'The key, shown once' }) }),
  { body: Body({ siteId: Described('The site'), name: Described('A name') }) },
);
export const revokeApiKey = op('Revoke a site API key', Open({ apiKey: ApiKey }), { params: Id, body: SiteBody });
export const listCollections = op('Collections of a site', Open({ collections: Type.Array(CollectionInfo) }), {
  querystring: SiteQuery,
});
export const queryCollection = op(
  'Items of a collection',
  Open({
    items: Type.Array(ItemData("An item's data"), { description: "Items' data" }),
    total: Count('How many match'),
  }),
  {
    params: Id,
    body: OptionalBody({
      siteId: Described('The site (or `?siteId=`)'),
      filter: Described('The data API\'s filter, e.g. {"price": {"$lt": 50}} (default: every item)', 'any'),
      sort: Described('[{fieldName, order: "ASC" | "DESC"}]', 'any'),
      limit: Described('Items per page (default 50)'),
      offset: Described('Items to skip (default 0)'),
    }),
  },
);
export const insertItem = op('Insert an item', Open({ item: ItemData('The item as saved') }), {
  params: Id,
  body: ItemBody,
});
export const replaceItem = op('Replace an item', Open({ item: ItemData('The item as saved') }), {
  params: CollectionParams,
  body: ItemBody,
});
export const removeItem = op('Remove an item', Empty, { params: CollectionParams, body: SiteBody });
export const exportCollection = {
  summary: 'Export a collection as CSV',
  produces: ['text/csv'],
  params: Id,
  response: { 200: Type.String({ description: 'CSV' }) },
};
export const importCollection = op('Import CSV rows into a collection', ImportReport, {
  params: Id,
  body: OptionalBody({
    siteId: Described('The site (or `?siteId=`)'),
    csv: Described('The text of a CSV file with a header row (at most 5,000 rows)', 'any'),
  }),
});
export const listTranslations = op('Translations of an item', Translations, {
  params: TranslationParams,
  querystring: SiteQuery,
});
export const putTranslation = op('Set the translation of an item in one language', Translations, {
  params: LanguageParams,
  body: OptionalBody({
    siteId: Described('The site (or `?siteId=`)'),
    values: Described('Field → text; a field left out or null falls back to the default language', 'any'),
  }),
});
export const deleteTranslation = op('Remove the translation of an item in one language', Translations, {
  params: LanguageParams,
  querystring: SiteQuery,
});
