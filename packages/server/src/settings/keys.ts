/**
 * Which parts of a site the console may change, read from the config file's own schema (config/schema/
 * site.ts) rather than listed by hand, so a key added to the schema (shipping methods, #29) shows up in
 * the console without code here. A setting's key is a path into a `sites[]` entry:
 *
 *   name, languages                          a top-level value
 *   policies.emailVerification                a key of a top-level object ("group")
 *   clients[demo-storefront].redirectUris     a key of one entry of a list of entries with an id ("list")
 */
import type { TSchema } from 'typebox';
import { SiteSchema } from '../config/schema/site.js';

type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; items?: Schema };

/**
 * Managed on pages of their own (API keys, webhooks, collections), or the site's identity: not settings.
 * Keys marked `x-operator-only` (config/schema/common.ts) are not settings either: see operator-only.ts.
 */
const NOT_SETTINGS = new Set(['id', 'apiKeys', 'webhooks', 'collections']);
/** What names an entry of a list, in the order looked for. */
const ENTRY_IDS = ['id', 'clientId'];

export type SectionShape =
  | { kind: 'value'; name: string; schema: Schema }
  | { kind: 'group'; name: string; schema: Schema; fields: string[] }
  | { kind: 'list'; name: string; schema: Schema; idKey: string; fields: string[] };

export interface SettingKey {
  section: string;
  /** The entry's id, for a list. */
  entry?: string;
  /** The key inside the group or entry. */
  field?: string;
}

const isObject = (s: Schema | undefined): boolean => s?.type === 'object' && s.properties !== undefined;
/** Only the config file may hold it: an environment variable's or file's name, a secret's destination, a test's. */
export const isOperatorOnly = (s: Schema | undefined): boolean => s?.['x-operator-only'] === true;
const settable = (properties: Record<string, Schema>) =>
  Object.keys(properties).filter((k) => !isOperatorOnly(properties[k]));

/** Every section of a site the console shows, in the schema's order. */
export function settingSections(root: TSchema = SiteSchema): SectionShape[] {
  const properties = (root as Schema).properties ?? {};
  return Object.entries(properties)
    .filter(([name, schema]) => !NOT_SETTINGS.has(name) && !isOperatorOnly(schema))
    .map(([name, schema]): SectionShape => {
      if (isObject(schema)) return { kind: 'group', name, schema, fields: settable(schema.properties!) };
      const item = schema.type === 'array' ? schema.items : undefined;
      const idKey = isObject(item)
        ? ENTRY_IDS.find((k) => (item!.required as string[] | undefined)?.includes(k))
        : undefined;
      if (item && idKey)
        return { kind: 'list', name, schema, idKey, fields: settable(item.properties!).filter((k) => k !== idKey) };
      return { kind: 'value', name, schema };
    });
}

const KEY = /^([A-Za-z][A-Za-z0-9_]*)(?:\[([A-Za-z0-9][A-Za-z0-9_-]{0,63})\])?(?:\.([A-Za-z][A-Za-z0-9_]*))?$/;

/** `clients[web].redirectUris` → its parts, when it names a setting of the schema (an entry alone names the whole entry). */
export function parseKey(key: string, sections = settingSections()): SettingKey | undefined {
  const match = KEY.exec(key);
  if (!match) return undefined;
  const [, sectionName, entry, field] = match;
  const section = sections.find((s) => s.name === sectionName);
  if (!section) return undefined;
  if (section.kind === 'value') return entry || field ? undefined : { section: section.name };
  if (section.kind === 'group')
    return !entry && field && section.fields.includes(field) ? { section: section.name, field } : undefined;
  if (!entry) return undefined;
  if (field !== undefined && !section.fields.includes(field)) return undefined;
  return { section: section.name, entry, ...(field ? { field } : {}) };
}

/**
 * Does `key` name a key of the site schema that only the config file may hold (`phone.authTokenEnv`,
 * `identityProviders[corp].clientSecretEnv`)? Such a key is not a setting; this tells why.
 */
export function isOperatorOnlyKey(key: string, root: TSchema = SiteSchema): boolean {
  const match = KEY.exec(key);
  if (!match) return false;
  const [, sectionName, entry, field] = match;
  const section = (root as Schema).properties?.[sectionName!];
  if (isOperatorOnly(section) || field === undefined) return isOperatorOnly(section);
  const holder = entry !== undefined ? section?.items : section;
  return isOperatorOnly(holder?.properties?.[field]);
}

export function formatKey(key: SettingKey): string {
  return `${key.section}${key.entry !== undefined ? `[${key.entry}]` : ''}${key.field !== undefined ? `.${key.field}` : ''}`;
}

/** The schema of the value a key holds. */
export function schemaOf(key: SettingKey, sections = settingSections()): Schema | undefined {
  const section = sections.find((s) => s.name === key.section);
  if (!section) return undefined;
  if (section.kind === 'value') return section.schema;
  if (section.kind === 'group') return section.schema.properties![key.field!];
  const item = section.schema.items!;
  return key.field === undefined ? item : item.properties![key.field];
}

type Raw = Record<string, unknown>;
const asObject = (value: unknown): Raw | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Raw) : undefined;

/** The entries of a list section in a raw site, by id. */
export function entriesOf(raw: Raw, section: SectionShape & { kind: 'list' }): Raw[] {
  return (Array.isArray(raw[section.name]) ? (raw[section.name] as unknown[]) : [])
    .map(asObject)
    .filter((e): e is Raw => e !== undefined && typeof e[section.idKey] === 'string');
}

/** The value `key` has in a raw site entry (as the config file holds it); undefined when absent. */
export function valueAt(raw: Raw, key: SettingKey, sections = settingSections()): unknown {
  const section = sections.find((s) => s.name === key.section)!;
  if (section.kind === 'value') return raw[section.name];
  if (section.kind === 'group') return asObject(raw[section.name])?.[key.field!];
  const entry = entriesOf(raw, section).find((e) => e[section.idKey] === key.entry);
  return key.field === undefined ? entry : entry?.[key.field];
}

/**
 * Sets `key` in a raw site entry (in place); `undefined` removes it. A list entry named for the first
 * time is added at the end; setting a whole entry to undefined removes it.
 */
export function setValueAt(raw: Raw, key: SettingKey, value: unknown, sections = settingSections()): void {
  const section = sections.find((s) => s.name === key.section)!;
  if (section.kind === 'value') {
    if (value === undefined) delete raw[section.name];
    else raw[section.name] = value;
    return;
  }
  if (section.kind === 'group') {
    const group = { ...asObject(raw[section.name]) };
    if (value === undefined) delete group[key.field!];
    else group[key.field!] = value;
    raw[section.name] = group;
    return;
  }
  const list = Array.isArray(raw[section.name]) ? [...(raw[section.name] as unknown[])] : [];
  const index = list.findIndex((e) => asObject(e)?.[section.idKey] === key.entry);
  if (key.field === undefined) {
    if (value === undefined) {
      if (index >= 0) list.splice(index, 1);
    } else {
      const entry = { ...asObject(value), [section.idKey]: key.entry };
      if (index >= 0) list[index] = entry;
      else list.push(entry);
    }
  } else {
    const entry = { ...(index >= 0 ? asObject(list[index]) : { [section.idKey]: key.entry }) };
    if (value === undefined) delete entry[key.field];
    else entry[key.field] = value;
    if (index >= 0) list[index] = entry;
    else list.push(entry);
  }
  raw[section.name] = list;
}

/** Every setting key a raw site holds a value for (the file's keys are the locked ones). */
export function keysIn(raw: Raw, sections = settingSections()): string[] {
  const keys: string[] = [];
  for (const section of sections) {
    if (section.kind === 'value') {
      if (raw[section.name] !== undefined) keys.push(section.name);
    } else if (section.kind === 'group') {
      const group = asObject(raw[section.name]) ?? {};
      for (const field of section.fields) if (group[field] !== undefined) keys.push(`${section.name}.${field}`);
    } else {
      for (const entry of entriesOf(raw, section)) {
        for (const field of section.fields)
          if (entry[field] !== undefined) keys.push(`${section.name}[${String(entry[section.idKey])}].${field}`);
      }
    }
  }
  return keys;
}
