/**
 * GraphQL string literals are decoded by graphql-js (`"\u0000"` is U+0000), after the request schema has
 * seen only the escape. The same floor as every request (http/schemas/text-policy.ts, audit S-6): a literal
 * holding U+0000 or a lone surrogate is refused before execution, so it never reaches SQL.
 */
import type { ValidationRule } from 'graphql';
import { forbiddenDescription, forbiddenIn, FORBIDDEN_RULE } from '../http/schemas/text-policy.js';
import { graphql } from './graphql-js.js';

export const refusedCharactersRule: ValidationRule = (context) => ({
  StringValue(node) {
    const codePoint = forbiddenIn(node.value, 'any');
    if (!codePoint) return;
    context.reportError(
      new graphql.GraphQLError(`A string ${forbiddenDescription(codePoint)}`, {
        nodes: [node],
        extensions: { code: FORBIDDEN_RULE, codePoint },
      }),
    );
  },
});
