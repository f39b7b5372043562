import { createHash, timingSafeEqual } from 'node:crypto';
import type { SiteConfig } from '../config/types.js';

export interface ApiKeyMatch {
  siteId: string | undefined;
  keyName: string;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Checks admin and site API keys. Only SHA-256 digests are kept in memory and compared with
 * `timingSafeEqual` (equal-length digests), so neither timing nor a heap dump gives a key away.
 */
export class ApiKeyVerifier {
  private readonly admin: Buffer;
  private readonly siteKeys: { siteId: string; keyName: string; hash: Buffer }[];

  constructor(adminKey: string, sites: readonly SiteConfig[]) {
    this.admin = digest(adminKey);
    this.siteKeys = sites.flatMap((s) => s.apiKeys.map((k) => ({ siteId: s.id, keyName: k.name, hash: digest(k.key) })));
  }

  isAdminKey(candidate: string): boolean {
    return timingSafeEqual(digest(candidate), this.admin);
  }

  /** A site API key, checked against every key so the time taken does not depend on which matched. */
  findSiteKey(candidate: string): ApiKeyMatch | undefined {
    const hash = digest(candidate);
    let found: ApiKeyMatch | undefined;
    for (const key of this.siteKeys) {
      if (timingSafeEqual(hash, key.hash) && !found) found = { siteId: key.siteId, keyName: key.keyName };
    }
    return found;
  }
}
