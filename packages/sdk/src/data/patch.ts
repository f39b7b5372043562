/**
 * `items.patch(collection, id)`: field modifications applied server-side, so concurrent writers
 * do not overwrite each other's fields (docs/wire-format.md §9.1).
 */
import type { DataItem } from './query.js';
import { condition, writeOptions, type Condition } from './request.js';
import type { Transport } from './transport.js';
import * as v from './validate.js';

export interface PatchOptions {
  suppressHooks?: boolean;
  showDrafts?: boolean;
  condition?: Condition;
}

export interface WixDataPatch<T = DataItem> {
  setField(fieldPath: string, value: unknown): WixDataPatch<T>;
  incrementField(fieldPath: string, by: number): WixDataPatch<T>;
  appendToArray(fieldPath: string, value: unknown): WixDataPatch<T>;
  removeFromArray(fieldPath: string, value: unknown): WixDataPatch<T>;
  removeField(fieldPath: string): WixDataPatch<T>;
  run(options?: PatchOptions): Promise<T>;
}

/** A wire field modification: `{action, fieldPath, <action>Options: {value}}`. */
export type FieldModification = { action: string; fieldPath: string } & Record<string, unknown>;

export function newPatch<T>(t: Transport, coll: string, id: string, mods: FieldModification[] = []): WixDataPatch<T> {
  // `setField` → SET_FIELD with `setFieldOptions: {value}`; REMOVE_FIELD carries no options.
  const mod = (name: string) => (fieldPath: string, value?: unknown) =>
    newPatch<T>(t, coll, id, [
      ...mods,
      {
        action: name.replace(/[A-Z]/g, '_$&').toUpperCase(),
        fieldPath,
        ...(name != 'removeField' && { [name + 'Options']: { value } }),
      },
    ]);
  return {
    setField: mod('setField'),
    incrementField: mod('incrementField'),
    appendToArray: mod('appendToArray'),
    removeFromArray: mod('removeFromArray'),
    removeField: mod('removeField'),
    async run(options) {
      v.assert(v.collection(coll), v.itemId(id), v.options(options), ...mods.map((m) => v.fieldName(m.fieldPath)));
      const res = await t.post<{ dataItem: { data: T } }>('/items/patch', {
        dataCollectionId: coll,
        patch: { dataItemId: id, fieldModifications: mods },
        ...writeOptions(options),
        ...condition(options?.condition),
      });
      return res.dataItem.data;
    },
  };
}
