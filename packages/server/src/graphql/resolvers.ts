/**
 * Root resolvers: each is a call into the one data service (query, get, insert, update, remove), so filters go
 * through the REST compiler and every permission decision through data/permissions.ts, exactly as in REST.
 */
import type { GraphQLResolveInfo, SelectionSetNode } from 'graphql';
import type { CollectionConfig } from '../config/types.js';
import { ApplicationError } from '../errors/wire.js';
import { ERRORS } from '../errors/catalogue.js';
import {
  getItem,
  insertOne,
  removeOne,
  updateOne,
  type JsonObject,
  type PagingMetadata,
  queryItems,
  collectionOf,
  itemId,
  type Body,
  parseDataItem,
} from '../data/index.js';
import type { GraphqlContext } from './context.js';

export interface ListArgs {
  filter?: unknown;
  sort?: { fieldName: string; order?: string }[] | null;
  limit?: number | null;
  offset?: number | null;
  cursor?: string | null;
  /** Translated values of translatable fields (the data service applies it, as for REST `language`). */
  language?: string | null;
}

export interface ItemPage {
  items: JsonObject[];
  totalCount: number | null;
  pagingMetadata: PagingMetadata;
}

/** Whether the query asks for `name` directly under this field (fragments included). */
function selects(info: GraphQLResolveInfo, name: string): boolean {
  const visit = (set: SelectionSetNode | undefined): boolean =>
    !!set?.selections.some((s) =>
      s.kind === 'Field'
        ? s.name.value === name
        : s.kind === 'InlineFragment'
          ? visit(s.selectionSet)
          : visit(info.fragments[s.name.value]?.selectionSet),
    );
  return info.fieldNodes.some((node) => visit(node.selectionSet));
}

/** The REST query body for these arguments: the total is counted only when the query asks for it. */
function queryBody(args: ListArgs, info: GraphQLResolveInfo): Body {
  const query: Body = {};
  const language = args.language ?? undefined;
  if (args.cursor != null) {
    query.cursorPaging = { cursor: args.cursor, ...(args.limit != null ? { limit: args.limit } : {}) };
    return { query, language };
  }
  if (args.filter != null) query.filter = args.filter;
  if (args.sort != null) query.sort = args.sort.map((s) => ({ fieldName: s.fieldName, order: s.order ?? 'ASC' }));
  if (args.limit != null || args.offset != null)
    query.paging = {
      ...(args.limit != null ? { limit: args.limit } : {}),
      ...(args.offset != null ? { offset: args.offset } : {}),
    };
  return { query, returnTotalCount: selects(info, 'totalCount'), language };
}

export async function listItems(
  context: GraphqlContext,
  collection: CollectionConfig,
  args: ListArgs,
  info: GraphQLResolveInfo,
): Promise<ItemPage> {
  const result = await queryItems(context.scope, collection, queryBody(args, info));
  context.references.remember(
    result.dataItems.map((e) => e.data),
    args.language,
  );
  return {
    items: result.dataItems.map((e) => e.data),
    totalCount: result.pagingMetadata.total ?? null,
    pagingMetadata: result.pagingMetadata,
  };
}

/** `null` for an item that does not exist or that the caller may not see (REST answers WDE0073 to both). */
export async function itemById(
  context: GraphqlContext,
  collection: CollectionConfig,
  id: string,
  language?: unknown,
): Promise<JsonObject | null> {
  try {
    const item = await getItem(context.scope, collection, itemId(id, 'id'), language ?? undefined);
    context.references.remember([item], language);
    return item;
  } catch (error) {
    if (error instanceof ApplicationError && error.code === ERRORS.ITEM_NOT_FOUND.code) return null;
    throw error;
  }
}

export function collectionNamed(context: GraphqlContext, id: string): CollectionConfig {
  return collectionOf(context.scope, { dataCollectionId: id });
}

const inTransaction = <T>(context: GraphqlContext, fn: (q: Parameters<typeof insertOne>[0]) => Promise<T>) =>
  context.scope.db.transaction(fn);

export async function insertItem(
  context: GraphqlContext,
  collection: CollectionConfig,
  data: unknown,
): Promise<JsonObject> {
  await context.admitWrite();
  const item = parseDataItem({ data }, 'dataItem', itemId);
  return inTransaction(context, (q) => insertOne(q, context.scope, collection, item));
}

export async function updateItem(
  context: GraphqlContext,
  collection: CollectionConfig,
  id: string,
  data: unknown,
): Promise<JsonObject> {
  await context.admitWrite();
  const item = parseDataItem({ id, data }, 'dataItem', itemId);
  return inTransaction(context, (q) => updateOne(q, context.scope, collection, { ...item, id: item.id ?? id }));
}

export async function removeItem(
  context: GraphqlContext,
  collection: CollectionConfig,
  id: string,
): Promise<JsonObject> {
  await context.admitWrite();
  const dataItemId = itemId(id, 'dataItemId');
  return inTransaction(context, (q) => removeOne(q, context.scope, collection, dataItemId));
}
