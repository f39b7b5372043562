import type { AccessClaims } from './access-claims.js';

/**
 * Access tokens whose ES256 signature this instance has already checked. A shopper's browser sends the
 * same access token with every call for hours, and its signature check (~60–110 µs of CPU) was the largest
 * single cost of a signed-in request after the database (#11 profiles: 3–6 % of a login, of a member read).
 *
 * Only what cannot change is remembered: that this exact string carries a valid signature by a key.
 * Everything else is checked again on every use: the key must still be the one this instance signs
 * with or keeps for verification (a key dropped from the ring drops its tokens), the token must not have
 * expired, the issuer must match. Session state (logout, block) is never cached here: that is the
 * per-request session check's job. Failures are not remembered, so garbage cannot fill the cache; the
 * bound keeps memory flat (FIFO: the oldest token seen goes first).
 */
export interface VerifiedToken {
  claims: Readonly<AccessClaims>;
  /** The key object that verified it: compared by identity with the ring's current key for the kid. */
  key: object;
  kid: string;
}

export const VERIFIED_TOKENS_MAX = 4096;

export class VerifiedTokens {
  private readonly entries = new Map<string, VerifiedToken>();

  constructor(private readonly max = VERIFIED_TOKENS_MAX) {}

  get(token: string): VerifiedToken | undefined {
    return this.entries.get(token);
  }

  remember(token: string, entry: VerifiedToken): void {
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(token, entry);
  }

  forget(token: string): void {
    this.entries.delete(token);
  }

  get size(): number {
    return this.entries.size;
  }
}
