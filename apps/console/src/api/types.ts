/**
 * The admin API's shapes as the console uses them, named. Everything here comes from `schema.d.ts`,
 * generated from the server's GET /openapi.json (`npm run api-types -w apps/console`), where the
 * document types it. Where it does not (issue #23), the type is written by hand, marked
 * `// not in /openapi.json yet: <route>`: today the admin routes' answers list their fields with a
 * description and no type (openapi-typescript gives `unknown` for each), or are open objects with no
 * field at all. A hand type whose route lists its fields is checked against that list at the end of
 * this file, so a field renamed or dropped in the document fails the typecheck.
 */
import type { components, paths } from './schema.js';

type Method = 'get' | 'put' | 'post' | 'patch' | 'delete';

/** The JSON body of a route's 200 answer, as the document describes it. */
export type AdminAnswer<P extends keyof paths, M extends Method> = paths[P][M] extends { responses: { 200: { content: { 'application/json': infer Body } } } } ? Body : never;

/** The error envelopes of every admin route (its `4XX` and `5XX` answers). */
export type ApplicationError = components['schemas']['ApplicationError'];
export type ValidationError = components['schemas']['ValidationError'];

/** An owner's role in the console. */
export type OwnerRole = 'owner' | 'editor' | 'support';

// not in /openapi.json yet: GET /_admin/v1/console/session (`owner`, fields without types; no `twoFactor`)
export interface Owner {
  id: string;
  email: string;
  role: OwnerRole;
  twoFactor: boolean;
}

// not in /openapi.json yet: GET /_admin/v1/console/session (fields without types)
export interface Session {
  owner: Owner;
  csrfToken: string;
  mustEnrolTwoFactor: boolean;
  sites: { id: string; name: string }[];
  devMailbox: boolean;
}

// not in /openapi.json yet: POST /_admin/v1/console/sign-in (fields without types)
export interface SignInAnswer {
  owner?: Owner;
  twoFactorRequired?: boolean;
}

// not in /openapi.json yet: POST /_admin/v1/console/two-factor/start (fields without types)
export interface TwoFactorEnrolment {
  secret: string;
  uri: string;
}

// not in /openapi.json yet: GET /_admin/v1/overview (an open object)
export interface DayCount {
  day: string;
  signUps: number;
  signIns: number;
  failedSignIns: number;
}

// not in /openapi.json yet: GET /_admin/v1/overview (an open object)
export interface Overview {
  membersByStatus: { PENDING: number; ACTIVE: number; BLOCKED: number };
  days: DayCount[];
  failedSignIns: { last24Hours: number; last30Days: number };
  mail: { waiting: number; failing: number; failed: number };
}

export type MailState = 'waiting' | 'failing' | 'failed' | 'sent';

// not in /openapi.json yet: GET /_admin/v1/mail (an open object)
export interface OutboxMessage {
  id: string;
  kind: string;
  to: string;
  subject: string;
  state: MailState;
  attempts: number;
  lastError?: string;
  createdDate: string;
  sentDate?: string;
  nextAttemptDate?: string;
}

// not in /openapi.json yet: GET /_admin/v1/mail (an open object)
export interface Outbox {
  messages: OutboxMessage[];
  smtp: boolean;
  devMailbox?: string;
}

// not in /openapi.json yet: GET /_admin/v1/auth-events (`events` without a type)
export interface AuthEvent {
  id: string;
  type: string;
  outcome: string;
  memberId?: string;
  email?: string;
  clientId?: string;
  ip?: string;
  detail: Record<string, unknown>;
  createdAt: string;
}

// not in /openapi.json yet: GET /_admin/v1/settings (an open object)
export interface SiteSettings {
  site: { key: string; id: string; name: string };
  /** The first is the default (issue #18). */
  languages: { key: string; tags: string[] };
  publicUrl: string;
  policies: { key: string } & Record<string, unknown>;
  sessions: { key: string; accessTokenTtlSeconds: number; absoluteDays: number; idleDays: number };
  clients: { key: string; clientId: string; redirectUris: string[]; allowedOrigins: string[]; refreshTokenRotation: boolean }[];
  identityProviders: { key: string; id: string; type: string; name: string; issuer: string; clientId: string; clientSecretSet: boolean; scopes: string[]; redirectUri: string }[];
  collections: { key: string; id: string; permissions: Record<string, string>; fields?: { key: string; type: string; required: boolean }[]; strict: boolean }[];
  apiKeys: { key: string; name: string }[];
  webhooks: { key: string; id: string; url: string; events: string[] }[];
}

// not in /openapi.json yet: GET /_admin/v1/api-keys (`apiKeys` without a type), POST /_admin/v1/api-keys (fields without types)
export interface ApiKeyRow {
  id: string | null;
  name: string;
  createdDate: string | null;
  lastUsedDate: string | null;
  source: 'database' | 'config';
}

export type MemberStatus = 'PENDING' | 'ACTIVE' | 'BLOCKED';

// not in /openapi.json yet: GET /_admin/v1/members (`members` without a type; `total` not listed)
export interface MemberRow {
  id: string;
  email: string;
  name?: string;
  status: MemberStatus;
  emailVerified: boolean;
  createdDate: string;
}

// not in /openapi.json yet: GET /_admin/v1/members (`members` without a type; `total` not listed)
export interface MemberList {
  members: MemberRow[];
  total: number;
}

// not in /openapi.json yet: GET /_admin/v1/members/{id} (`signInMethods` without a type)
export interface SignInMethods {
  password: boolean;
  sso: { idpConnectionId: string; name: string; email?: string; createdDate: string; lastUsedDate: string }[];
  factors: { id: string; factorType: string; status: string; name?: string; createdDate: string }[];
}

// not in /openapi.json yet: GET /_admin/v1/members/{id} (`sessions` without a type)
export interface MemberSession {
  clientId: string;
  ip?: string;
  createdDate: string;
  lastUsedDate: string;
}

// not in /openapi.json yet: GET /_admin/v1/members/{id} (fields without types)
export interface MemberDetail {
  member: { id: string; email: string; status: MemberStatus; emailVerified: boolean; approved: boolean; createdDate: string; updatedDate: string; lastSignInDate?: string; profile: Record<string, unknown> };
  sessions: MemberSession[];
  signInMethods: SignInMethods;
}

// not in /openapi.json yet: GET /_admin/v1/webhooks/{id} and the other webhook routes (fields without types)
export interface Webhook {
  id: string;
  url: string;
  events: string[];
  description: string;
  source: 'config' | 'api';
  enabled: boolean;
  disabledReason: string | null;
  failingSince: string | null;
  secretRotatingUntil: string | null;
  createdDate: string;
  updatedDate: string;
}

// not in /openapi.json yet: GET /_admin/v1/webhooks/{id}/deliveries (`deliveries` without a type)
export interface Delivery {
  id: string;
  eventId: string;
  eventType: string;
  status: 'PENDING' | 'DELIVERED' | 'FAILED';
  attempts: number;
  statusCode: number | null;
  responseExcerpt: string | null;
  error: string | null;
  createdDate: string;
  lastAttemptDate: string | null;
  nextAttemptDate: string | null;
}

export type Permission = 'ANYONE' | 'SITE_MEMBER' | 'SITE_MEMBER_AUTHOR' | 'AUTHOR' | 'ADMIN';

// not in /openapi.json yet: GET /_admin/v1/collections (an open object)
export interface FieldSpec {
  key: string;
  type: string;
  required: boolean;
  collection?: string;
}

// not in /openapi.json yet: GET /_admin/v1/collections (an open object)
export interface CollectionInfo {
  id: string;
  permissions: Record<'read' | 'insert' | 'update' | 'remove', Permission>;
  fields: FieldSpec[];
  strict: boolean;
  /** Fields with a value per site language (config `translatable`); empty for most collections. */
  translatable?: string[];
  itemCount: number;
}

/**
 * An item's data: the document's `item` is an open object (`{ [key: string]: unknown }`), which is
 * right; the console relies on its `_id`.
 */
export type Item = AdminAnswer<'/_admin/v1/collections/{id}/items', 'post'>['item'] & { _id: string };

// not in /openapi.json yet: POST /_admin/v1/collections/{id}/query (fields without types)
export interface ItemPage {
  items: Item[];
  total: number;
}

// not in /openapi.json yet: POST /_admin/v1/collections/{id}/import (an open object)
export interface ImportReport {
  inserted: number;
  updated: number;
  failed: number;
  rows: { row: number; id: string | null; outcome: 'inserted' | 'updated' | 'failed'; error?: string }[];
}

/** Language tag → field → value. */
export type Translations = Record<string, Record<string, string>>;

// not in /openapi.json yet: GET, PUT and DELETE /_admin/v1/collections/{collectionId}/items/{itemId}/translations[/{language}] (open objects)
export interface TranslationsAnswer {
  translations: Translations;
}

/*
 * The hand types' fields, checked against the fields the document lists for their routes: a field
 * here that the document does not list (renamed, dropped) is a type error. `never` means all are listed.
 */
/** The fields an answer lists by name (without its open `[key: string]: unknown` part). */
type Listed<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };
/** Fields of a hand type the document does not list. */
type Unlisted<Hand, Documented> = Exclude<keyof Hand, Listed<Documented>>;
type AllListed<Fields extends never> = Fields;

type SessionAnswer = AdminAnswer<'/_admin/v1/console/session', 'get'>;
type MemberAnswer = AdminAnswer<'/_admin/v1/members/{id}', 'get'>;
type _Checks = [
  AllListed<Unlisted<Session, SessionAnswer>>,
  AllListed<Unlisted<Omit<Owner, 'twoFactor'>, SessionAnswer['owner']>>,
  AllListed<Unlisted<SignInAnswer, AdminAnswer<'/_admin/v1/console/sign-in', 'post'>>>,
  AllListed<Unlisted<TwoFactorEnrolment, AdminAnswer<'/_admin/v1/console/two-factor/start', 'post'>>>,
  AllListed<Unlisted<{ events: AuthEvent[] }, AdminAnswer<'/_admin/v1/auth-events', 'get'>>>,
  AllListed<Unlisted<{ apiKeys: ApiKeyRow[] }, AdminAnswer<'/_admin/v1/api-keys', 'get'>>>,
  AllListed<Unlisted<{ apiKey: ApiKeyRow; key: string }, AdminAnswer<'/_admin/v1/api-keys', 'post'>>>,
  AllListed<Unlisted<Omit<MemberList, 'total'>, AdminAnswer<'/_admin/v1/members', 'get'>>>,
  AllListed<Unlisted<MemberDetail, MemberAnswer>>,
  AllListed<Unlisted<{ webhooks: Webhook[] }, AdminAnswer<'/_admin/v1/webhooks', 'get'>>>,
  AllListed<Unlisted<{ webhook: Webhook; secret: string }, AdminAnswer<'/_admin/v1/webhooks', 'post'>>>,
  AllListed<Unlisted<{ webhook: Webhook }, AdminAnswer<'/_admin/v1/webhooks/{id}', 'get'>>>,
  AllListed<Unlisted<{ secret: string }, AdminAnswer<'/_admin/v1/webhooks/{id}/rotate-secret', 'post'>>>,
  AllListed<Unlisted<{ deliveries: Delivery[] }, AdminAnswer<'/_admin/v1/webhooks/{id}/deliveries', 'get'>>>,
  AllListed<Unlisted<ItemPage, AdminAnswer<'/_admin/v1/collections/{id}/query', 'post'>>>,
  AllListed<Unlisted<{ item: Item }, AdminAnswer<'/_admin/v1/collections/{id}/items', 'post'>>>,
  AllListed<Unlisted<{ item: Item }, AdminAnswer<'/_admin/v1/collections/{id}/items/{itemId}', 'post'>>>,
];
