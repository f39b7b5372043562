/**
 * A change of settings from the console or the admin API: every key checked (a setting the console may
 * change, not the config file's), the site rebuilt with the new values by the loader's own reader (so a
 * bad value is refused with the config file's sentence), then written in one transaction, audited with
 * the value before and after (secrets as "set"/"unset"), and applied on this instance at once.
 */
import type { AppContext } from '../context.js';
import { appError } from '../errors/catalogue.js';
import {
  baseOf,
  buildSite,
  consoleValues,
  keyPathOf,
  lockedBy,
  mergedRaw,
  sealContext,
  type SiteSource,
} from './effective.js';
import { checkBrandLogo } from './brand-logo.js';
import { formatKey, isOperatorOnlyKey, keysIn, parseKey, schemaOf, valueAt } from './keys.js';
import { operatorOnlyIn, secretDestinations } from './operator-only.js';
import type { SettingsRuntime } from './runtime.js';
import { auditText, keepSecrets, sealSecrets } from './secrets.js';
import { loadSettings, lockSiteSettings, writeSetting } from './store.js';

/** key → new value; null = back to the config file's value or the default (a whole list entry: removed). */
export type SettingChanges = Record<string, unknown>;

export interface AppliedChange {
  key: string;
  before: string;
  after: string;
}

export function lockedSentence(source: SiteSource, key: string): string {
  return source.fromFile
    ? `${keyPathOf(source, key)} is set in the config file: change it there (the file's settings are locked in the console)`
    : `${keyPathOf(source, key)} is part of the site the server started with and cannot be removed`;
}

/** Why a key that decides where the file's (or the started site's) secret goes cannot change. */
const destinationSentence = (source: SiteSource, key: string) =>
  `${keyPathOf(source, key)} decides where the ${source.fromFile ? "config file's" : "server's own"} secret is sent: ${
    source.fromFile ? 'change it in the config file' : 'it stays as the server started'
  }`;

/** An environment variable's or file's name, a secret's destination, a test hook: the operator's (operator-only.ts). */
const operatorOnlyRefusal = (source: SiteSource, key: string) =>
  appError('UNKNOWN_SETTING', {
    description: `${keyPathOf(source, key)} can only be set by the server's operator in the config file (it names an environment variable or a file of the server, or where a secret is sent)`,
    data: { key },
  });

/** Checks and writes `changes`; answers what changed (nothing when every value was already so). */
export async function changeSettings(
  ctx: AppContext,
  runtime: SettingsRuntime,
  siteId: string,
  changes: SettingChanges,
  by: string | undefined,
  audit: (change: AppliedChange) => Promise<void>,
  options: { dryRun?: boolean } = {},
): Promise<AppliedChange[]> {
  const source = runtime.source(siteId);
  const running = ctx.sites.get(siteId);
  if (!source || !running) throw appError('UNKNOWN_SITE');
  const entries = Object.entries(changes);
  if (!entries.length) throw appError('SETTING_INVALID', { description: 'Name at least one setting to change' });
  const base = baseOf(source, running);
  const destinations = secretDestinations(base);

  const applied = await ctx.db.transaction(async (tx) => {
    await lockSiteSettings(tx, siteId);
    // The rows as they are now (another instance may have written since this one last looked).
    const current = consoleValues(source, (await loadSettings(tx)).rows, ctx.config.keyEncryptionKey);
    const before = mergedRaw(base, current);
    const next = new Map(current);
    const writes: [string, unknown][] = [];
    for (const [name, value] of entries) {
      const key = parseKey(name);
      if (!key && isOperatorOnlyKey(name)) throw operatorOnlyRefusal(source, name);
      if (!key)
        throw appError('UNKNOWN_SETTING', {
          description: `${keyPathOf(source, name)} is not a setting the console can change`,
          data: { key: name },
        });
      // With a file, its keys and entries are locked; without one, the entries the site started with stay.
      if ((source.fromFile || value === null) && lockedBy(source, base, name)) {
        const destination = source.fromFile && !keysIn(base).includes(name) && destinations.includes(name);
        const description = destination ? destinationSentence(source, name) : lockedSentence(source, name);
        throw appError('SETTING_LOCKED', { description, data: { key: name } });
      }
      const schema = schemaOf(key);
      // Inside a whole entry or group too (`identityProviders[corp]` = {…, clientSecretEnv}).
      const nested = value === null ? undefined : operatorOnlyIn(schema, value, name);
      if (nested) throw operatorOnlyRefusal(source, nested);
      const plain = value === null ? undefined : keepSecrets(schema, value, valueAt(before, key));
      if (key.entry !== undefined && key.field === undefined) {
        // A whole entry: its keys go, and (unless it is removed) the entry's value is the console's.
        for (const k of [...next.keys()]) {
          if (!k.startsWith(`${name}.`)) continue;
          writes.push([k, undefined]);
          next.delete(k);
        }
      }
      if (plain === undefined) next.delete(formatKey(key));
      else next.set(formatKey(key), plain);
      writes.push([formatKey(key), plain]);
    }
    const after = mergedRaw(base, next);
    // However the change got there (a whole entry replaced, a started site's entry edited), the base's
    // secrets still go where the base sends them.
    for (const name of destinations) {
      const key = parseKey(name);
      if (key && JSON.stringify(valueAt(base, key)) !== JSON.stringify(valueAt(after, key)))
        throw appError('SETTING_LOCKED', { description: destinationSentence(source, name), data: { key: name } });
    }
    const { problems } = buildSite(source, after, running, ctx.sites.sites);
    if (problems.length) throw appError('SETTING_INVALID', { description: problems.join('; '), data: { problems } });
    await checkBrandLogo(tx, siteId, before, after);
    if (options.dryRun) return [];

    const done: AppliedChange[] = [];
    for (const [name, plain] of writes) {
      const key = parseKey(name)!;
      const schema = schemaOf(key);
      const [was, now] = [valueAt(before, key), valueAt(after, key)];
      if (JSON.stringify(was) === JSON.stringify(now) && current.has(name) === (plain !== undefined)) continue;
      await writeSetting(
        tx,
        siteId,
        name,
        sealSecrets(schema, plain, ctx.config.keyEncryptionKey, sealContext(siteId, name)),
        by,
      );
      done.push({ key: name, before: auditText(schema, was), after: auditText(schema, now) });
    }
    return done;
  });
  if (!applied.length) return applied;
  await runtime.refresh(true);
  for (const change of applied) await audit(change);
  return applied;
}
