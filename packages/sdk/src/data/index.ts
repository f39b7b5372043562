/**
 * `@vitrine/sdk/data`: the data items client. Plug it into a client —
 * `createClient({ modules: { items }, auth })` — then `client.items.query('Products').find()`.
 * Nothing here is imported by the auth entry, so apps that do not use data do not ship it.
 * `coreItems` binds only query, get, insert, save, update, remove, truncate and filter under the same
 * names: a bundler then leaves the bulk, reference, aggregate and patch code out of the app.
 */
import { defineModule } from '../module.js';
import { createCoreItems, createItems } from './items.js';

// Pure calls: a bundler drops whichever of the two the app does not import.
export const items = /* @__PURE__ */ defineModule(createItems);
export const coreItems = /* @__PURE__ */ defineModule(createCoreItems);

export type * from './items.js';
export type { WixDataQuery, DataItem, FindOptions } from './query.js';
export type { WixDataAggregate } from './aggregate.js';
export type { WixDataPatch, FieldModification, PatchOptions } from './patch.js';
export type { WixDataResult, PagingMetadata } from './result.js';
export { filter, type FilterBuilder, type FilterOps, type Filter } from './filter.js';
export type { BulkResult } from './bulk.js';
export type { ReadOptions, WriteOptions, Condition } from './request.js';
export { WixDataError, type ErrorDetails, type FieldViolation } from './errors.js';
