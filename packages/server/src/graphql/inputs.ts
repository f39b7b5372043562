/**
 * Typed mutation input per typed collection: `insertProducts(data: ProductsInput!)`, `updateProducts(id,
 * data: ProductsInput!)`. Each declared field gets a GraphQL type (String, Float, Boolean, ID, [ID!]; JSON
 * for dates and structured values, which take the REST forms such as {"$date": …}), so editors complete
 * field names and a wrong scalar is refused before anything runs. Every field is optional here: whether a
 * required field is present is checked by the data service's validator, so the answer (the WDE validation
 * envelope naming `dataItem.data.<field>`) is the same as over REST. Collections that are not `strict` also
 * take `_extra: JSON`, undeclared fields merged into the item.
 */
import type { GraphQLInputFieldConfigMap, GraphQLInputObjectType as InputObjectType, GraphQLInputType } from 'graphql';
import type { CollectionConfig, FieldType } from '../config/types.js';
import { isPlainObject, type JsonObject } from '../data/index.js';
import { graphql } from './graphql-js.js';
import { JsonScalar } from './scalars.js';

const { GraphQLBoolean, GraphQLFloat, GraphQLID, GraphQLInputObjectType, GraphQLList, GraphQLNonNull, GraphQLString } =
  graphql;

/** The key of the catch-all for undeclared fields (non-strict collections only). */
export const EXTRA_FIELD = '_extra';

const STRING_TYPES: readonly FieldType[] = [
  'text',
  'richtext',
  'url',
  'time',
  'language',
  'image',
  'document',
  'video',
  'audio',
  'pagelink',
];

function inputTypeOf(type: FieldType): GraphQLInputType {
  if (STRING_TYPES.includes(type)) return GraphQLString;
  switch (type) {
    case 'number':
      return GraphQLFloat;
    case 'boolean':
      return GraphQLBoolean;
    case 'reference':
      return GraphQLID;
    case 'multireference':
      return new GraphQLList(new GraphQLNonNull(GraphQLID));
    default:
      // date, datetime, address, object, array: the REST forms, checked by the shared validator.
      return JsonScalar;
  }
}

export function collectionInputType(collection: CollectionConfig, name: string): InputObjectType {
  return new GraphQLInputObjectType({
    name,
    description: `The data of an item of the ${collection.id} collection`,
    fields: () => {
      const fields: GraphQLInputFieldConfigMap = {
        _id: { type: GraphQLID, description: 'The item id (insert only; generated when absent)' },
      };
      for (const f of collection.fields ?? []) {
        fields[f.key] = { type: inputTypeOf(f.type), ...(f.required ? { description: 'Required' } : {}) };
      }
      if (!collection.strict)
        fields[EXTRA_FIELD] = {
          type: JsonScalar,
          description: 'Undeclared fields, merged into the item (JSON object)',
        };
      return fields;
    },
  });
}

/**
 * The item data a typed input stands for: declared fields as given (explicit nulls kept), undeclared ones
 * from `_extra`. Declared fields win over `_extra`; a non-object `_extra` is handed on as is, so the data
 * service's validator reports it.
 */
export function inputToData(input: unknown): unknown {
  if (!isPlainObject(input)) return input;
  const { [EXTRA_FIELD]: extra, ...declared } = input as JsonObject;
  if (extra === undefined || extra === null) return declared;
  if (!isPlainObject(extra)) return { ...declared, [EXTRA_FIELD]: extra };
  return { ...(extra as JsonObject), ...declared };
}
