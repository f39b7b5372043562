/**
 * `@vitrine/sdk/data`: the data items client. Plug it into a client —
 * `createClient({ modules: { items }, auth })` — then `client.items.query('Products').find()`.
 * Nothing here is imported by the auth entry, so apps that do not use data do not ship it.
 */
import { defineModule } from '../module.js';
import { createItems } from './items.js';

export const items = defineModule(createItems);

export type * from './items.js';
export type { WixDataQuery, DataItem, FindOptions } from './query.js';
export type { WixDataAggregate } from './aggregate.js';
export type { WixDataPatch, FieldModification, PatchOptions } from './patch.js';
export type { WixDataResult, PagingMetadata } from './result.js';
export { filter, type FilterBuilder, type FilterOps, type Filter } from './filter.js';
export type { BulkResult } from './bulk.js';
export type { ReadOptions, WriteOptions, Condition } from './request.js';
export { WixDataError, type ErrorDetails, type FieldViolation } from './errors.js';
