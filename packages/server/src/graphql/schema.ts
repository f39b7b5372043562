/**
 * The GraphQL schema of one site: `me`, a type and root fields per typed collection (references resolved as
 * objects, multi-references as lists), the generic `items` / `item` for any collection, and insert / update /
 * remove mutations. List fields carry their cost (`extensions.complexity`) for the cost limit.
 */
import type {
  GraphQLFieldConfig,
  GraphQLFieldConfigArgumentMap,
  GraphQLFieldConfigMap,
  GraphQLObjectType as ObjectType,
  GraphQLOutputType,
  GraphQLSchema,
} from 'graphql';
import { graphql } from './graphql-js.js';
import type { CollectionConfig, FieldConfig, SiteConfig } from '../config/types.js';
import { DEFAULT_LIMIT, type Json, type JsonObject } from '../data/index.js';
import type { GraphqlContext } from './context.js';
import { collectionInputType, inputToData } from './inputs.js';
import { meField } from './me.js';
import { siteNames, type CollectionNames } from './names.js';
import {
  collectionNamed,
  insertItem,
  itemById,
  listItems,
  removeItem,
  updateItem,
  type ListArgs,
} from './resolvers.js';
import { asBoolean, asNumber, asText, JsonScalar } from './scalars.js';

const {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLFloat,
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema: Schema,
  GraphQLString,
} = graphql;

type Field = GraphQLFieldConfig<JsonObject, GraphqlContext>;
type Root = GraphQLFieldConfig<unknown, GraphqlContext, Record<string, unknown>>;

const nonNull = <T extends GraphQLOutputType>(t: T) => new GraphQLNonNull(t);
const SortOrder = new GraphQLEnumType({ name: 'SortOrder', values: { ASC: {}, DESC: {} } });
const Sort = new GraphQLInputObjectType({
  name: 'Sort',
  fields: { fieldName: { type: new GraphQLNonNull(GraphQLString) }, order: { type: SortOrder, defaultValue: 'ASC' } },
});
const Cursors = new GraphQLObjectType({
  name: 'Cursors',
  fields: { next: { type: GraphQLString }, prev: { type: GraphQLString } },
});
const PagingMetadata = new GraphQLObjectType({
  name: 'PagingMetadata',
  fields: {
    count: { type: nonNull(GraphQLInt) },
    offset: { type: GraphQLInt },
    total: { type: GraphQLInt },
    tooManyToCount: { type: GraphQLBoolean },
    hasNext: { type: nonNull(GraphQLBoolean) },
    cursors: { type: Cursors },
  },
});

/** `filter` is the REST query language (compiled by the same compiler); `cursor` continues a page. */
const LIST_ARGS: GraphQLFieldConfigArgumentMap = {
  filter: { type: JsonScalar },
  sort: { type: new GraphQLList(new GraphQLNonNull(Sort)) },
  limit: { type: GraphQLInt, description: `Page size: default ${DEFAULT_LIMIT}, at most 1000` },
  offset: { type: GraphQLInt },
  cursor: { type: GraphQLString },
  language: {
    type: GraphQLString,
    description: 'Language of translatable fields ("fr"); absent or unknown = the site default',
  },
};
const languageArg = { type: GraphQLString, description: LIST_ARGS.language!.description };

/** Cost of a list: its page size times what each element asks for. */
const listCost = ({ args, childComplexity }: { args: Record<string, unknown>; childComplexity: number }) =>
  1 + (typeof args.limit === 'number' && args.limit > 0 ? args.limit : DEFAULT_LIMIT) * Math.max(1, childComplexity);
/** A multi-reference has no page size; it counts as a default page. */
const multiCost = ({ childComplexity }: { childComplexity: number }) =>
  1 + DEFAULT_LIMIT * Math.max(1, childComplexity);

/** An item of any collection, for untyped collections and references into them. */
interface GenericItem {
  collection: string;
  data: JsonObject;
}
const ItemType = new GraphQLObjectType<GenericItem>({
  name: 'Item',
  fields: {
    id: { type: nonNull(GraphQLID), resolve: (i) => String(i.data._id) },
    collection: { type: nonNull(GraphQLString), resolve: (i) => i.collection },
    data: { type: JsonScalar, resolve: (i) => i.data },
  },
});
const generic = (collection: string) => (data: JsonObject | null) => (data ? { collection, data } : null);

function pageType(name: string, item: GraphQLOutputType) {
  return new GraphQLObjectType<{ items: unknown[]; totalCount: number | null }>({
    name,
    fields: {
      items: { type: nonNull(new GraphQLList(nonNull(item))) },
      totalCount: {
        type: GraphQLInt,
        description:
          'Counted only when asked for (offset paging); past the count bound (10,000 by default) the planner’s estimate, with pagingMetadata.tooManyToCount true',
      },
      pagingMetadata: { type: nonNull(PagingMetadata) },
    },
  });
}
const ItemPageType = pageType('ItemPage', ItemType);

const scalarField = (type: GraphQLOutputType, convert: (v: Json | undefined) => unknown, key: string): Field => ({
  type,
  resolve: (d) => convert(d[key]),
});

export function buildSiteSchema(site: SiteConfig): GraphQLSchema {
  const names = siteNames(site.id, site.collections);
  const byId = new Map(site.collections.map((c) => [c.id, c]));
  const types = new Map<string, ObjectType<JsonObject, GraphqlContext>>();

  /** The output type of a reference into `target`, and how a resolved item becomes its value. */
  const targetOf = (target: string): { type: GraphQLOutputType; wrap: (d: JsonObject | null) => unknown } => {
    const typed = types.get(target);
    return typed ? { type: typed, wrap: (d) => d } : { type: ItemType, wrap: generic(target) };
  };

  function fieldConfig(collection: CollectionConfig, f: FieldConfig): Field {
    switch (f.type) {
      case 'number':
        return scalarField(GraphQLFloat, asNumber, f.key);
      case 'boolean':
        return scalarField(GraphQLBoolean, asBoolean, f.key);
      case 'address':
      case 'object':
      case 'array':
        return { type: JsonScalar, resolve: (d) => d[f.key] ?? null };
      case 'reference': {
        const target = targetOf(f.collection!);
        return {
          type: target.type,
          resolve: async (d, _a, c) => target.wrap(await c.references.one(collection, f.key, d)),
        };
      }
      case 'multireference': {
        const target = targetOf(f.collection!);
        return {
          type: nonNull(new GraphQLList(nonNull(target.type))),
          extensions: { complexity: multiCost },
          resolve: async (d, _a, c) => (await c.references.many(collection, f.key, d)).map(target.wrap),
        };
      }
      default:
        return scalarField(GraphQLString, asText, f.key);
    }
  }

  // Types first (thunks), so references between typed collections, in any order or cyclic, resolve.
  for (const [id, n] of names) {
    const collection = byId.get(id)!;
    types.set(
      id,
      new GraphQLObjectType<JsonObject, GraphqlContext>({
        name: n.type,
        description: `An item of the ${id} collection`,
        fields: () => {
          const fields: GraphQLFieldConfigMap<JsonObject, GraphqlContext> = {
            _id: { type: nonNull(GraphQLID), resolve: (d) => String(d._id) },
            _createdDate: scalarField(GraphQLString, asText, '_createdDate'),
            _updatedDate: scalarField(GraphQLString, asText, '_updatedDate'),
            _owner: scalarField(GraphQLString, asText, '_owner'),
          };
          for (const f of collection.fields!) fields[f.key] = fieldConfig(collection, f);
          return fields;
        },
      }),
    );
  }

  const query: Record<string, Root> = { me: meField as Root };
  const mutation: Record<string, Root> = {};
  for (const [id, n] of names) addCollectionFields(query, mutation, byId.get(id)!, n, types.get(id)!);

  query.items = {
    type: nonNull(ItemPageType),
    description: 'Items of any collection of the site, typed or not, with their data as JSON',
    args: { collection: { type: nonNull(GraphQLString) }, ...LIST_ARGS },
    extensions: { complexity: listCost },
    resolve: async (_r, args, c, info) => {
      const collection = collectionNamed(c, args.collection as string);
      const page = await listItems(c, collection, args as ListArgs, info);
      return { ...page, items: page.items.map(generic(collection.id)) };
    },
  };
  query.item = {
    type: ItemType,
    args: { collection: { type: nonNull(GraphQLString) }, id: { type: nonNull(GraphQLID) }, language: languageArg },
    resolve: async (_r, args, c) =>
      generic(args.collection as string)(
        await itemById(c, collectionNamed(c, args.collection as string), args.id as string, args.language),
      ),
  };
  const idArg = { type: nonNull(GraphQLID) };
  const dataArg = { type: nonNull(JsonScalar) };
  const collectionArg = { type: nonNull(GraphQLString) };
  mutation.insertItem = {
    type: nonNull(ItemType),
    args: { collection: collectionArg, data: dataArg },
    resolve: async (_r, a, c) =>
      generic(a.collection as string)(await insertItem(c, collectionNamed(c, a.collection as string), a.data)),
  };
  mutation.updateItem = {
    type: nonNull(ItemType),
    args: { collection: collectionArg, id: idArg, data: dataArg },
    resolve: async (_r, a, c) =>
      generic(a.collection as string)(
        await updateItem(c, collectionNamed(c, a.collection as string), a.id as string, a.data),
      ),
  };
  mutation.removeItem = {
    type: nonNull(ItemType),
    args: { collection: collectionArg, id: idArg },
    resolve: async (_r, a, c) =>
      generic(a.collection as string)(await removeItem(c, collectionNamed(c, a.collection as string), a.id as string)),
  };

  return new Schema({
    query: new GraphQLObjectType({ name: 'Query', fields: query }),
    mutation: new GraphQLObjectType({ name: 'Mutation', fields: mutation }),
  });
}

function addCollectionFields(
  query: Record<string, Root>,
  mutation: Record<string, Root>,
  collection: CollectionConfig,
  n: CollectionNames,
  type: ObjectType<JsonObject, GraphqlContext>,
): void {
  query[n.list] = {
    type: nonNull(pageType(n.page, type)),
    args: LIST_ARGS,
    extensions: { complexity: listCost },
    resolve: (_r, args, c, info) => listItems(c, collection, args as ListArgs, info),
  };
  query[n.byId] = {
    type,
    args: { id: { type: nonNull(GraphQLID) }, language: languageArg },
    resolve: (_r, a, c) => itemById(c, collection, a.id as string, a.language),
  };
  const data = { type: new GraphQLNonNull(collectionInputType(collection, n.input)) };
  mutation[n.insert] = {
    type: nonNull(type),
    args: { data },
    resolve: (_r, a, c) => insertItem(c, collection, inputToData(a.data)),
  };
  mutation[n.update] = {
    type: nonNull(type),
    args: { id: { type: nonNull(GraphQLID) }, data },
    resolve: (_r, a, c) => updateItem(c, collection, a.id as string, inputToData(a.data)),
  };
  mutation[n.remove] = {
    type: nonNull(type),
    args: { id: { type: nonNull(GraphQLID) } },
    resolve: (_r, a, c) => removeItem(c, collection, a.id as string),
  };
}
