/**
 * The Members API's query language (`queryMembers().eq(…)`, `filter`, `sorting`, `search`) compiled to a
 * parameterised `where` / `order by` over the members table. Only the fields Wix lets a query name
 * (`MemberQuerySpec`: `_id`, `loginEmail`, `status`, `contactId`, `contact.firstName`, `contact.lastName`,
 * `profile.nickname`, `profile.slug`, `privacyStatus`); the ones outside the PUBLIC fieldset
 * (`loginEmail`, `status`, `contact.*`) are the owner's: another caller naming them gets PERMISSION_DENIED,
 * so a filter cannot tell a stranger which address belongs to a member. Bounded: 50 conditions, depth 4.
 */
import { appError } from '../../errors/catalogue.js';
import { invalidField } from '../../errors/wire.js';
import { emailKey } from '../../security/index.js';

interface Field {
  sql: string;
  ownerOnly?: boolean;
  /** Values are compared by the email key (loginEmail). */
  keyed?: boolean;
}

const PRIVACY_SQL = `case when profile->>'privacyStatus' = 'PUBLIC' then 'PUBLIC' else 'PRIVATE' end`;

export const FIELDS: Record<string, Field> = {
  id: { sql: 'id::text' },
  _id: { sql: 'id::text' },
  contactId: { sql: 'id::text' },
  loginEmail: { sql: 'email_key', ownerOnly: true, keyed: true },
  status: { sql: `case status when 'ACTIVE' then 'APPROVED' else status end`, ownerOnly: true },
  privacyStatus: { sql: PRIVACY_SQL },
  'profile.nickname': { sql: `profile->>'nickname'` },
  'profile.slug': { sql: `profile->>'slug'` },
  'contact.firstName': { sql: `profile->>'firstName'`, ownerOnly: true },
  'contact.lastName': { sql: `profile->>'lastName'`, ownerOnly: true },
};

const SORTS: Record<string, Field> = {
  createdDate: { sql: 'created_at' },
  _createdDate: { sql: 'created_at' },
  updatedDate: { sql: 'updated_at' },
  _updatedDate: { sql: 'updated_at' },
  'profile.nickname': { sql: `profile->>'nickname'` },
  'contact.firstName': { sql: `profile->>'firstName'`, ownerOnly: true },
  'contact.lastName': { sql: `profile->>'lastName'`, ownerOnly: true },
};

const SEARCHABLE: Record<string, Field> = {
  loginEmail: { sql: 'email_key', ownerOnly: true },
  'contact.firstName': { sql: `profile->>'firstName'`, ownerOnly: true },
  'contact.lastName': { sql: `profile->>'lastName'`, ownerOnly: true },
  'profile.nickname': { sql: `profile->>'nickname'` },
  'profile.slug': { sql: `profile->>'slug'` },
  'profile.title': { sql: `profile->>'title'` },
};

const MAX_CONDITIONS = 50;
const MAX_DEPTH = 4;
const MAX_LIST = 100;
const MAX_TEXT = 500;

const COMPARISONS: Record<string, string> = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };

export class MemberFilter {
  readonly params: unknown[] = [];
  private conditions = 0;
  constructor(private readonly owner: boolean) {}

  param(value: unknown): string {
    return `$${this.params.push(value)}`;
  }

  private field(name: string, table: Record<string, Field>, what: string): Field {
    const field = table[name];
    if (!field) throw invalidField(what, `cannot use ${JSON.stringify(name.slice(0, 60))}`, 'UNSUPPORTED_FIELD');
    if (field.ownerOnly && !this.owner)
      throw appError('PERMISSION_DENIED', { description: `Only the site owner (an API key) may use ${name}` });
    return field;
  }

  private value(field: Field, value: unknown, path: string): string | number | boolean | null {
    if (value === null) return null;
    if (typeof value === 'string') {
      if (value.length > MAX_TEXT) throw invalidField(path, `must be at most ${MAX_TEXT} characters`, 'VALUE_TOO_LONG');
      return field.keyed ? emailKey(value) : value;
    }
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    throw invalidField(path, 'must be a string, a number, a boolean or null', 'INVALID_TYPE');
  }

  /** The `where` of a filter object; `true` for an empty one. */
  where(filter: unknown, path = 'query.filter', depth = 0): string {
    if (filter === undefined || filter === null) return 'true';
    if (typeof filter !== 'object' || Array.isArray(filter))
      throw invalidField(path, 'must be an object', 'INVALID_TYPE');
    if (depth > MAX_DEPTH) throw invalidField(path, `must nest at most ${MAX_DEPTH} levels`, 'TOO_DEEP');
    const parts = Object.entries(filter as Record<string, unknown>).map(([key, value]) =>
      this.term(key, value, `${path}.${key}`, depth),
    );
    return parts.length ? parts.join(' and ') : 'true';
  }

  private term(key: string, value: unknown, path: string, depth: number): string {
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(value) || value.length > 20)
        throw invalidField(path, 'must be a list of at most 20 filters', 'INVALID_TYPE');
      if (!value.length) return key === '$and' ? 'true' : 'false';
      const joined = value.map((f, i) => `(${this.where(f, `${path}[${i}]`, depth + 1)})`);
      return `(${joined.join(key === '$and' ? ' and ' : ' or ')})`;
    }
    if (key === '$not') return `not coalesce((${this.where(value, path, depth + 1)}), false)`;
    if (++this.conditions > MAX_CONDITIONS)
      throw invalidField('query.filter', `must have at most ${MAX_CONDITIONS} conditions`, 'TOO_MANY_CONDITIONS');
    const field = this.field(key, FIELDS, path);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return this.eq(field, value, path);
    const ops = Object.entries(value as Record<string, unknown>);
    if (ops.length !== 1) throw invalidField(path, 'must hold exactly one operator', 'INVALID_OPERATOR');
    const [op, operand] = ops[0]!;
    const at = `${path}.${op}`;
    switch (op) {
      case '$eq':
        return this.eq(field, operand, at);
      case '$ne': {
        const v = this.value(field, operand, at);
        return v === null ? `${field.sql} is not null` : `${field.sql} is distinct from ${this.param(v)}`;
      }
      case '$in':
      case '$nin': {
        if (!Array.isArray(operand) || operand.length > MAX_LIST)
          throw invalidField(at, `must be a list of at most ${MAX_LIST} values`, 'INVALID_TYPE');
        const values = operand.map((v, i) => this.value(field, v, `${at}[${i}]`)).filter((v) => v !== null);
        const any = `${field.sql} = any(${this.param(values.map(String))}::text[])`;
        return op === '$in' ? `coalesce(${any}, false)` : `not coalesce(${any}, false)`;
      }
      case '$exists':
        if (typeof operand !== 'boolean') throw invalidField(at, 'must be true or false', 'INVALID_TYPE');
        return `${field.sql} is ${operand ? 'not ' : ''}null`;
      case '$startsWith': {
        const v = this.value(field, operand, at);
        if (typeof v !== 'string') throw invalidField(at, 'must be a string', 'INVALID_TYPE');
        const prefix = `${v.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        return `lower(${field.sql}) like ${this.param(prefix)}`;
      }
      default: {
        const cmp = COMPARISONS[op];
        if (!cmp) throw invalidField(at, `unknown operator ${op.slice(0, 30)}`, 'INVALID_OPERATOR');
        const v = this.value(field, operand, at);
        if (v === null) throw invalidField(at, 'must not be null', 'INVALID_TYPE');
        return `${field.sql} ${cmp} ${this.param(v)}`;
      }
    }
  }

  private eq(field: Field, value: unknown, path: string): string {
    const v = this.value(field, value, path);
    return v === null ? `${field.sql} is null` : `${field.sql} = ${this.param(v)}`;
  }

  /** `order by` of the request's sorting; by creation when it names none. */
  orderBy(sorting: unknown): string {
    const list = Array.isArray(sorting) ? sorting : [];
    if (list.length > 5) throw invalidField('query.sorting', 'must have at most 5 entries', 'TOO_MANY_ITEMS');
    const keys = list.map((s, i) => {
      const entry = (s && typeof s === 'object' ? s : {}) as { fieldName?: unknown; order?: unknown };
      const field = this.field(String(entry.fieldName ?? ''), SORTS, `query.sorting[${i}].fieldName`);
      const order = String(entry.order ?? 'ASC').toUpperCase();
      if (order !== 'ASC' && order !== 'DESC')
        throw invalidField(`query.sorting[${i}].order`, 'must be ASC or DESC', 'INVALID_ENUM');
      return `${field.sql} ${order.toLowerCase()} nulls last`;
    });
    return [...keys, 'created_at asc', 'id asc'].join(', ');
  }

  /** Plain-text search: a case-insensitive substring of any of the named fields (profile.nickname by default). */
  search(search: unknown): string {
    if (search === undefined || search === null) return 'true';
    const s = (typeof search === 'object' ? search : {}) as { expression?: unknown; fields?: unknown };
    if (s.expression === undefined || s.expression === null || s.expression === '') return 'true';
    if (typeof s.expression !== 'string' || s.expression.length > 100)
      throw invalidField('search.expression', 'must be a string of at most 100 characters', 'INVALID_VALUE');
    const names = Array.isArray(s.fields) && s.fields.length ? s.fields.slice(0, 4) : ['profile.nickname'];
    const like = this.param(`%${s.expression.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const parts = names.map(
      (n, i) => `lower(coalesce(${this.field(String(n), SEARCHABLE, `search.fields[${i}]`).sql}, '')) like ${like}`,
    );
    return `(${parts.join(' or ')})`;
  }
}
