/**
 * `items.patch(collection, id)` and `items.bulkPatch(collection, ids)`: field modifications applied
 * server-side, so concurrent writers do not overwrite each other's fields (wire-contract §9.1).
 */
import { clientError } from './errors.js';
import { tally, type BulkResult } from './bulk.js';
import { condition, type Condition } from './request.js';
import type { Transport } from './transport.js';
import type { DataItem } from './query.js';
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

abstract class Modifications<Self, R> {
  protected constructor(
    protected readonly mods: readonly FieldModification[],
    protected readonly invalid: readonly string[],
  ) {}

  protected abstract with(mods: readonly FieldModification[], invalid: readonly string[]): Self;
  abstract run(options?: PatchOptions): Promise<R>;

  private add(mod: FieldModification, problem?: string): Self {
    const bad = typeof mod.fieldPath === 'string' ? problem : 'WDE0003: FieldName must be a string.';
    return this.with([...this.mods, mod], bad ? [...this.invalid, bad] : this.invalid);
  }

  setField(fieldPath: string, value: unknown): Self {
    return this.add({ action: 'SET_FIELD', fieldPath, setFieldOptions: { value } });
  }

  incrementField(fieldPath: string, by: number): Self {
    const bad = typeof by === 'number' ? undefined : `WDE0032: Invalid .incrementField parameter [${typeof by}]. .incrementField parameter must be a number.`;
    return this.add({ action: 'INCREMENT_FIELD', fieldPath, incrementFieldOptions: { value: by } }, bad);
  }

  appendToArray(fieldPath: string, value: unknown): Self {
    return this.add({ action: 'APPEND_TO_ARRAY', fieldPath, appendToArrayOptions: { value } });
  }

  removeFromArray(fieldPath: string, value: unknown): Self {
    return this.add({ action: 'REMOVE_FROM_ARRAY', fieldPath, removeFromArrayOptions: { value } });
  }

  removeField(fieldPath: string): Self {
    return this.add({ action: 'REMOVE_FIELD', fieldPath });
  }

  protected body(coll: string, options: PatchOptions | undefined, ...checks: (string | undefined)[]) {
    const found = [v.collection(coll), ...checks, ...this.invalid, v.options(options)].find(Boolean);
    if (found) throw clientError(found);
    return {
      suppressHooks: options?.suppressHooks,
      ...(options?.showDrafts !== undefined ? { publishPluginOptions: { includeDraftItems: options.showDrafts } } : {}),
      ...condition(options?.condition),
    };
  }
}

export class WixDataPatch<T = DataItem> extends Modifications<WixDataPatch<T>, T> {
  /** @internal */
  constructor(
    private readonly t: Transport,
    private readonly coll: string,
    private readonly id: string,
    mods: readonly FieldModification[] = [],
    invalid: readonly string[] = [],
  ) {
    super(mods, invalid);
  }

  protected with(mods: readonly FieldModification[], invalid: readonly string[]) {
    return new WixDataPatch<T>(this.t, this.coll, this.id, mods, invalid);
  }

  async run(options?: PatchOptions): Promise<T> {
    const rest = this.body(this.coll, options, v.itemId(this.id));
    const res = await this.t.post<{ dataItem: { data: T } }>('/items/patch', {
      dataCollectionId: this.coll,
      patch: { dataItemId: this.id, fieldModifications: this.mods },
      ...rest,
    });
    return res.dataItem.data;
  }
}

export class WixDataBulkPatch extends Modifications<WixDataBulkPatch, BulkResult> {
  /** @internal */
  constructor(
    private readonly t: Transport,
    private readonly coll: string,
    private readonly ids: readonly string[],
    mods: readonly FieldModification[] = [],
    invalid: readonly string[] = [],
  ) {
    super(mods, invalid);
  }

  protected with(mods: readonly FieldModification[], invalid: readonly string[]) {
    return new WixDataBulkPatch(this.t, this.coll, this.ids, mods, invalid);
  }

  async run(options?: PatchOptions): Promise<BulkResult> {
    const rest = this.body(this.coll, options, v.itemIds(this.ids, this.coll));
    const res = await this.t.post<{ results: unknown[] }>('/bulk/items/patch', {
      dataCollectionId: this.coll,
      patches: this.ids.map((dataItemId) => ({ dataItemId, fieldModifications: this.mods })),
      ...rest,
    });
    // Items that do not exist are skipped, not errors (as in @wix/data).
    return tally(this.ids, res.results, ['WDE0073']);
  }
}
