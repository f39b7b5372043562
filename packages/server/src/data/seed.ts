/**
 * Inserts each collection's configured seed items once per site and collection. The claim row in `data_seeds`
 * and the items commit together, so two instances starting at once seed exactly once, and a collection
 * whose items were later removed is not re-seeded.
 */
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.js';
import { ValidationError } from '../http/errors.js';
import { checkFields } from './fields.js';
import { dateValue, normalizeJson, type JsonObject } from './json.js';
import { buildData, insertRow } from './store.js';

export async function seedCollections(ctx: AppContext): Promise<void> {
  for (const site of ctx.config.sites) {
    for (const collection of site.collections) {
      if (collection.seed.length === 0) continue;
      await ctx.db.transaction(async (tx) => {
        const claim = await tx.query(
          'insert into data_seeds (site_id, collection_id, item_count) values ($1, $2, $3) on conflict do nothing',
          [site.id, collection.id, collection.seed.length],
        );
        if (claim.rowCount !== 1) return;
        const ms = ctx.now();
        for (const [i, raw] of collection.seed.entries()) {
          let input: JsonObject;
          try {
            input = normalizeJson(raw, `seed[${i}]`) as JsonObject;
            checkFields(collection, input, `seed[${i}]`);
          } catch (error) {
            const why = error instanceof ValidationError ? error.message : String(error);
            throw new Error(`Seed item ${i} of collection "${collection.id}" (site "${site.id}") is invalid: ${why}`);
          }
          const id = typeof input._id === 'string' && input._id !== '' ? input._id : randomUUID();
          const owner = typeof input._owner === 'string' ? input._owner : undefined;
          await insertRow(tx, site.id, collection.id, buildData(input, id, owner, dateValue(ms), dateValue(ms)), owner, ms);
        }
      });
    }
  }
}
