/**
 * graphql-js, graphql-query-complexity and graphql-armor's alias rule, loaded the way mercurius loads them (CommonJS). graphql ships an
 * ESM and a CommonJS build; a schema built with one is "from another realm" for the other, and bundlers (vitest)
 * pick the ESM build for `import`. Loading both here through `require` keeps one instance everywhere.
 */
import { createRequire } from 'node:module';
import type * as GraphQL from 'graphql';
import type * as Complexity from 'graphql-query-complexity';
import type * as Armor from '@escape.tech/graphql-armor-max-aliases';

const require = createRequire(import.meta.url);

export const graphql = require('graphql') as typeof GraphQL;
export const complexity = require('graphql-query-complexity') as typeof Complexity;
export const armor = require('@escape.tech/graphql-armor-max-aliases') as typeof Armor;
