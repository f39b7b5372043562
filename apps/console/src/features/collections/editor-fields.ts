import type { CollectionInfo, FieldSpec } from './api.js';

/** What the console calls a field: its config `label`, else its key. */
export const labelOf = (field: Pick<FieldSpec, 'key' | 'label'>): string => field.label || field.key;

/** The label of a key, declared or not (`_id` and other undeclared keys show as they are). */
export function labelOfKey(info: CollectionInfo | undefined, key: string): string {
  const field = info?.fields.find((f) => f.key === key);
  return field ? labelOf(field) : key;
}

/**
 * The field that names an item in pickers and the grid's link column: `title` or `name` when declared as text, else
 * the first declared text field, else the id.
 */
export function displayFieldOf(info: Pick<CollectionInfo, 'fields'> | undefined): string {
  const text = info?.fields.filter((f) => f.type === 'text') ?? [];
  return (text.find((f) => f.key === 'title' || f.key === 'name') ?? text[0])?.key ?? '_id';
}

/** Columns hidden until the column chooser brings them back: system fields (`_id`, `_owner`, dates). */
export const isTechnical = (key: string) => key.startsWith('_');
