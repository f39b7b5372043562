/**
 * A site's effective settings: its config file entry (or, without a file, the site it started as) with
 * the console's values on top, built by the config loader's own reader (config-files/sites.ts `readSite`, the
 * TypeBox schemas and the cross checks), so a console value is refused with the sentence the file gets.
 */
import type { ServerConfig, SiteConfig } from '../config/types.js';
import { readSite } from '../config-files/sites.js';
import { Reader } from '../config/validate.js';
import { checkSitePhoneInProduction } from '../phone/config.js';
import { keysIn, parseKey, schemaOf, setValueAt, settingSections, valueAt } from './keys.js';
import { environmentOfFile, secretDestinations, withoutOperatorOnly } from './operator-only.js';
import { openSecrets } from './secrets.js';
import { siteToRaw } from './raw-site.js';
import type { StoredSetting } from './store.js';

type Raw = Record<string, unknown>;

export interface SiteSource {
  siteId: string;
  /** `sites[i]` of the config file: problems and locks name it. */
  index: number;
  /**
   * What the console's values go on top of: the file's entry, or without a file the running site written
   * as one, taken when the console first touches it (test servers set their address after the start).
   */
  base: Raw | undefined;
  /** True when `base` is the config file's entry (then its keys are locked). */
  fromFile: boolean;
  /** Setting keys the file sets, and those deciding where the file's secrets go (operator-only.ts). */
  locked: Set<string>;
  baseDir: string;
  /** What the rebuild may read of the environment: the variables the file's entry reads, nothing else. */
  env: Readonly<NodeJS.ProcessEnv>;
  /** NODE_ENV=production: the loader's production rules apply to every rebuild. */
  production: boolean;
}

/** One source per site, from the config as loaded at start (before any console value). */
export function siteSources(config: ServerConfig): SiteSource[] {
  const sections = settingSections();
  return config.sites.map((site, index) => {
    const file = config.siteFiles?.[index];
    const baseDir = config.configBaseDir ?? process.cwd();
    return {
      siteId: site.id,
      index,
      base: file ? structuredClone(file) : undefined,
      fromFile: file !== undefined,
      locked: new Set(file ? [...keysIn(file, sections), ...secretDestinations(file)] : []),
      baseDir,
      env: environmentOfFile(file, `sites[${index}]`, baseDir),
      production: config.production,
    };
  });
}

/** The source's base, taken from the running site the first time it is needed. */
export function baseOf(source: SiteSource, running: SiteConfig): Raw {
  source.base ??= siteToRaw(running);
  return source.base;
}

export const keyPathOf = (source: SiteSource, key: string) => `sites[${source.index}].${key}`;

/** Is `key` (or, for a whole list entry, any key of it) the file's? */
export function lockedBy(source: SiteSource, base: Raw, key: string): boolean {
  if (source.locked.has(key)) return true;
  const parsed = parseKey(key);
  if (parsed?.entry === undefined || parsed.field !== undefined) return false;
  // A whole entry: the file's entries stay (their existence is the file's).
  return valueAt(base, parsed) !== undefined;
}

/** The console's values of one site as a key → plain value map (secrets opened, locked keys left out). */
export function consoleValues(
  source: SiteSource,
  rows: readonly StoredSetting[],
  keyEncryptionKey: Buffer | undefined,
): Map<string, unknown> {
  const values = new Map<string, unknown>();
  for (const row of rows) {
    if (row.siteId !== source.siteId || source.locked.has(row.key)) continue;
    const key = parseKey(row.key);
    if (!key) continue; // a key the schema no longer has (or an operator-only one, stored before they were refused)
    const schema = schemaOf(key);
    const plain = openSecrets(schema, row.value, keyEncryptionKey, sealContext(source.siteId, row.key));
    values.set(row.key, withoutOperatorOnly(schema, plain));
  }
  return values;
}

export const sealContext = (siteId: string, key: string) => `site-setting:${siteId}:${key}`;

/** The site's entry as a config file would hold it: the base with the console's values on top. */
export function mergedRaw(base: Raw, values: ReadonlyMap<string, unknown>): Raw {
  const raw = structuredClone(base);
  const sections = settingSections();
  // Whole entries first (an entry the console added), then the keys inside entries and groups.
  const ordered = [...values].sort(([a], [b]) => Number(a.includes('.')) - Number(b.includes('.')));
  for (const [name, value] of ordered) {
    const key = parseKey(name, sections)!;
    setValueAt(raw, key, value === null ? undefined : value, sections);
  }
  return raw;
}

/** Builds the site from a merged entry: the site, or the loader's sentences for what is wrong. */
export function buildSite(
  source: SiteSource,
  raw: Raw,
  previous: SiteConfig,
  others: readonly SiteConfig[],
): { site: SiteConfig; problems: string[] } {
  const reader = new Reader();
  // Never process.env: a console value must not be able to read the server's environment (audit V5-1).
  const built = readSite(reader, raw, `sites[${source.index}]`, source.baseDir, { ...source.env });
  // The loader's production rules, which it checks once at start (audit V5-14).
  checkSitePhoneInProduction(reader, built, `sites[${source.index}]`, source.production);
  const problems = [...reader.problems];
  // As the loader's checkUnique: a client id names one client of one site.
  built.clients.forEach((client, j) => {
    const elsewhere = others.find((s) => s.id !== built.id && s.clients.some((c) => c.clientId === client.clientId));
    if (elsewhere)
      problems.push(
        `sites[${source.index}].clients[${j}].clientId "${client.clientId}" is already used in site "${elsewhere.id}"`,
      );
  });
  // What the console does not change keeps its running objects (seeded collections, keys, endpoints).
  const site: SiteConfig = {
    ...built,
    collections: previous.collections,
    apiKeys: previous.apiKeys,
    ...(previous.webhooks ? { webhooks: previous.webhooks } : {}),
  };
  return { site, problems };
}
