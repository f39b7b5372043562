/**
 * Limits of one operation: depth (depth.ts, a validation rule, checked once per distinct query text) and cost,
 * checked on every execution because it depends on the variables (`limit: $n`). Cost: every field 1, a list
 * its page size times what each element asks for (schema.ts), a multi-reference a default page.
 */
import type { DocumentNode, GraphQLSchema, ValidationRule } from 'graphql';
import { armor, complexity, graphql } from './graphql-js.js';

const { fieldExtensionsEstimator, getComplexity, simpleEstimator } = complexity;

export { MAX_DEPTH } from './depth.js';

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
 * Costs per document (mercurius hands the same parsed document for the same query text) and per the values
 * of all its variables: a hot query is costed once, not per request. Every variable is part of the key, not
 * only the numeric ones: a Boolean decides `@include(if: $b)` / `@skip`, so a document first costed with
 * `false` must not run later with `true` at that price (audit S-1). Variables too long to be a key are costed
 * every time.
 */
const costs = new WeakMap<DocumentNode, Map<string, number>>();
const MAX_KEY_LENGTH = 1024;

function cachedCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
): number {
  const key = JSON.stringify(variables ?? {});
  if (key.length > MAX_KEY_LENGTH) return costOf(schema, document, variables);
  let byVariables = costs.get(document);
  if (!byVariables) costs.set(document, (byVariables = new Map()));
  let cost = byVariables.get(key);
  if (cost === undefined) {
    cost = costOf(schema, document, variables);
    if (byVariables.size < 100) byVariables.set(key, cost);
  }
  return cost;
}

/**
 * An operation at least this costly counts as one heavy read against the caller's per-address limit, as a
 * REST query with a large filter does (data/throttle.ts): a page of 50 items with ten fields costs ~500.
 */
export const HEAVY_COST = 1_000;

/**
 * A mercurius preExecution hook refusing operations above `maxCost`, and counting costly ones through the
 * context's `admitHeavyRead` (which throws 429 over the limit).
 */
export function costLimit(maxCost: number) {
  return async (
    schema: GraphQLSchema,
    document: DocumentNode,
    context: { admitHeavyRead?: () => Promise<void> },
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
    if (cost >= HEAVY_COST) await context.admitHeavyRead?.();
  };
}

/**
 * At most `max` aliases in one operation (graphql-armor's rule, fragments counted once per use): an alias is
 * another run of a resolver, and 4,900 aliases of one cheap field cost little but ran for seconds (audit S-4).
 * The refusal is thrown, not reported: it comes on entering the operation, before graphql-js's own rules
 * visit its fields, and throwing ends validation there (comparing 4,900 fields pairwise for overlaps takes
 * longer than running them).
 */
export function aliasLimit(max: number): ValidationRule {
  return armor.maxAliasesRule({
    n: max,
    onReject: [
      (_context, rejection) => {
        const found = Number(/found (\d+)/.exec(rejection.message)?.[1]);
        throw new graphql.GraphQLError(
          `The query has ${found} aliases, more than this site allows (${max}); ask for several items with one list field`,
          { extensions: { code: 'TOO_MANY_ALIASES', aliases: found, maxAliases: max } },
        );
      },
    ],
  });
}
