/**
 * Schemas of the admin API (`/_admin/v1/…`: the server's admin key or an owner console session).
 * Responses are open: the console reads more than these keys, and a schema must never strip one.
 */
import { Type } from 'typebox';
import { AnyObject, Body, Described, Empty, Key, Open, op } from '../http/schemas/common.js';

const Id = Type.Object({ id: Type.String() });
const SiteQuery = Type.Object({ siteId: Described('The site (default: the only one)') }, { additionalProperties: true });
const ApiKey = Open({ id: Key('Key id'), name: Key('Name'), source: Key('database or config') });
const CollectionParams = Type.Object({ id: Type.String(), itemId: Type.String() });
const TranslationParams = Type.Object({ collectionId: Type.String(), itemId: Type.String() });
const LanguageParams = Type.Object({ collectionId: Type.String(), itemId: Type.String(), language: Type.String() });

export const listAuthEvents = op('The audit log: sign-ins, lockouts, key use…', Open({ events: Key('Audit entries') }), { querystring: SiteQuery });
export const overview = op('Counts for the console overview', AnyObject());
export const listMail = op('The mail outbox', AnyObject(), { querystring: SiteQuery });
export const retryMail = op('Send a failed mail again', AnyObject(), { params: Id });
export const siteSettings = op('A site\'s settings (policies, clients, collections)', AnyObject(), { querystring: SiteQuery });
export const listApiKeys = op('Site API keys (stored hashed; configured ones too)', Open({ apiKeys: Key('Keys: id, name, source, createdDate, revokedDate…') }), { querystring: SiteQuery });
export const createApiKey = op('Create a site API key (the key is shown once)', Open({ apiKey: ApiKey, key: Key('The key, shown once') }), { body: Body({ siteId: Described('The site'), name: Described('A name') }) });
export const revokeApiKey = op('Revoke a site API key', Open({ apiKey: ApiKey }), { params: Id });
export const listCollections = op('Collections of a site', AnyObject(), { querystring: SiteQuery });
export const queryCollection = op('Items of a collection', Open({ items: Key('Items\' data'), total: Key('How many match') }), { params: Id });
export const insertItem = op('Insert an item', Open({ item: AnyObject() }), { params: Id });
export const replaceItem = op('Replace an item', Open({ item: AnyObject() }), { params: CollectionParams });
export const removeItem = op('Remove an item', Empty, { params: CollectionParams });
export const exportCollection = { summary: 'Export a collection as CSV', produces: ['text/csv'], params: Id, response: { 200: Type.String({ description: 'CSV' }) } };
export const importCollection = op('Import CSV rows into a collection', AnyObject('inserted, updated, failed, rows'), { params: Id });
export const listTranslations = op('Translations of an item', AnyObject(), { params: TranslationParams });
export const putTranslation = op('Set the translation of an item in one language', AnyObject(), { params: LanguageParams });
export const deleteTranslation = op('Remove the translation of an item in one language', AnyObject(), { params: LanguageParams });
