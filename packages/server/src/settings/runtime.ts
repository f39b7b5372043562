/**
 * Keeps every instance's sites in step with the `site_settings` table: at start, and then whenever the
 * table's version moved (one indexed read every `settingsPollMs`, 2 s by default; the multi-instance
 * design has no LISTEN/NOTIFY, docs/many-instances.md). A new site object replaces the old one in the
 * registry; requests in flight keep the object they started with.
 */
import type { AppContext } from '../context.js';
import type { SiteConfig } from '../config/types.js';
import { baseOf, buildSite, consoleValues, mergedRaw, siteSources, type SiteSource } from './effective.js';
import { loadSettings, settingsVersion, type StoredSetting } from './store.js';

export const DEFAULT_SETTINGS_POLL_MS = 2000;

export class SettingsRuntime {
  readonly sources: SiteSource[];
  private version = -1;
  private rows: StoredSetting[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** Sites built from settings at least once: they are rebuilt even when their last value went. */
  private readonly touched = new Set<string>();
  private running: Promise<void> | undefined;

  constructor(private readonly ctx: AppContext) {
    this.sources = siteSources(ctx.config);
  }

  source(siteId: string): SiteSource | undefined {
    return this.sources.find((s) => s.siteId === siteId);
  }

  /** The console's values of a site (plain, secrets opened), as last loaded. */
  values(source: SiteSource): Map<string, unknown> {
    return consoleValues(source, this.rows, this.ctx.config.keyEncryptionKey);
  }

  /** Loads the rows when the version moved (or always, with `force`) and swaps the sites they change. */
  refresh(force = false): Promise<void> {
    // One load at a time, in order: a change's own refresh runs after a poll already under way, so it reads
    // the rows the change committed.
    const next = (this.running ?? Promise.resolve()).catch(() => {}).then(() => this.load(force));
    this.running = next;
    void next
      .finally(() => {
        if (this.running === next) this.running = undefined;
      })
      .catch(() => {});
    return next;
  }

  private async load(force: boolean): Promise<void> {
    if (!force && (await settingsVersion(this.ctx.db)) === this.version) return;
    const { version, rows } = await loadSettings(this.ctx.db);
    this.rows = rows;
    this.version = version;
    for (const source of this.sources) this.apply(source);
  }

  private apply(source: SiteSource): void {
    const { ctx } = this;
    const current = ctx.sites.get(source.siteId);
    if (!current) return;
    const values = this.values(source);
    if (!values.size && !this.touched.has(source.siteId)) return; // nothing of the console's: the site as started
    this.touched.add(source.siteId);
    const raw = mergedRaw(baseOf(source, current), values);
    const { site, problems } = buildSite(source, raw, current, ctx.sites.sites);
    if (problems.length) {
      // The file changed under the console's values (or the schema did): the site keeps running as it was.
      ctx.log.error(
        { siteId: source.siteId, problems },
        'site settings: the stored settings do not fit; kept the running ones',
      );
      return;
    }
    replaceSite(ctx, site);
  }

  start(intervalMs = this.ctx.config.settingsPollMs ?? DEFAULT_SETTINGS_POLL_MS): void {
    const tick = () => {
      this.refresh()
        .catch((error: unknown) => this.ctx.log.warn({ err: error }, 'site settings: could not look for changes'))
        .finally(() => {
          if (this.timer) this.timer = setTimeout(tick, intervalMs).unref();
        });
    };
    this.timer = setTimeout(tick, intervalMs).unref();
  }

  async stop(): Promise<void> {
    const timer = this.timer;
    this.timer = undefined;
    clearTimeout(timer);
    await this.running?.catch(() => {});
  }
}

/** Swaps a site object everywhere the server looks it up (the config's list is the registry's). */
function replaceSite(ctx: AppContext, site: SiteConfig): void {
  const list = ctx.config.sites;
  const i = list.findIndex((s) => s.id === site.id);
  if (i < 0) return;
  list[i] = site;
  if (ctx.sites.sites !== list) {
    const j = ctx.sites.sites.findIndex((s) => s.id === site.id);
    if (j >= 0) (ctx.sites.sites as SiteConfig[])[j] = site;
  }
  ctx.sites.reindex();
}
