/**
 * Schemas of the data items API (docs/wire-format.md §9). Requests: the keys every call shares are checked here
 * (collection id, the item or patch object); filters, sorts and paging keep their own parsers, whose
 * messages name the exact clause. Responses are open: items' `data` travels as stored.
 */
import { Type, type TSchema } from 'typebox';
import { AnyObject, Body, Empty, Key, Open, violation } from '../http/schemas/common.js';
import { text } from '../http/schemas/text-policy.js';

const nonEmpty = violation('must be a non-empty string', 'REQUIRED');
const DataCollectionId = Type.String({
  minLength: 1,
  description: 'The collection (`Products`, …)',
  examples: ['Products'],
  ...nonEmpty,
});
/** Filters, patches and item values are free-form: any text but U+0000 (text-policy.ts). */
const anything = (description: string) => Type.Optional(Type.Unknown({ description, ...text('any') }));
const Condition = Type.Optional(
  Type.Object(
    { filter: Type.Unknown({ description: 'A Wix Data filter', ...text('any') }) },
    { additionalProperties: true, ...violation('must be an object with a filter') },
  ),
);

const DataItemIn = Type.Object(
  {
    id: Type.Optional(Type.Unknown({ description: 'The item id (optional on insert and save)' })),
    data: Type.Optional(AnyObject("The item's fields; `_id` may stand here instead of `id`")),
  },
  { additionalProperties: true, ...violation('must be an object with a data object', 'REQUIRED') },
);

const itemBody = (extra: Record<string, TSchema> = {}) =>
  Body(
    { dataCollectionId: DataCollectionId, dataItem: DataItemIn, ...extra },
    { examples: [{ dataCollectionId: 'Products', dataItem: { data: { title: 'Mug', price: 12 } } }] },
  );

const collectionBody = (extra: Record<string, TSchema> = {}) => Body({ dataCollectionId: DataCollectionId, ...extra });

const readOptions = {
  consistentRead: anything('Ignored: reads are always consistent'),
  language: anything('A language of the site (translatable fields)'),
};

export const DataItemOut = Open({
  id: Type.String(),
  dataCollectionId: Type.String(),
  data: AnyObject(
    'The item: its fields and the system fields `_id`, `_owner`, `_createdDate`, `_updatedDate` (dates as `{"$date": ISO}`)',
  ),
});

const PagingMetadata = Open({
  count: Key('Items in this page'),
  offset: Key('Offset of the page'),
  total: Key('All matches, with returnTotalCount'),
  hasNext: Key('Whether another page follows'),
  cursors: Key('{next, prev} with cursor paging'),
});

const OneItem = Open({ dataItem: DataItemOut });
const BulkResult = Open({
  results: Type.Optional(Type.Array(AnyObject())),
  bulkActionMetadata: Type.Optional(AnyObject('totalSuccesses, totalFailures, undetailedFailures')),
});

interface RouteSchema {
  summary: string;
  body: TSchema;
  response: { 200: TSchema };
}

const route = (summary: string, body: TSchema, response: TSchema): RouteSchema => ({
  summary,
  body,
  response: { 200: response },
});

/** The POST routes by path below the prefix (`/items`, `/items/query`, …). */
export const DATA_POST_SCHEMAS: Record<string, RouteSchema> = {
  '/items': route('Insert an item', itemBody(), OneItem),
  '/items/update': route('Replace an item', itemBody({ condition: Condition }), OneItem),
  '/items/save': route(
    'Insert or replace an item',
    itemBody(),
    Open({ action: Type.Optional(Type.String({ description: 'INSERTED or UPDATED' })), dataItem: DataItemOut }),
  ),
  '/items/patch': route(
    'Change some fields of an item',
    collectionBody({
      patch: Type.Object(
        {
          dataItemId: anything('The item to change'),
          fieldModifications: anything(
            '[{fieldPath, action: SET_FIELD|REMOVE_FIELD|INCREMENT_FIELD|APPEND_TO_ARRAY|REMOVE_FROM_ARRAY, …}]',
          ),
        },
        {
          additionalProperties: true,
          ...violation('must be an object with dataItemId and fieldModifications', 'REQUIRED'),
        },
      ),
      condition: Condition,
    }),
    OneItem,
  ),
  '/items/remove': route(
    'Remove an item',
    collectionBody({ dataItemId: anything('The item to remove'), condition: Condition }),
    OneItem,
  ),
  '/items/truncate': route('Remove every item of the collection', collectionBody(), Empty),
  '/items/query': route(
    'Query items',
    collectionBody({
      query: anything('{filter, sort, paging | cursorPaging, fields}'),
      includeReferences: anything('[{field, limit}]'),
      returnTotalCount: anything('Count all matches'),
      ...readOptions,
    }),
    Open({ dataItems: Type.Array(DataItemOut), pagingMetadata: PagingMetadata }),
  ),
  '/items/search': route(
    'Search items (what @wix/data items.search() sends): the query with the search details as a $search',
    collectionBody({
      search: anything('{search: {expression, mode: AND|OR, fuzzy}, filter, sort, paging | cursorPaging, fields}'),
      includeReferences: anything('[{field, limit}]'),
      ...readOptions,
    }),
    Open({ dataItems: Type.Array(DataItemOut), pagingMetadata: PagingMetadata }),
  ),
  '/items/count': route(
    'Count items',
    collectionBody({ filter: anything('A Wix Data filter'), ...readOptions }),
    Open({ totalCount: Type.Integer() }),
  ),
  '/items/query-distinct-values': route(
    'Distinct values of a field',
    collectionBody({
      fieldName: anything('The field'),
      filter: anything('A Wix Data filter'),
      order: anything('ASC or DESC'),
      paging: anything('{limit, offset}'),
      cursorPaging: anything('{limit, cursor}'),
      ...readOptions,
    }),
    Open({ distinctValues: Type.Array(Type.Unknown()), pagingMetadata: PagingMetadata }),
  ),
  '/items/aggregate': route(
    'Group and aggregate items',
    collectionBody({
      initialFilter: anything('Filter before grouping'),
      aggregation: anything('{groupingFields, operations}'),
      finalFilter: anything('Filter of the groups'),
      sort: anything('Sort of the groups'),
      paging: anything('{limit, offset}'),
    }),
    Open({ results: Type.Array(AnyObject()), pagingMetadata: PagingMetadata }),
  ),
  '/items/query-referenced': route(
    'Items a multi-reference field points to',
    collectionBody({
      referringItemId: anything('The referring item'),
      referringItemFieldName: anything('The reference field'),
    }),
    Open({ results: Type.Optional(Type.Array(AnyObject())), pagingMetadata: Type.Optional(PagingMetadata) }),
  ),
  '/items/is-referenced': route(
    'Whether one item references another',
    collectionBody({
      referringItemFieldName: anything('The field'),
      referringItemId: anything('From'),
      referencedItemId: anything('To'),
    }),
    Open({ isReferenced: Type.Optional(Type.Boolean()) }),
  ),
  '/items/replace-references': route(
    'Replace the references of a field',
    collectionBody({
      referringItemFieldName: anything('The field'),
      referringItemId: anything('From'),
      newReferencedItemIds: anything('To'),
    }),
    Open({}),
  ),
  '/bulk/items/insert-references': route(
    'Add references',
    collectionBody({ dataItemReferences: anything('[{referringItemFieldName, referringItemId, referencedItemId}]') }),
    BulkResult,
  ),
  '/bulk/items/remove-references': route(
    'Remove references',
    collectionBody({ dataItemReferences: anything('[{referringItemFieldName, referringItemId, referencedItemId}]') }),
    BulkResult,
  ),
};
for (const kind of ['insert', 'save', 'update', 'remove', 'patch']) {
  DATA_POST_SCHEMAS[`/bulk/items/${kind}`] = route(
    `Bulk ${kind}`,
    collectionBody({
      dataItems: anything('Items (insert, save, update)'),
      dataItemIds: anything('Ids (remove)'),
      patches: anything('Patches (patch)'),
      returnEntity: anything('Return the items'),
    }),
    BulkResult,
  );
}

// Query parameters stay untyped: the handlers read them as the client sends them (repeated or single).
/** A POST route added without its own entry still checks the shared keys and answers an open object. */
export const dataPostSchema = (path: string): RouteSchema =>
  DATA_POST_SCHEMAS[path] ?? route(path, collectionBody(), Open({}));

const ItemQuery = Type.Object(
  {
    dataCollectionId: Type.Optional(Type.Unknown({ description: 'The collection' })),
    dataItemId: Type.Optional(Type.Unknown({ description: 'The item id (wins over the path)' })),
    '.r': Type.Optional(
      Type.Unknown({ description: 'base64url of the JSON request body (what the client sends for nested options)' }),
    ),
    fields: Type.Optional(Type.Unknown({ description: 'Fields to return (repeated)' })),
    includeReferences: Type.Optional(Type.Unknown({ description: 'Reference fields to expand (repeated)' })),
    language: Type.Optional(Type.Unknown({ description: 'A language of the site' })),
  },
  { additionalProperties: true },
);

export const DATA_GET_QUERY_SCHEMA = {
  summary: 'Query items with the request in `?.r=` (the client\'s GET form), or get the item whose id is "query"',
  querystring: ItemQuery,
  response: {
    200: Open({
      dataItems: Type.Optional(Type.Array(DataItemOut)),
      pagingMetadata: Type.Optional(PagingMetadata),
      dataItem: Type.Optional(DataItemOut),
    }),
  },
};

export const DATA_GET_ITEM_SCHEMA = {
  summary: 'Get an item (its id is the rest of the path, raw; `dataItemId` in the query wins)',
  querystring: ItemQuery,
  response: { 200: OneItem },
};
