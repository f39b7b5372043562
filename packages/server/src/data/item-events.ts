import type { JsonObject } from './json.js';
import type { DataScope } from './scope.js';
import { envelope } from './store.js';
import type { Queryable } from '../store/types.js';
import { emitEvents } from '../webhooks/emit.js';
import { identityOf } from '../webhooks/events.js';

/** Item events, with the item as the data API shows it (`{id, dataCollectionId, data}`); bulk writes give one event per item. */
export async function emitItemEvents(
  tx: Queryable,
  scope: Pick<DataScope, 'site' | 'caller' | 'now'>,
  type: 'item.inserted' | 'item.updated' | 'item.removed',
  collectionId: string,
  items: readonly JsonObject[],
): Promise<void> {
  const identity = identityOf(scope.caller);
  await emitEvents(
    tx,
    scope.site.id,
    scope.now(),
    items.map((data) => ({ type, identity, data: envelope(collectionId, data) })),
  );
}
