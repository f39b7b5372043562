/**
 * Limits of one operation: depth (mercurius `queryDepth`, checked once per distinct query text) and cost,
 * checked on every execution because it depends on the variables (`limit: $n`). Cost: every field 1, a list
 * its page size times what each element asks for (schema.ts), a multi-reference a default page.
 */
import type { DocumentNode, GraphQLSchema } from 'graphql';
import { complexity, graphql } from './graphql-js.js';

const { fieldExtensionsEstimator, getComplexity, simpleEstimator } = complexity;

export const MAX_DEPTH = 10;

export function costOf(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
): number {
  return getComplexity({
    schema,
    query: document,
    variables: variables ?? {},
    estimators: [fieldExtensionsEstimator(), simpleEstimator({ defaultComplexity: 1 })],
  });
}

/**
 * Costs per document (mercurius hands the same parsed document for the same query text) and per the numeric
 * variables, the only ones a cost can depend on (`limit: $n`): a hot query is costed once, not per request.
 */
const costs = new WeakMap<DocumentNode, Map<string, number>>();

function cachedCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
): number {
  const key = JSON.stringify(Object.entries(variables ?? {}).filter(([, v]) => typeof v === 'number'));
  let byVariables = costs.get(document);
  if (!byVariables) costs.set(document, (byVariables = new Map()));
  let cost = byVariables.get(key);
  if (cost === undefined) {
    cost = costOf(schema, document, variables);
    if (byVariables.size < 100) byVariables.set(key, cost);
  }
  return cost;
}

/** A mercurius preExecution hook refusing operations above `maxCost`. */
export function costLimit(maxCost: number) {
  return async (
    schema: GraphQLSchema,
    document: DocumentNode,
    _context: unknown,
    variables?: Record<string, unknown>,
  ) => {
    const cost = cachedCost(schema, document, variables);
    if (cost > maxCost) {
      throw new graphql.GraphQLError(
        `The query would cost ${cost}, more than this site allows (${maxCost}); ask for fewer items or fields`,
        {
          extensions: { code: 'QUERY_TOO_COMPLEX', cost, maxCost },
        },
      );
    }
  };
}
