import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, APP, Kit, fragmentOf, pkce } from '../../../test-support/redirect-kit.js';

/**
 * Audit checklist #19 (docs/security-checklist.md): session tokens, authorization codes and rotated
 * refresh tokens are 256 uniformly random bits. Each sample set is tested with bounds chosen so a real
 * CSPRNG fails them with probability about 1e-5, while a stuck bit, a short secret padded to length,
 * a counter or a repeat fails them for certain (see the control test).
 */
const SAMPLES = 220;
// Per test: |z| of the overall ones count; max |z| over the 256 bit positions (Bonferroni for 256 tests).
const Z_TOTAL = 5;
const Z_POSITION = 5.5;

interface RandomnessReport {
  wellFormed: boolean;
  unique: boolean;
  uniquePrefixes: boolean;
  onesRatio: number;
  zTotal: number;
  zWorstPosition: number;
  chiSquareBytes: number;
}

/** Shape, uniqueness and bit statistics of a set of base64url tokens meant to carry 256 random bits. */
function assess(tokens: string[]): RandomnessReport {
  const bytes = tokens.map((t) => Buffer.from(t, 'base64url'));
  const wellFormed = tokens.every(
    (t, i) => /^[A-Za-z0-9_-]{43}$/.test(t) && bytes[i]!.length === 32 && bytes[i]!.toString('base64url') === t,
  );
  const n = bytes.length;
  const positions = new Array<number>(256).fill(0);
  const byteCounts = new Array<number>(256).fill(0);
  let ones = 0;
  for (const b of bytes) {
    for (let i = 0; i < 32; i++) {
      const value = b[i] ?? 0;
      byteCounts[value]!++;
      for (let bit = 0; bit < 8; bit++) {
        if ((value >> bit) & 1) {
          ones++;
          positions[i * 8 + bit]!++;
        }
      }
    }
  }
  const totalBits = n * 256;
  const expectedBytes = (n * 32) / 256;
  return {
    wellFormed,
    unique: new Set(tokens).size === n,
    uniquePrefixes: new Set(bytes.map((b) => b.subarray(0, 8).toString('hex'))).size === n,
    onesRatio: ones / totalBits,
    zTotal: Math.abs(ones - totalBits / 2) / Math.sqrt(totalBits / 4),
    zWorstPosition: Math.max(...positions.map((c) => Math.abs(c - n / 2) / Math.sqrt(n / 4))),
    // Byte-value histogram against uniform: 255 degrees of freedom (mean 255, sd about 22.6).
    chiSquareBytes: byteCounts.reduce((sum, c) => sum + (c - expectedBytes) ** 2 / expectedBytes, 0),
  };
}
const CHI_SQUARE_MAX = 390; // about 6 sd above the mean of chi-square(255): p ≈ 1e-7

function expectRandom(tokens: string[]) {
  expect(tokens).toHaveLength(SAMPLES);
  const r = assess(tokens);
  expect(r.wellFormed).toBe(true);
  expect(r.unique).toBe(true);
  expect(r.uniquePrefixes).toBe(true);
  expect(r.zTotal).toBeLessThan(Z_TOTAL);
  expect(r.zWorstPosition).toBeLessThan(Z_POSITION);
  expect(r.chiSquareBytes).toBeLessThan(CHI_SQUARE_MAX);
}

/** Runs `task` `count` times, a few at a time (the server is a shared machine's guest). */
async function collect<T>(count: number, task: () => Promise<T>, parallel = 4): Promise<T[]> {
  const out: T[] = [];
  while (out.length < count)
    out.push(...(await Promise.all(Array.from({ length: Math.min(parallel, count - out.length) }, task))));
  return out;
}

let kit: Kit;
let sessionTokens: string[];
beforeAll(async () => {
  kit = await Kit.start();
  // Sign-on (site API key) hands out a session token per call and has no per-IP limit to trip.
  const email = `random-${Date.now()}@example.com`;
  sessionTokens = await collect(SAMPLES, async () => {
    const res = await kit.post(
      '/_api/iam/authentication/v2/sign-on',
      { loginId: { email } },
      { authorization: `,${API_KEY}` },
    );
    return ((await res.json()) as { sessionToken: string }).sessionToken;
  });
});
afterAll(() => kit.server.close());

describe('#19 randomness of the secrets handed to clients', () => {
  it(`${SAMPLES} session tokens`, () => {
    expectRandom(sessionTokens);
  });

  it(`${SAMPLES} authorization codes`, async () => {
    let next = 0;
    const codes = await collect(SAMPLES, async () => {
      const sessionToken = sessionTokens[next++]!;
      const { body } = await kit.redirectSession(kit.authRequest(pkce(), { sessionToken }, 'none'));
      return fragmentOf((await kit.open(body.redirectSession.fullUrl)).headers.get('location')).get('code')!;
    });
    expectRandom(codes);
  });

  it(`${SAMPLES} rotated member refresh tokens`, async () => {
    const m = await kit.member();
    const p = pkce();
    const { body } = await kit.redirectSession(kit.authRequest(p, { sessionToken: m.sessionToken }, 'none'));
    const code = fragmentOf((await kit.open(body.redirectSession.fullUrl)).headers.get('location')).get('code')!;
    let refreshToken = (
      (await (await kit.exchange({ code, codeVerifier: p.verifier, redirectUri: APP.redirectUri })).json()) as {
        refresh_token: string;
      }
    ).refresh_token;
    const rotated: string[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const res = await kit.post('/oauth2/token', { clientId: APP.clientId, grantType: 'refresh_token', refreshToken });
      refreshToken = ((await res.json()) as { refresh_token: string }).refresh_token;
      rotated.push(refreshToken);
    }
    expectRandom(rotated);
  });

  it('(control) the bounds pass random bytes and reject a stuck bit, a padded short secret, a counter and a repeat', () => {
    const random = () => randomBytes(32);
    const tokens = (make: (i: number) => Buffer) =>
      Array.from({ length: SAMPLES }, (_, i) => make(i).toString('base64url'));
    const good = assess(tokens(random));
    expect([
      good.wellFormed,
      good.unique,
      good.zTotal < Z_TOTAL,
      good.zWorstPosition < Z_POSITION,
      good.chiSquareBytes < CHI_SQUARE_MAX,
    ]).toEqual([true, true, true, true, true]);

    const stuckBit = assess(
      tokens(() => {
        const b = random();
        b[5]! |= 0x10;
        return b;
      }),
    );
    expect(stuckBit.zWorstPosition).toBeGreaterThan(Z_POSITION);
    const padded = assess(tokens(() => Buffer.concat([randomBytes(16), Buffer.alloc(16)])));
    expect(padded.zTotal).toBeGreaterThan(Z_TOTAL);
    const counter = assess(
      tokens((i) => {
        const b = random();
        b.writeUInt32BE(i, 0);
        return b;
      }),
    );
    expect(counter.zWorstPosition).toBeGreaterThan(Z_POSITION);
    const repeated = tokens(random);
    repeated[7] = repeated[3]!;
    expect(assess(repeated).unique).toBe(false);
    expect(assess(['x'.repeat(43)]).wellFormed).toBe(false);
    expect(assess([randomBytes(24).toString('base64url')]).wellFormed).toBe(false);
  });
});
