import { createHash, timingSafeEqual } from 'node:crypto';
import type { SiteConfig } from '../config/types.js';
import type { Queryable } from '../store/types.js';
import { findStoredKey } from './stored-api-keys.js';

export interface ApiKeyMatch {
  siteId: string | undefined;
  keyName: string;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Checks admin and site API keys. Only SHA-256 digests are kept in memory and compared with
 * `timingSafeEqual` (equal-length digests), so neither timing nor a heap dump gives a key away.
 * Keys made in the console live in the database (`stored-api-keys.ts`) and are looked up there on
 * every use, so a revoke holds at once on every instance.
 */
export class ApiKeyVerifier {
  private readonly admin: Buffer;
  private readonly siteKeys: { siteId: string; keyName: string; hash: Buffer }[];

  constructor(
    adminKey: string,
    sites: readonly SiteConfig[],
    private readonly stored?: { db: Queryable; now: () => number },
  ) {
    this.admin = digest(adminKey);
    this.siteKeys = sites.flatMap((s) =>
      s.apiKeys.map((k) => ({ siteId: s.id, keyName: k.name, hash: digest(k.key) })),
    );
  }

  isAdminKey(candidate: string): boolean {
    return timingSafeEqual(digest(candidate), this.admin);
  }

  /** A config file's site API key, checked against every key so the time taken does not depend on which matched. */
  findSiteKey(candidate: string): ApiKeyMatch | undefined {
    const hash = digest(candidate);
    let found: ApiKeyMatch | undefined;
    for (const key of this.siteKeys) {
      if (timingSafeEqual(hash, key.hash) && !found) found = { siteId: key.siteId, keyName: key.keyName };
    }
    return found;
  }

  /**
   * Any site API key: the config's, else a live one of the database (found by its digest, so the
   * lookup reveals nothing about the key). Every place that accepts a site API key asks this.
   */
  async matchSiteKey(candidate: string): Promise<ApiKeyMatch | undefined> {
    const configured = this.findSiteKey(candidate);
    if (configured || !this.stored) return configured;
    return findStoredKey(this.stored.db, digest(candidate), this.stored.now());
  }
}
