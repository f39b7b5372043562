/**
 * Schemas of the admin API (`/_admin/v1/…`: the server's admin key or an owner console session).
 * Responses are open: the console reads more than these keys, and a schema must never strip one.
 */
import { Type } from 'typebox';
import { AnyObject, Body, Described, Empty, Key, Open, op } from '../http/schemas/common.js';
import type { RouteTable } from '../http/schemas/route-table.js';

const Id = Type.Object({ id: Type.String() });
const Member = Open({ id: Key('Member id'), email: Key('Login email'), status: Key('PENDING | APPROVED | BLOCKED'), createdDate: Key('ISO date') });
const SiteQuery = (extra: Record<string, ReturnType<typeof Described>> = {}) => Type.Object({ siteId: Described('The site (default: the only one)'), ...extra }, { additionalProperties: true });
const SiteEmail = Body({ siteId: Described('The site'), email: Described('The member\'s email') }, { examples: [{ siteId: 'demo', email: 'ada@example.com' }] });
const ApiKey = Open({ id: Key('Key id'), name: Key('Name'), source: Key('database or config') });
const CollectionParams = Type.Object({ id: Type.String(), itemId: Type.String() });
const TranslationParams = Type.Object({ collectionId: Type.String(), itemId: Type.String() });

const memberAction = (summary: string) => op(summary, Open({ member: Member }), { params: Id });

export const ADMIN_SCHEMAS: RouteTable = {
  'GET /_admin/v1/members': op('Members of a site', Open({ members: Key('Members: id, email, status, createdDate…') }), { querystring: SiteQuery({ status: Described('PENDING | APPROVED | BLOCKED'), q: Described('Search') }) }),
  'POST /_admin/v1/members/approve': op('Approve a member by email', Open({ member: Member }), { body: SiteEmail }),
  'POST /_admin/v1/members/block': op('Block a member by email', Open({ member: Member }), { body: SiteEmail }),
  'GET /_admin/v1/members/{id}': op('A member with sessions and sign-in methods', Open({ member: Member, sessions: Key('Open sessions'), signInMethods: Key('{password, sso, factors}') }), { params: Id }),
  'DELETE /_admin/v1/members/{id}': op('Delete a member', Empty, { params: Id }),
  'POST /_admin/v1/members/{id}/approve': memberAction('Approve a member'),
  'POST /_admin/v1/members/{id}/block': memberAction('Block a member (ends their sessions)'),
  'POST /_admin/v1/members/{id}/unblock': memberAction('Unblock a member'),
  'POST /_admin/v1/members/{id}/end-sessions': memberAction('End every session of a member'),
  'POST /_admin/v1/members/{id}/send-password-reset': memberAction('Mail a member a password reset link'),
  'POST /_admin/v1/members/{id}/resend-verification': op('Mail a member a new verification code', AnyObject(), { params: Id }),
  'GET /_admin/v1/auth-events': op('The audit log: sign-ins, lockouts, key use…', Open({ events: Key('Audit entries') }), { querystring: SiteQuery() }),
  'GET /_admin/v1/overview': op('Counts for the console overview', AnyObject()),
  'GET /_admin/v1/mail': op('The mail outbox', AnyObject(), { querystring: SiteQuery() }),
  'POST /_admin/v1/mail/{id}/retry': op('Send a failed mail again', AnyObject(), { params: Id }),
  'GET /_admin/v1/settings': op('A site\'s settings (policies, clients, collections)', AnyObject(), { querystring: SiteQuery() }),
  'GET /_admin/v1/api-keys': op('Site API keys (stored hashed; configured ones too)', Open({ apiKeys: Key('Keys: id, name, source, createdDate, revokedDate…') }), { querystring: SiteQuery() }),
  'POST /_admin/v1/api-keys': op('Create a site API key (the key is shown once)', Open({ apiKey: ApiKey, key: Key('The key, shown once') }), { body: Body({ siteId: Described('The site'), name: Described('A name') }) }),
  'POST /_admin/v1/api-keys/{id}/revoke': op('Revoke a site API key', Open({ apiKey: ApiKey }), { params: Id }),
  'GET /_admin/v1/collections': op('Collections of a site', AnyObject(), { querystring: SiteQuery() }),
  'POST /_admin/v1/collections/{id}/query': op('Items of a collection', Open({ items: Key('Items\' data'), total: Key('How many match') }), { params: Id }),
  'POST /_admin/v1/collections/{id}/items': op('Insert an item', Open({ item: AnyObject() }), { params: Id }),
  'POST /_admin/v1/collections/{id}/items/{itemId}': op('Replace an item', Open({ item: AnyObject() }), { params: CollectionParams }),
  'POST /_admin/v1/collections/{id}/items/{itemId}/remove': op('Remove an item', Empty, { params: CollectionParams }),
  'GET /_admin/v1/collections/{id}/export': { summary: 'Export a collection as CSV', produces: ['text/csv'], params: Id, response: { 200: Type.String({ description: 'CSV' }) } },
  'POST /_admin/v1/collections/{id}/import': op('Import CSV rows into a collection', AnyObject('inserted, updated, failed, rows'), { params: Id }),
  'GET /_admin/v1/collections/{collectionId}/items/{itemId}/translations': op('Translations of an item', AnyObject(), { params: TranslationParams }),
  'PUT /_admin/v1/collections/{collectionId}/items/{itemId}/translations/{language}': op('Set the translation of an item in one language', AnyObject(), { params: Type.Object({ collectionId: Type.String(), itemId: Type.String(), language: Type.String() }) }),
  'DELETE /_admin/v1/collections/{collectionId}/items/{itemId}/translations/{language}': op('Remove the translation of an item in one language', AnyObject(), { params: Type.Object({ collectionId: Type.String(), itemId: Type.String(), language: Type.String() }) }),
};
