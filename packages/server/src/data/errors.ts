/**
 * Application errors of the data API. Codes (documented in README of this folder):
 * - WDE0073 404 item not found (exact §9.10 wording; `get`/`remove` clients resolve to null). Also used when a
 *   `condition` filter does not match, so a conditional remove resolves to null as well.
 * - WDE0074 409 an item with this id already exists.
 * - WDE0025 404 the collection is not declared for the site.
 * - WDE0027 403 the caller's role may not perform this operation on the collection (or on this item).
 * - WDE0026 400 the request names no usable site (anonymous call without a site, admin key without `x-vitrine-site-id`).
 */
import { ApplicationError } from '../http/errors.js';

export type Operation = 'read' | 'insert' | 'update' | 'remove' | 'truncate';

export const dataErrors = {
  notFound: (collectionId: string, itemId: string) =>
    new ApplicationError(404, 'WDE0073', `Item [${itemId}] does not exist in collection [${collectionId}].`, { collectionId, itemId }),
  conditionNotMet: (collectionId: string, itemId: string) =>
    new ApplicationError(404, 'WDE0073', `Item [${itemId}] does not exist in collection [${collectionId}] or does not match the condition.`, {
      collectionId,
      itemId,
      reason: 'CONDITION_NOT_MET',
    }),
  duplicate: (collectionId: string, itemId: string) =>
    new ApplicationError(409, 'WDE0074', `Item [${itemId}] already exists in collection [${collectionId}].`, { collectionId, itemId }),
  unknownCollection: (collectionId: string) =>
    new ApplicationError(404, 'WDE0025', `The ${collectionId} collection does not exist.`, { collectionId }),
  forbidden: (collectionId: string, operation: Operation) =>
    new ApplicationError(403, 'WDE0027', `The current user does not have permissions to ${operation} on the ${collectionId} collection.`, {
      collectionId,
      operation,
    }),
  noSite: (why: string) => new ApplicationError(400, 'WDE0026', why),
};
