import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './load.js';
import { ConfigError } from '../config/validate.js';
import { allowedFactors } from '../identity/index.js';

/** `sites[].push` is validated at start like the rest of the config (issue #32). */
const dir = mkdtempSync(join(tmpdir(), 'vitrine-push-config-'));
const client = { clientId: 'web', redirectUris: ['https://shop.example/cb'], allowedOrigins: ['https://shop.example'] };
function load(push: unknown, env: NodeJS.ProcessEnv = {}) {
  const path = join(dir, `c${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(
    path,
    JSON.stringify({ sites: [{ id: 'shop', clients: [client], ...(push === undefined ? {} : { push }) }] }),
  );
  return loadConfig({ configPath: path, env, dataDir: dir, ephemeral: true });
}
function problems(fn: () => unknown): string[] {
  try {
    fn();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('sites[].push', () => {
  it('absent: no PUSH factor; present: PUSH offered, two minutes to approve unless set', () => {
    expect(allowedFactors(load(undefined).sites[0]!)).not.toContain('PUSH');
    const site = load({}).sites[0]!;
    expect(allowedFactors(site)).toContain('PUSH');
    expect(site.push).toEqual({ expirySeconds: 120, placeHeader: undefined, vapid: undefined });
  });

  it('VAPID: the private key from the environment; a missing key or a bad value stops the start with the key to fix', () => {
    const keys = webpush.generateVAPIDKeys();
    const vapid = { publicKey: keys.publicKey, subject: 'mailto:shop@example.com' };
    const site = load({ vapid }, { VAPID_PRIVATE_KEY: keys.privateKey }).sites[0]!;
    expect(site.push?.vapid).toEqual({ ...vapid, privateKey: keys.privateKey });
    expect(problems(() => load({ vapid: { ...vapid, privateKeyEnv: 'SHOP_VAPID' } }))).toEqual([
      expect.stringContaining('SHOP_VAPID must hold the base64url VAPID private key of sites[0].push.vapid'),
    ]);
    expect(
      problems(() =>
        load({ expirySeconds: 1, vapid: { ...vapid, subject: 'shop' } }, { VAPID_PRIVATE_KEY: keys.privateKey }),
      ).join('\n'),
    ).toMatch(/sites\[0\]\.push\.expirySeconds[\s\S]*sites\[0\]\.push\.vapid\.subject/);
  });
});
