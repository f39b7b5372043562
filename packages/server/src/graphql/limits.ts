/**
 * Limits of one operation: depth (mercurius `queryDepth`, checked once per distinct query text) and cost,
 * checked on every execution because it depends on the variables (`limit: $n`). Cost: every field 1, a list
 * its page size times what each element asks for (schema.ts), a multi-reference a default page.
 */
import type { DocumentNode, GraphQLSchema } from 'graphql';
import { complexity, graphql } from './graphql-js.js';

const { fieldExtensionsEstimator, getComplexity, simpleEstimator } = complexity;

export const MAX_DEPTH = 10;

export function costOf(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown> | undefined): number {
  return getComplexity({ schema, query: document, variables: variables ?? {}, estimators: [fieldExtensionsEstimator(), simpleEstimator({ defaultComplexity: 1 })] });
}

/** A mercurius preExecution hook refusing operations above `maxCost`. */
export function costLimit(maxCost: number) {
  return async (schema: GraphQLSchema, document: DocumentNode, _context: unknown, variables?: Record<string, unknown>) => {
    const cost = costOf(schema, document, variables);
    if (cost > maxCost) {
      throw new graphql.GraphQLError(`The query would cost ${cost}, more than this site allows (${maxCost}); ask for fewer items or fields`, {
        extensions: { code: 'QUERY_TOO_COMPLEX', cost, maxCost },
      });
    }
  };
}
