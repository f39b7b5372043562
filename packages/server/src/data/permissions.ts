/**
 * Who may do what on a collection (docs/design.md §3). A decision either throws WDE0027 or says whether the
 * caller is limited to the items they own (`ownerOnly`), which every query and write then applies.
 */
import type { CollectionConfig, PermissionLevel } from '../config/types.js';
import { ownerIdOf, type Caller } from '../http/caller.js';
import { sessionEnded } from '../http/resolve-caller.js';
import { dataErrors, type Operation } from './errors.js';
import { refuseModuleWrite } from './module-collections.js';
import type { DataScope } from './scope.js';

export interface Access {
  /** Set when the caller may touch only items whose owner is this id. */
  ownerOnly: string | undefined;
}

function allowed(level: PermissionLevel, caller: Caller): Access | undefined {
  if (caller.kind === 'admin') return { ownerOnly: undefined };
  switch (level) {
    case 'ANYONE':
      return { ownerOnly: undefined };
    case 'SITE_MEMBER':
      return caller.kind === 'member' ? { ownerOnly: undefined } : undefined;
    case 'SITE_MEMBER_AUTHOR':
      return caller.kind === 'member' ? { ownerOnly: caller.memberId } : undefined;
    case 'AUTHOR': {
      const owner = ownerIdOf(caller);
      return owner === undefined ? undefined : { ownerOnly: owner };
    }
    case 'ADMIN':
      return undefined;
  }
}

export type WriteOperation = Exclude<Operation, 'read'>;

/** Throws WDE0027 when `caller` may not read the collection. Writes go through `authorizeWrite`. */
export function authorize(collection: CollectionConfig, operation: 'read', caller: Caller): Access {
  return decide(collection, operation, caller);
}

/**
 * The decision for every write of the data service (insert, update, save, patch, remove, bulk, references,
 * truncate): WDE0027 when the caller's role may not, and for every write to a collection a module serves
 * (module-collections.ts: `Stores/Products`), whatever the caller's role, the admin key included.
 */
export function authorizeWrite(
  scope: Pick<DataScope, 'site' | 'caller' | 'modules'>,
  collection: CollectionConfig,
  operation: WriteOperation,
): Access {
  const access = decide(collection, operation, scope.caller);
  refuseModuleWrite(scope, collection.id, operation);
  return access;
}

/** Throws WDE0027 when `caller` may not perform `operation`; truncate always needs ADMIN. */
function decide(collection: CollectionConfig, operation: Operation, caller: Caller): Access {
  const level = operation === 'truncate' ? 'ADMIN' : collection.permissions[operation];
  const access = allowed(level, caller);
  // The caller came with a member token whose session has ended: what they lack is a session, not a role.
  if (!access && caller.kind === 'anonymous' && caller.endedSession) throw sessionEnded();
  if (!access) throw dataErrors.forbidden(collection.id, operation);
  return access;
}

/** Whether an existing item with `ownerId` is within `access`. */
export function ownsItem(access: Access, ownerId: string | null | undefined): boolean {
  return access.ownerOnly === undefined || access.ownerOnly === ownerId;
}

/** `_owner` of an item the caller creates: their visitor/member id; an admin may name one. */
export function ownerForNewItem(caller: Caller, requested: unknown): string | undefined {
  if (caller.kind === 'admin') return typeof requested === 'string' && requested !== '' ? requested : undefined;
  return ownerIdOf(caller);
}
