/**
 * The access token's `data` claim is written as text for speed (wix-data-claim.ts): it must stay exactly what
 * JSON.stringify of Wix's object gives, for visitors and members, with ids that need escaping, across seconds.
 */
import { describe, expect, it } from 'vitest';
import { wixDataClaim, type WixDataClaimInput } from './wix-data-claim.js';

/** Wix's shape, built as an object and stringified (what the text form replaced). */
function asObject(input: WixDataClaimInput): string {
  const member = input.role === 'member';
  return JSON.stringify({
    instance: {
      instanceId: input.siteId,
      appDefId: input.clientId,
      metaSiteId: input.siteId,
      signDate: new Date(input.iat * 1000).toISOString(),
      expirationDate: new Date(input.exp * 1000).toISOString(),
      uid: member ? input.sub : null,
      siteMemberId: member ? input.sub : null,
      aid: member ? null : input.sub,
      permissions: '',
      demoMode: false,
    },
  });
}

describe('wixDataClaim', () => {
  it('equals the stringified object for visitors and members, escaped ids, and each new second', () => {
    const inputs: WixDataClaimInput[] = [];
    for (const role of ['visitor', 'member'] as const)
      for (const [siteId, clientId, sub] of [
        ['demo', 'c0ffee00-1111-2222-3333-444455556666', 'a1b2c3d4-1111-2222-3333-444455556666'],
        ['site "quoted"', 'client\\slash', 'sub\u2028line'],
      ])
        for (const iat of [1_796_000_000, 1_796_000_000, 1_796_000_001, 0])
          inputs.push({ siteId: siteId!, clientId: clientId!, sub: sub!, role, iat, exp: iat + 14_400 });
    for (const input of inputs) {
      const text = wixDataClaim(input);
      expect(text).toBe(asObject(input));
      expect(JSON.parse(text).instance.metaSiteId).toBe(input.siteId);
    }
  });
});
