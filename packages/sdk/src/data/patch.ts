/**
 * `items.patch(collection, id)`: field modifications applied server-side, so concurrent writers
 * do not overwrite each other's fields (wire-contract §9.1).
 */
import { clientError } from './errors.js';
import type { DataItem } from './query.js';
import { condition, type Condition } from './request.js';
import type { Transport } from './transport.js';
import * as v from './validate.js';

export type FieldModification =
  | { action: 'SET_FIELD'; fieldPath: string; setFieldOptions: { value: unknown } }
  | { action: 'REMOVE_FIELD'; fieldPath: string }
  | { action: 'INCREMENT_FIELD'; fieldPath: string; incrementFieldOptions: { value: number } }
  | { action: 'APPEND_TO_ARRAY'; fieldPath: string; appendToArrayOptions: { value: unknown } }
  | { action: 'REMOVE_FROM_ARRAY'; fieldPath: string; removeFromArrayOptions: { value: unknown } };

export interface PatchOptions {
  suppressHooks?: boolean;
  showDrafts?: boolean;
  condition?: Condition;
}

export class WixDataPatch<T = DataItem> {
  declare private readonly t: Transport;
  declare private readonly coll: string;
  declare private readonly id: string;
  declare private readonly mods: FieldModification[];

  /** @internal */
  constructor(t: Transport, coll: string, id: string, mods: FieldModification[] = []) {
    Object.assign(this, { t, coll, id, mods });
  }

  private add(action: string, fieldPath: string, options?: string, value?: unknown): WixDataPatch<T> {
    const mod = { action, fieldPath, ...(options && { [options]: { value } }) } as FieldModification;
    return new WixDataPatch<T>(this.t, this.coll, this.id, [...this.mods, mod]);
  }

  setField(fieldPath: string, value: unknown) { return this.add('SET_FIELD', fieldPath, 'setFieldOptions', value); }
  incrementField(fieldPath: string, by: number) { return this.add('INCREMENT_FIELD', fieldPath, 'incrementFieldOptions', by); }
  appendToArray(fieldPath: string, value: unknown) { return this.add('APPEND_TO_ARRAY', fieldPath, 'appendToArrayOptions', value); }
  removeFromArray(fieldPath: string, value: unknown) { return this.add('REMOVE_FROM_ARRAY', fieldPath, 'removeFromArrayOptions', value); }
  removeField(fieldPath: string) { return this.add('REMOVE_FIELD', fieldPath); }

  async run(options?: PatchOptions): Promise<T> {
    const { coll, id, mods } = this;
    const bad =
      [v.collection(coll), v.itemId(id), v.options(options)].find(Boolean) ??
      mods.map((m) => v.fieldName(m.fieldPath) ?? (m.action == 'INCREMENT_FIELD' && typeof m.incrementFieldOptions.value != 'number' ? 'WDE0032: .incrementField must be a number.' : undefined)).find(Boolean);
    if (bad) throw clientError(bad);
    const res = await this.t.post<{ dataItem: { data: T } }>('/items/patch', {
      dataCollectionId: coll,
      patch: { dataItemId: id, fieldModifications: mods },
      suppressHooks: options?.suppressHooks,
      ...(options?.showDrafts !== undefined && { publishPluginOptions: { includeDraftItems: options.showDrafts } }),
      ...condition(options?.condition),
    });
    return res.dataItem.data;
  }
}
