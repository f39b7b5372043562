/**
 * Route schemas declared in a concern's `schemas.ts` by `METHOD path`, for route files that register
 * plainly (`app.get(path, handler)`): the route-docs hook attaches them when the route is added, so
 * they validate and serialise exactly like inline ones. A schema written on the route itself wins.
 */
import type { TSchema } from 'typebox';

export interface RouteSchema {
  summary: string;
  description?: string;
  body?: TSchema;
  querystring?: TSchema;
  params?: TSchema;
  response: Record<string, TSchema>;
  produces?: string[];
  security?: Record<string, string[]>[];
  tags?: string[];
  /** Serialise with JSON.stringify (open, data-heavy answers such as GraphQL results; see plainJsonSerializer). */
  plainJson?: boolean;
}

export type RouteTable = Record<string, RouteSchema>;

/** `METHOD path` keys for each path (alias families share one schema). */
export function forPaths(method: string, paths: readonly string[], schema: RouteSchema): RouteTable {
  return Object.fromEntries(paths.map((path) => [`${method} ${path}`, schema]));
}
