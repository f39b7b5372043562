/**
 * data/: what other folders may use of it. Outside data/ import from here only (`npm run lint:deps`, rule
 * `data-through-its-index`); inside, files import each other directly. A new export is a decision: add it
 * to its group, or make a new group with a comment saying who needs it.
 */

// The plugin and what the app does with the data at start (app.ts, config-files/).
export { dataRoutes, decodeDotR } from './routes.js';
export { seedCollections } from './seed.js';
export { buildDeclaredIndexes } from './declared-indexes.js';
// Full-text search indexes (`"search": true`), built in the background once the server serves.
export { buildSearchIndexes, searchIndexesBuilt } from './search-indexes.js';
export { checkDataReadEnv, dataReadLimits } from './read-limits.js';

// Item values: JSON as items hold it, dates in the wire's `{ $date }` form.
export { dateValue, isDateValue, isPlainObject, type Json, type JsonObject } from './json.js';
// The one strict reading of a date a client sends; commerce/ reads its filter and discount dates with it.
export { canonicalDate, isCalendarDay } from './json.js';

// The data service, for other APIs over the same items (admin/, graphql/, storefront/): permissions,
// hooks, references, paging and events as the data API applies them.
export { getItem, insertOne, removeOne, saveOne, updateOne } from './items-service.js';
export { distinctValues, queryItems } from './query.js';
export { includeReferences } from './references.js';
export { authorize } from './permissions.js';
export { collectionOf, itemId, type Body, type DataScope } from './scope.js';
export { dataDatabase, scopeResolver } from './request-scope.js';
export { cursorKeyFrom, DEFAULT_LIMIT, MAX_LIMIT, type PagingMetadata } from './paging.js';
export { dataThrottleOf } from './throttle.js';
export { dataErrors } from './errors.js';

// Rows without the service: the shop writes its own collections inside its order transactions.
export { buildData, deleteRow, envelope, insertRow, parseDataItem, writeRow } from './store.js';
export { type ModuleCollection } from './module-collections.js';

// A visitor's items become the member's when the visitor signs in (oauth/ grants).
export { reassignVisitorItems } from './ownership.js';

// Item translations (the admin API's translation routes, the site settings).
export { parseTranslationValues, siteLanguages, translationLanguage } from './translations.js';
export { readTranslations, writeTranslation } from './translation-store.js';

// The SQL of run-time indexes, which backup/ rebuilds after a restore.
export { MAX_AUTO_INDEXES, sortIndexSql } from './indexes.js';
export { textIndexSql } from './text-indexes.js';

// For tests in other folders: reading a row back, the name a sort index gets.
export { readItem } from './store.js';
export { sortIndexName } from './indexes.js';
