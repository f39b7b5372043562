/** The conditions of a filter tree: every leaf under its `and` / `or` / `not` nodes, in order. */
import type { FilterNode } from './ast.js';

/** A field's condition; a `$search` names no field and is not one (searchOf finds it). */
export type Condition = Exclude<FilterNode, { kind: 'true' | 'and' | 'or' | 'not' | 'search' }>;

export function conditions(node: FilterNode, out: Condition[] = []): Condition[] {
  if (node.kind === 'and' || node.kind === 'or') node.children.forEach((c) => conditions(c, out));
  else if (node.kind === 'not') conditions(node.child, out);
  else if (node.kind !== 'true' && node.kind !== 'search') out.push(node);
  return out;
}

export type SearchNode = Extract<FilterNode, { kind: 'search' }>;

/** The filter's `$search`: at its top or in its top-level `$and`s, the only places parse.ts lets it stand. */
export function searchOf(node: FilterNode): SearchNode | undefined {
  if (node.kind === 'search') return node;
  if (node.kind !== 'and') return undefined;
  for (const child of node.children) {
    const found = searchOf(child);
    if (found) return found;
  }
  return undefined;
}
