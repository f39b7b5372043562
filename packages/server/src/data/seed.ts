/**
 * Inserts each collection's configured seed items once per site and collection. The claim row in `data_seeds`
 * and the items commit together, so two instances starting at once seed exactly once, and a collection
 * whose items were later removed is not re-seeded.
 */
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.js';
import { ValidationError } from '../errors/wire.js';
import { checkFields } from './fields.js';
import { dateValue, normalizeJson, type JsonObject } from './json.js';
import { buildData, insertRow } from './store.js';
import { setTranslations } from './translation-store.js';
import { seedTranslations } from './translations.js';

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
        const skipped: string[] = [];
        for (const [i, raw] of collection.seed.entries()) {
          let input: JsonObject;
          let translations: JsonObject | undefined;
          try {
            input = normalizeJson(raw, `seed[${i}]`) as JsonObject;
            // In a collection with translatable fields, `translations` holds the other languages' values.
            if (collection.translatable?.length) {
              const { translations: given, ...rest } = input;
              const seeded = seedTranslations(site, collection, given, `seed[${i}].translations`);
              translations = seeded.translations;
              skipped.push(...seeded.skipped);
              input = rest;
            }
            checkFields(collection, input, `seed[${i}]`);
          } catch (error) {
            const why = error instanceof ValidationError ? error.message : String(error);
            throw new Error(`Seed item ${i} of collection "${collection.id}" (site "${site.id}") is invalid: ${why}`);
          }
          const id = typeof input._id === 'string' && input._id !== '' ? input._id : randomUUID();
          const owner = typeof input._owner === 'string' ? input._owner : undefined;
          const inserted = await insertRow(
            tx,
            site.id,
            collection.id,
            buildData(input, id, owner, dateValue(ms), dateValue(ms)),
            owner,
            ms,
          );
          if (inserted && translations) await setTranslations(tx, site.id, collection.id, id, translations);
        }
        if (skipped.length > 0) {
          const languages = [...new Set(skipped)].join(', ');
          ctx.log.warn(
            { site: site.id, collection: collection.id, languages },
            'seed translations for languages the site does not list (sites[].languages, not its default) were left out',
          );
        }
      });
    }
  }
}
