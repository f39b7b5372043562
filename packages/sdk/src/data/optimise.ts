/**
 * The filter simplification `@wix/filter-builder` applies before sending (docs/wire-format.md §9.4).
 * Servers see exactly these shapes, so the rewrite rules and their order are kept as observed:
 * unwrap one-element `$and`, `$and: []` → `{}`, merge sibling conditions on distinct fields,
 * flatten nested `$and`s, flatten nested `$or`s — repeated until nothing changes.
 */

import { mapChildren } from './codec.js';

type Node = Record<string, unknown>;

export function optimise(tree: unknown): unknown {
  const node = mapChildren(tree, optimise);
  const rewritten = rewrite(node as Node);
  return rewritten === undefined ? node : optimise(rewritten);
}

function rewrite(node: Node | null): unknown {
  // Scalars, Dates and arrays have no `$and`/`$or` and come back unchanged.
  const and = node?.$and;
  if (Array.isArray(and)) {
    if (and.length === 1) return and[0];
    if (and.length === 0) return {};
    const merged = mergeSimple(and as Node[]);
    if (merged) return merged;
    if (and.some((n: Node) => n.$and)) return { $and: and.flatMap((n: Node) => (n.$and as Node[] | undefined) ?? [n]) };
  }
  const or = node?.$or;
  if (Array.isArray(or) && or.some((n: Node) => n.$or)) {
    return { $or: or.flatMap((n: Node) => (n.$or as Node[] | undefined) ?? [n]) };
  }
  return undefined;
}

/** `{$and:[{a:1},{b:2},{$or:…}]}` → `{$and:[{a:1,b:2},{$or:…}]}` when no field repeats. */
function mergeSimple(args: Node[]): Node | undefined {
  const isOperator = (n: Node) => {
    const keys = Object.keys(n);
    return keys.length > 0 && keys.every((k) => k.startsWith('$'));
  };
  const simple = args.filter((n) => !isOperator(n));
  if (simple.length <= 1) return undefined;
  const keys = simple.flatMap((n) => Object.keys(n));
  if (new Set(keys).size !== keys.length) return undefined;
  return { $and: [Object.assign({}, ...simple), ...args.filter(isOperator)] };
}
