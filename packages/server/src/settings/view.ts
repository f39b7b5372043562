/**
 * The console's Settings form, from the schema: each section with its keys, each key with its schema
 * (the console picks a control from it), its value, where the value comes from (the config file, the
 * console, or the default) and whether the file locks it. Secrets are `{set: true}` or absent, never shown.
 */
import { Value } from 'typebox/value';
import type { SiteConfig } from '../config/types.js';
import { baseOf, buildSite, keyPathOf, mergedRaw, type SiteSource } from './effective.js';
import {
  entriesOf,
  formatKey,
  parseKey,
  settingSections,
  valueAt,
  type SectionShape,
  type SettingKey,
} from './keys.js';
import { secretDestinations, settableSchema, withoutOperatorOnly } from './operator-only.js';
import { defaultInForce } from './in-force.js';
import { hasSecret, maskSecrets } from './secrets.js';

type Schema = Record<string, unknown>;

export interface SettingField {
  key: string;
  name: string;
  /** Its place in the config file, e.g. `sites[0].policies.emailVerification`. */
  path: string;
  schema: Schema;
  value?: unknown;
  source: 'file' | 'console' | 'default';
  /** Only for a key the console set (not a secret): the value without that change; `value` absent: unset. */
  byDefault?: { value?: unknown };
  locked: boolean;
  secret: boolean;
}

/** The running site's value where it has the config file's shape (defaults applied: "off", true, ["en"]). */
function runningValue(site: SiteConfig, key: SettingKey, schema: Schema): unknown {
  const value = valueAt(site as unknown as Record<string, unknown>, key) ?? defaultInForce(site, formatKey(key));
  return value !== undefined && Value.Check(schema, value) ? value : undefined;
}

function field(
  source: SiteSource,
  destinations: ReadonlySet<string>,
  raw: Record<string, unknown>,
  site: SiteConfig,
  consoleKeys: ReadonlySet<string>,
  defaults: SiteConfig | undefined,
  name: string,
  key: string,
  schema: Schema,
): SettingField {
  const parsed = parseKey(key)!;
  const secret = hasSecret(schema);
  // Operator-only keys (a variable's name, verifyUrl…) are the file's business: neither shown nor offered.
  const stored = withoutOperatorOnly(schema, valueAt(raw, parsed));
  const value =
    stored !== undefined
      ? maskSecrets(schema, stored)
      : secret
        ? undefined
        : withoutOperatorOnly(schema, runningValue(site, parsed, schema));
  // What "Use the default" goes back to (the change sent as null): the file's value, or the site as it started.
  const byDefault =
    consoleKeys.has(key) && !secret && defaults
      ? withoutOperatorOnly(schema, runningValue(defaults, parsed, schema))
      : null;
  return {
    key,
    name,
    path: keyPathOf(source, key),
    schema: settableSchema(schema),
    ...(value !== undefined ? { value } : {}),
    ...(byDefault !== null ? { byDefault: byDefault === undefined ? {} : { value: byDefault } } : {}),
    // Without a config file, what the site started with counts as its default.
    source: source.locked.has(key)
      ? 'file'
      : consoleKeys.has(key) || (parsed.entry !== undefined && consoleKeys.has(key.slice(0, key.indexOf('.'))))
        ? 'console'
        : 'default',
    locked: (source.fromFile && source.locked.has(key)) || destinations.has(key),
    secret,
  };
}

function sectionView(
  section: SectionShape,
  source: SiteSource,
  raw: Record<string, unknown>,
  site: SiteConfig,
  consoleKeys: ReadonlySet<string>,
  defaults: SiteConfig | undefined,
) {
  // Where the started site's (or the file's) secrets go: shown locked (change.ts refuses a change).
  const destinations = new Set(secretDestinations(baseOf(source, site)));
  const make = (name: string, key: string, schema: Schema) =>
    field(source, destinations, raw, site, consoleKeys, defaults, name, key, schema);
  const common = { name: section.name, kind: section.kind, path: keyPathOf(source, section.name) };
  if (section.kind === 'value') return { ...common, fields: [make(section.name, section.name, section.schema)] };
  if (section.kind === 'group') {
    const properties = section.schema.properties as Record<string, Schema>;
    return { ...common, fields: section.fields.map((f) => make(f, `${section.name}.${f}`, properties[f]!)) };
  }
  const item = section.schema.items as Schema & { properties: Record<string, Schema> };
  const base = baseOf(source, site);
  return {
    ...common,
    idKey: section.idKey,
    itemSchema: settableSchema(item),
    entries: entriesOf(raw, section).map((entry) => {
      const id = String(entry[section.idKey]);
      const inBase = valueAt(base, { section: section.name, entry: id }) !== undefined;
      return {
        id,
        path: keyPathOf(source, `${section.name}[${id}]`),
        // An entry of the file (or of the site as it started) stays; one the console added may go.
        removable: !inBase,
        fields: section.fields.map((f) => make(f, `${section.name}[${id}].${f}`, item.properties[f]!)),
      };
    }),
  };
}

/**
 * The site without the console's values (its file entry or the site as it started), built once per base: the
 * defaults the console's changes are shown against. Undefined when the base no longer builds on its own.
 */
const builtDefaults = new WeakMap<object, SiteConfig | undefined>();
function defaultSite(source: SiteSource, site: SiteConfig): SiteConfig | undefined {
  const base = baseOf(source, site);
  if (!builtDefaults.has(base)) {
    const built = buildSite(source, base, site, []);
    builtDefaults.set(base, built.problems.length ? undefined : built.site);
  }
  return builtDefaults.get(base);
}

export function settingsView(
  source: SiteSource,
  site: SiteConfig,
  values: ReadonlyMap<string, unknown>,
  canChange: boolean,
) {
  const raw = mergedRaw(baseOf(source, site), values);
  const consoleKeys = new Set(values.keys());
  const defaults = values.size ? defaultSite(source, site) : undefined;
  return {
    siteId: site.id,
    siteName: site.name,
    path: `sites[${source.index}]`,
    configFile: source.fromFile,
    canChange,
    sections: settingSections().map((section) => sectionView(section, source, raw, site, consoleKeys, defaults)),
  };
}
