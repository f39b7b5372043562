/** The `JSON` scalar (filters, untyped item data, objects) and how stored values become GraphQL values. */
import { graphql } from './graphql-js.js';
import { isDateValue, type Json } from '../data/index.js';

export const JsonScalar = new graphql.GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value; dates are {"$date": "<ISO-8601>"} as in the REST API.',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (ast, variables) => graphql.valueFromASTUntyped(ast, variables),
});

/** Stored value → String field: strings as they are, dates as their ISO text, anything else null. */
export function asText(value: Json | undefined): string | null {
  if (typeof value === 'string') return value;
  if (isDateValue(value)) return value.$date;
  return null;
}

export const asNumber = (value: Json | undefined): number | null => (typeof value === 'number' ? value : null);
export const asBoolean = (value: Json | undefined): boolean | null => (typeof value === 'boolean' ? value : null);
