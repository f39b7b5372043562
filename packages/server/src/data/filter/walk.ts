/** The conditions of a filter tree: every leaf under its `and` / `or` / `not` nodes, in order. */
import type { FilterNode } from './ast.js';

export type Condition = Exclude<FilterNode, { kind: 'true' | 'and' | 'or' | 'not' }>;

export function conditions(node: FilterNode, out: Condition[] = []): Condition[] {
  if (node.kind === 'and' || node.kind === 'or') node.children.forEach((c) => conditions(c, out));
  else if (node.kind === 'not') conditions(node.child, out);
  else if (node.kind !== 'true') out.push(node);
  return out;
}
