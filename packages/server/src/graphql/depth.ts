/**
 * The depth limit of one operation, as a validation rule. Depth is the nesting of fields (a fragment spread adds
 * no level of its own, an inline fragment none either), measured per root field so that introspection is judged
 * on its own limit: graphql-js's standard `getIntrospectionQuery()` — what GraphiQL, graphql-codegen and
 * Apollo's `client:download-schema` send — nests `ofType` nine levels deep and measures 15, past the limit of 10
 * that keeps data queries (references of references) cheap. Introspection's own limit still bounds it, so a
 * query nesting `fields { type { fields … } }` without end is refused like any other.
 */
import type { ASTVisitor, FragmentDefinitionNode, SelectionSetNode, ValidationContext } from 'graphql';
import { graphql } from './graphql-js.js';

const { Kind } = graphql;

/** Data queries: references of references stop here (docs/wire-format.md §10). */
export const MAX_DEPTH = 10;
/** Introspection (`__schema`, `__type`): the standard introspection query with every option measures 15. */
export const MAX_INTROSPECTION_DEPTH = 20;

const isIntrospection = (name: string) => name === '__schema' || name === '__type';

/** The deepest field nesting under `selectionSet`, following fragment spreads (a cycle counts as too deep). */
function depthOf(
  selectionSet: SelectionSetNode | undefined,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  visiting: Set<string>,
  stopAt: number,
): number {
  if (!selectionSet) return 0;
  let deepest = 0;
  for (const selection of selectionSet.selections) {
    let depth = 0;
    if (selection.kind === Kind.FIELD) {
      depth = selection.selectionSet ? 1 + depthOf(selection.selectionSet, fragments, visiting, stopAt - 1) : 1;
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      depth = depthOf(selection.selectionSet, fragments, visiting, stopAt);
    } else {
      const name = selection.name.value;
      const fragment = fragments.get(name);
      if (!fragment) continue; // an unknown fragment is the KnownFragmentNames rule's error
      if (visiting.has(name)) return Infinity; // a cycle is NoFragmentCycles' error; never loop on it
      visiting.add(name);
      depth = depthOf(fragment.selectionSet, fragments, visiting, stopAt);
      visiting.delete(name);
    }
    deepest = Math.max(deepest, depth);
    // Past the limit the exact figure no longer matters: stop walking a hostile document.
    if (deepest > stopAt) return deepest;
  }
  return deepest;
}

/**
 * Refuses an operation whose data fields nest deeper than `max`, or whose introspection fields nest deeper than
 * `introspectionMax`, with `extensions: {code: 'QUERY_TOO_DEEP', maxDepth}`.
 */
export function depthLimit(max = MAX_DEPTH, introspectionMax = MAX_INTROSPECTION_DEPTH) {
  return function depthLimitRule(context: ValidationContext): ASTVisitor {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of context.getDocument().definitions)
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    return {
      OperationDefinition(operation) {
        // Root fields, with the root's fragment spreads and inline fragments opened.
        const roots: { name: string; selectionSet?: SelectionSetNode }[] = [];
        const collect = (set: SelectionSetNode, seen: Set<string>) => {
          for (const s of set.selections) {
            if (s.kind === Kind.FIELD) roots.push({ name: s.name.value, selectionSet: s.selectionSet });
            else if (s.kind === Kind.INLINE_FRAGMENT) collect(s.selectionSet, seen);
            else if (!seen.has(s.name.value) && fragments.has(s.name.value)) {
              seen.add(s.name.value);
              collect(fragments.get(s.name.value)!.selectionSet, seen);
            }
          }
        };
        collect(operation.selectionSet, new Set());
        for (const root of roots) {
          const limit = isIntrospection(root.name) ? introspectionMax : max;
          const depth = 1 + depthOf(root.selectionSet, fragments, new Set(), limit - 1);
          if (depth <= limit) continue;
          const name = operation.name?.value ?? 'the operation';
          context.reportError(
            new graphql.GraphQLError(
              `${name} nests fields deeper than ${limit}${isIntrospection(root.name) ? ' (introspection)' : ''}`,
              { nodes: [operation], extensions: { code: 'QUERY_TOO_DEEP', maxDepth: limit } },
            ),
          );
          return;
        }
      },
    };
  };
}
