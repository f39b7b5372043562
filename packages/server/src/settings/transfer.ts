/**
 * Export: the site's settings as a config file (`{"sites": [entry]}`, the file's keys and the console's),
 * with every secret left out (listed, to be added back, or given through the *Env keys). Import: a config
 * file's entry for the site compared key by key with the running settings (a dry run answers the
 * differences); applying it is one change of every key that differs and the file does not lock.
 */
import type { SiteConfig } from '../config/types.js';
import { SiteSchema } from '../config/schema/site.js';
import { appError } from '../errors/catalogue.js';
import { baseOf, lockedBy, mergedRaw, type SiteSource } from './effective.js';
import { keysIn, parseKey, schemaOf, settingSections, valueAt } from './keys.js';
import { auditText } from './secrets.js';

type Raw = Record<string, unknown>;
type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; items?: Schema };

/** `raw` without its secrets (and where they were), nor the operator's keys (operator-only.ts), which the console never shows. */
function withoutSecrets(schema: Schema, value: unknown, path: string, omitted: string[]): unknown {
  if (schema['x-operator-only'] === true) return undefined;
  if (schema['x-secret'] === true) {
    omitted.push(path);
    return undefined;
  }
  if (Array.isArray(value) && schema.items)
    return value.map((v, i) => withoutSecrets(schema.items!, v, `${path}[${i}]`, omitted));
  if (value && typeof value === 'object' && schema.properties) {
    const out: Raw = {};
    for (const [k, v] of Object.entries(value as Raw)) {
      const sub = schema.properties[k];
      const kept = sub ? withoutSecrets(sub, v, `${path}.${k}`, omitted) : v;
      if (kept !== undefined) out[k] = kept;
    }
    return out;
  }
  return value;
}

export function exportSettings(source: SiteSource, site: SiteConfig, values: ReadonlyMap<string, unknown>) {
  const omitted: string[] = [];
  const entry = withoutSecrets(
    SiteSchema as unknown as Schema,
    mergedRaw(baseOf(source, site), values),
    'sites[0]',
    omitted,
  );
  return { config: { sites: [entry] }, omittedSecrets: omitted };
}

/** The imported file's entry for `siteId`: the one with that id, or the only one. */
function importedEntry(file: unknown, siteId: string): Raw {
  const sites = (file as Raw | undefined)?.sites;
  const list = Array.isArray(sites) ? (sites as Raw[]) : [];
  const entry = list.find((s) => s?.id === siteId) ?? (list.length === 1 ? list[0] : undefined);
  if (!entry || typeof entry !== 'object' || Array.isArray(entry))
    throw appError('SETTING_INVALID', {
      description: `The file must be a config file with a "sites" entry for site "${siteId}" ({"sites": [{"id": "${siteId}", …}]})`,
    });
  return entry;
}

export interface ImportDifference {
  key: string;
  before: string;
  after: string;
  /** Set in the config file: the import leaves it as the file has it. */
  locked: boolean;
}

/** What importing `file` would change, and the changes to make (unlocked keys only). */
export function importDifferences(
  source: SiteSource,
  site: SiteConfig,
  values: ReadonlyMap<string, unknown>,
  file: unknown,
): { differences: ImportDifference[]; changes: Record<string, unknown> } {
  const incoming = importedEntry(file, site.id);
  const current = mergedRaw(baseOf(source, site), values);
  const sections = settingSections();
  // Groups and values key by key; list entries field by field (an entry new to the site comes whole).
  const names = new Set([...keysIn(incoming, sections), ...keysIn(current, sections)]);
  const differences: ImportDifference[] = [];
  const changes: Record<string, unknown> = {};
  for (const name of names) {
    const key = parseKey(name, sections)!;
    const schema = schemaOf(key, sections);
    const [before, after] = [valueAt(current, key, sections), valueAt(incoming, key, sections)];
    // Absent from the import: unchanged (a file without secrets keeps the stored ones).
    if (after === undefined || JSON.stringify(before) === JSON.stringify(after)) continue;
    const locked = lockedBy(source, baseOf(source, site), name);
    differences.push({ key: name, before: auditText(schema, before), after: auditText(schema, after), locked });
    if (!locked) changes[name] = after;
  }
  return { differences, changes };
}
