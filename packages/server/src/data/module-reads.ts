/**
 * Reads of a collection a module serves (module-collections.ts, e.g. `Stores/Products`): the module lists the
 * site's items, and the data service filters, sorts, pages, projects and counts them in memory with the
 * evaluator the SQL compiler is checked against (filter/evaluate.ts), so a query means the same on a module's
 * collection as on any other. Cursors are offset cursors of the same signed format (paging.ts). A catalog is read
 * whole per request: fine for the few thousand products a shop has; the Wix limit of 100 items a page holds.
 */
import { invalidField } from '../errors/wire.js';
import { dataErrors } from './errors.js';
import { compareItems, evaluate } from './filter/evaluate.js';
import { parseFieldPath, parseFilter, parseSort } from './filter/parse.js';
import { filterOperands } from './filter/limits.js';
import { isPlainObject, type JsonObject } from './json.js';
import { moduleCollectionOf, type ModuleCollection } from './module-collections.js';
import { pagingMetadata, readPaging } from './paging.js';
import { asBody, stringList, type Body, type DataScope } from './scope.js';
import { admitRead } from './throttle.js';
import { envelope, project } from './store.js';
import { matchLanguage, siteLanguages } from './translations.js';

/** The module serving the collection of this request, if one does. */
export const servedByModule = (scope: DataScope, collectionId: string): ModuleCollection | undefined =>
  moduleCollectionOf(scope, collectionId);

function languageOf(scope: DataScope, raw: unknown): string | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string' || raw.length > 35)
    throw invalidField('language', 'must be a language tag such as "fr" or "pt-BR"');
  const language = matchLanguage(scope.site, raw);
  return language === siteLanguages(scope.site)[0] ? undefined : language;
}

/**
 * Every read of a module's collection builds the whole catalog, whatever it asks: each counts as one heavy read
 * against the caller's per-address limit (throttle.ts; keys are not counted), so a stranger cannot turn a cheap
 * request into a catalog's worth of work many times a second.
 */
async function itemsOf(scope: DataScope, module: ModuleCollection, language: unknown) {
  const read = {
    db: scope.db,
    site: scope.site,
    admin: scope.caller.kind === 'admin',
    language: languageOf(scope, language),
  };
  await scope.throttleHeavyRead?.();
  return module.items(read);
}

export async function moduleGet(scope: DataScope, module: ModuleCollection, id: string, language?: unknown) {
  const found = (await itemsOf(scope, module, language)).find((item) => item._id === id);
  if (!found) throw dataErrors.notFound(module.id, id);
  return found;
}

/** The items a filter keeps, in the sort's order (no sort: `_createdDate`, then `_id`, as stored items). */
async function selected(scope: DataScope, module: ModuleCollection, rawFilter: unknown, rawSort: unknown, body: Body) {
  const filter = parseFilter(rawFilter, 'query.filter');
  const sort = parseSort(rawSort, 'query.sort');
  await admitRead(scope, filterOperands(filter));
  const items = (await itemsOf(scope, module, body.language)).filter((item) => evaluate(filter, item));
  return items.sort(
    compareItems(sort.length ? sort : [{ path: ['_createdDate'], field: '_createdDate', desc: false }]),
  );
}

export async function moduleQuery(scope: DataScope, module: ModuleCollection, body: Body) {
  const query = body.query == null ? {} : asBody(body.query, 'query');
  const page = readPaging(scope, query, body, 'query', module.id, 'query.');
  if (page.limit > module.maxLimit)
    throw invalidField(
      `query.${query.cursorPaging ? 'cursorPaging' : 'paging'}.limit`,
      `must be at most ${module.maxLimit} for ${module.id}`,
      'INVALID_LIMIT',
    );
  const saved = isPlainObject(page.saved) ? page.saved : { f: query.filter, s: query.sort };
  const fields = stringList(query.fields, 'query.fields');
  fields.forEach((f, i) => parseFieldPath(f, `query.fields[${i}]`));
  if (body.includeReferences != null && !(Array.isArray(body.includeReferences) && !body.includeReferences.length))
    throw invalidField('includeReferences', `${module.id} has no references to include`);
  const items = await selected(scope, module, saved.f, saved.s, body);
  const rows = items.slice(page.offset, page.offset + page.limit);
  const hasNext = items.length > page.offset + page.limit;
  const meta = pagingMetadata(
    scope,
    page,
    'query',
    module.id,
    { f: saved.f, s: saved.s },
    rows.length,
    hasNext,
    page.returnTotalCount ? items.length : undefined,
  );
  return { dataItems: rows.map((d) => envelope(module.id, project(d, fields))), pagingMetadata: meta };
}

export async function moduleCount(scope: DataScope, module: ModuleCollection, body: Body) {
  return { totalCount: (await selected(scope, module, body.filter, undefined, body)).length };
}

/** What the data service does not do on a module's collection (aggregate, references): a clear 400. */
export function refuseModuleRead(module: ModuleCollection, what: string): never {
  throw invalidField('dataCollectionId', `${module.id} answers get, query and count; not ${what}`);
}

export type { JsonObject };
