/**
 * Application errors of the data API. Codes (documented in README of this folder):
 * - WDE0073 404 item not found (the exact wording of docs/wire-format.md §9.10; `get`/`remove` clients resolve to null). Also used when a
 *   `condition` filter does not match, so a conditional remove resolves to null as well.
 * - WDE0074 409 an item with this id already exists.
 * - WDE0025 404 the collection is not declared for the site.
 * - WDE0027 403 the caller's role may not perform this operation on the collection (or on this item).
 * - WDE0026 400 the request names no usable site (anonymous call without a site, admin key without `x-vitrine-site-id`).
 */
import { appError } from '../errors/catalogue.js';

export type Operation = 'read' | 'insert' | 'update' | 'remove' | 'truncate';

export const dataErrors = {
  notFound: (collectionId: string, itemId: string) =>
    appError('ITEM_NOT_FOUND', {
      description: `Item [${itemId}] does not exist in collection [${collectionId}].`,
      data: { collectionId, itemId },
    }),
  conditionNotMet: (collectionId: string, itemId: string) =>
    appError('ITEM_NOT_FOUND', {
      description: `Item [${itemId}] does not exist in collection [${collectionId}] or does not match the condition.`,
      data: { collectionId, itemId, reason: 'CONDITION_NOT_MET' },
    }),
  duplicate: (collectionId: string, itemId: string) =>
    appError('ITEM_EXISTS', {
      description: `Item [${itemId}] already exists in collection [${collectionId}].`,
      data: { collectionId, itemId },
    }),
  unknownCollection: (collectionId: string) =>
    appError('COLLECTION_NOT_FOUND', {
      description: `The ${collectionId} collection does not exist.`,
      data: { collectionId },
    }),
  forbidden: (collectionId: string, operation: Operation) =>
    appError('COLLECTION_PERMISSION_DENIED', {
      description: `The current user does not have permissions to ${operation} on the ${collectionId} collection.`,
      data: { collectionId, operation },
    }),
  noSite: (why: string) => appError('NO_SITE', { description: why }),
};
