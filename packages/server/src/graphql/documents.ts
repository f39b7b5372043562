/**
 * Two documents mercurius mishandles before it executes them (found by the route fuzz, issue #26), refused
 * here first as the client mistakes they are, with the GraphQL error graphql-js itself would give:
 *
 * - a `query` that is JSON text: when the text does not parse as GraphQL, mercurius tries `JSON.parse` and
 *   takes the result for an already parsed document (its AST fallback), so `2147483648` or `{"a":1}` made
 *   `validate` throw (a 500 inside the GraphQL answer), and a JSON syntax tree skipped the parser. JSON text
 *   is never a GraphQL document (one starts with a keyword or `{` and a name), so nothing valid is refused;
 * - over GET, an operation name the document does not hold, or several operations and no name: mercurius
 *   reads `getOperationAST(...).operation` unchecked to refuse mutations over GET.
 */
import type { DocumentNode, GraphQLError } from 'graphql';
import { graphql } from './graphql-js.js';

function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The error that stops `query` before the engine, or undefined when mercurius may have it. */
export function documentProblem(
  query: string,
  operationName: string | undefined,
  method: string,
): GraphQLError | undefined {
  const jsonText = isJsonText(query);
  if (!jsonText && method !== 'GET') return undefined;
  let document: DocumentNode;
  try {
    document = graphql.parse(query);
  } catch (error) {
    if (error instanceof graphql.GraphQLError) return error;
    throw error;
  }
  // Not reached for JSON text (it never parses); a GET names an operation the document must hold.
  if (graphql.getOperationAST(document, operationName)) return undefined;
  return new graphql.GraphQLError(
    operationName === undefined
      ? 'Must provide operation name if query contains multiple operations.'
      : `Unknown operation named "${operationName}".`,
  );
}
