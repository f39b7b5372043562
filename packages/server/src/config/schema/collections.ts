/**
 * `sites[].collections`: permissions, typed fields, translatable fields, seed items. Which collection a
 * reference names and whether a translatable field is a declared text field are cross references,
 * checked in config/fields.ts.
 */
import { Type } from 'typebox';
import { FIELD_TYPES, PERMISSION_LEVELS } from '../types.js';
import { Choice, Flag, Id, List, OPERATOR_ONLY, Optional, Strict, Text } from './common.js';

export const FIELD_KEY_PATTERN = '^[A-Za-z][A-Za-z0-9_]{0,63}$';
export const FIELD_KEY_HINT = 'a letter followed by letters, digits or "_" (at most 64)';

export const FieldSchema = Strict(
  {
    key: Text({ pattern: FIELD_KEY_PATTERN, 'x-hint': FIELD_KEY_HINT }),
    type: Choice(FIELD_TYPES, { 'x-required': `is required (one of ${FIELD_TYPES.join(', ')})` }),
    required: Optional(Flag()),
    collection: Optional(Text()),
    // Shown by the console's forms and grid (docs/console.md#the-catalog-editor); the key is shown without them.
    label: Optional(Text({ maxLength: 100 })),
    help: Optional(Text({ maxLength: 300 })),
  },
  {
    if: { properties: { type: { enum: ['reference', 'multireference'] } }, required: ['type'] },
    then: { required: ['collection'] },
  },
);

const level = () => Optional(Choice(PERMISSION_LEVELS));

/** A field an index may name: a path of up to 4 plain segments (written into DDL, data/declared-indexes.ts). */
export const INDEX_FIELD_PATTERN = '^[A-Za-z][A-Za-z0-9_]{0,62}(\\.[A-Za-z][A-Za-z0-9_]{0,62}){0,3}$';
export const MAX_INDEX_FIELDS = 4;
export const MAX_DECLARED_INDEXES = 8;

export const IndexSchema = Strict({
  fields: List(
    Strict({
      field: Text({
        pattern: INDEX_FIELD_PATTERN,
        'x-hint': 'a field name, or a dotted path of up to 4 of them (letters, digits, "_"; no leading "_")',
      }),
      order: Optional(Choice(['ASC', 'DESC'] as const)),
    }),
    {
      minItems: 1,
      maxItems: MAX_INDEX_FIELDS,
      'x-too-few': 'must list at least one field',
      'x-message': `must be a list of 1 to ${MAX_INDEX_FIELDS} fields`,
      'x-required': 'is required: the fields the index orders by, e.g. [{ "field": "price" }]',
    },
  ),
  unique: Optional(Flag()),
  // A full-text search index over the fields, for `$search` (docs/data.md → Full-text search).
  search: Optional(Flag()),
});

export const CollectionSchema = Strict({
  id: Id(),
  permissions: Optional(Strict({ read: level(), insert: level(), update: level(), remove: level() })),
  /**
   * A JSON file name (relative to the config file) or the items; the file is read and checked in code. A
   * file of the server: the config file's alone (collections are not console settings either).
   */
  seed: Optional(Type.Union([Text(), List(Type.Object({}))], { 'x-checked-in-code': true, ...OPERATOR_ONLY })),
  fields: Optional(List(FieldSchema)),
  strict: Optional(Flag()),
  indexes: Optional(
    List(IndexSchema, {
      maxItems: MAX_DECLARED_INDEXES,
      'x-message': `must be a list of at most ${MAX_DECLARED_INDEXES} indexes`,
    }),
  ),
  translatable: Optional(
    List(
      Text({
        pattern: FIELD_KEY_PATTERN,
        'x-message': `must be the name of a top-level field: ${FIELD_KEY_HINT}, no "."`,
      }),
    ),
  ),
});

export const GraphqlSchema = Strict({
  introspection: Optional(Flag()),
  maxCost: Optional(Type.Integer({ minimum: 10, maximum: 10_000_000 })),
  maxAliases: Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
});
