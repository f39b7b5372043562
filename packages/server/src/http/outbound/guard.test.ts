import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../test-support/boot.js';
import { blockedRange, privateNetworksAllowed } from './guard.js';

/**
 * The SSRF guard's classification (audit S-13): every IPv6 form that embeds an IPv4 address the guard
 * refuses is refused too, and private networks are off unless the config turns them on.
 */
describe('blockedRange', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.0.0.8', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['192.0.2.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fd00::1', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
  ])('refuses %s (%s)', (address, range) => {
    expect(blockedRange(address)).toBe(range);
  });

  it('IPv4-mapped ::ffff:0:0/96: judged on the IPv4 address it carries', () => {
    expect(blockedRange('::ffff:127.0.0.1')).toBe('ipv4Mapped(loopback)');
    expect(blockedRange('::ffff:a9fe:a9fe')).toBe('ipv4Mapped(linkLocal)');
    expect(blockedRange('::ffff:93.184.216.34')).toBeUndefined();
  });

  it('IPv4-compatible ::/96 (deprecated): refused whatever it carries', () => {
    expect(blockedRange('::127.0.0.1')).toBe('ipv4Compatible');
    expect(blockedRange('::7f00:1')).toBe('ipv4Compatible');
    expect(blockedRange('::10.1.2.3')).toBe('ipv4Compatible');
    // How a resolver prints ::5db8:d822 (ipaddr.js alone reads it as the mapped ::ffff:5db8:d822).
    expect(blockedRange('::93.184.216.34')).toBe('ipv4Compatible');
    expect(blockedRange('::5db8:d822')).toBe('ipv4Compatible');
  });

  it('NAT64 well-known prefix 64:ff9b::/96: judged on the IPv4 address it carries', () => {
    expect(blockedRange('64:ff9b::127.0.0.1')).toBe('nat64(loopback)');
    expect(blockedRange('64:ff9b::a9fe:a9fe')).toBe('nat64(linkLocal)');
    expect(blockedRange('64:ff9b::192.168.0.1')).toBe('nat64(private)');
    expect(blockedRange('64:ff9b::93.184.216.34')).toBeUndefined();
  });

  it('NAT64 local-use prefix 64:ff9b:1::/48: refused whatever it carries', () => {
    expect(blockedRange('64:ff9b:1::a00:1')).toBe('nat64LocalUse');
    expect(blockedRange('64:ff9b:1:ffff::5db8:d822')).toBe('nat64LocalUse');
  });

  it('6to4 2002::/16: refused whatever it carries', () => {
    expect(blockedRange('2002:7f00:1::1')).toBe('6to4');
    expect(blockedRange('2002:5db8:d822::1')).toBe('6to4');
  });

  it('Teredo 2001::/32: refused whatever it carries', () => {
    // Client 127.0.0.1 (obfuscated as 80ff:fffe) behind server 65.54.227.120.
    expect(blockedRange('2001:0:4136:e378:8000:63bf:80ff:fffe')).toBe('teredo');
    expect(blockedRange('2001::1')).toBe('teredo');
  });

  it('IPv4-translated ::ffff:0:0:0/96: refused whatever it carries', () => {
    expect(blockedRange('::ffff:0:127.0.0.1')).toBe('ipv4Translated');
    expect(blockedRange('::ffff:0:93.184.216.34')).toBe('ipv4Translated');
  });

  it('ISATAP interface identifiers ([02]00:5efe:<IPv4>): judged on the IPv4 address they carry', () => {
    expect(blockedRange('2606:4700:0:1::5efe:7f00:1')).toBe('isatap(loopback)');
    expect(blockedRange('2606:4700:0:1:200:5efe:a00:1')).toBe('isatap(private)');
    expect(blockedRange('2606:4700:0:1:200:5efe:5db8:d822')).toBeUndefined();
  });

  it('lets public unicast addresses through', () => {
    expect(blockedRange('93.184.216.34')).toBeUndefined();
    expect(blockedRange('2606:4700::1111')).toBeUndefined();
  });
});

const SITE = {
  id: 'shop',
  clients: [{ clientId: 'web', redirectUris: ['https://shop.example/cb'], allowedOrigins: ['https://shop.example'] }],
};

describe('webhooks.allowPrivateNetworks', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-ssrf-'));
  const production = {
    NODE_ENV: 'production',
    VITRINE_ADMIN_KEY: 'k'.repeat(32),
    VITRINE_KEY_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
  };
  const withFile = (webhooks: unknown, env: Record<string, string> = {}) => {
    const path = join(dir, `c${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(path, JSON.stringify({ sites: [SITE], storefront: { siteId: 'shop', clientId: 'web' }, webhooks }));
    return loadConfig({ configPath: path, env, dataDir: dir });
  };

  it('is off by default in development and in production', () => {
    expect(privateNetworksAllowed(loadConfig({ env: {}, dataDir: dir }))).toBe(false);
    expect(privateNetworksAllowed(loadConfig({ env: production, dataDir: dir }))).toBe(false);
    expect(privateNetworksAllowed(withFile({}))).toBe(false);
  });

  it('is on only when the config file says true', () => {
    expect(privateNetworksAllowed(withFile({ allowPrivateNetworks: true }))).toBe(true);
    expect(privateNetworksAllowed(withFile({ allowPrivateNetworks: true }, production))).toBe(true);
    expect(privateNetworksAllowed(withFile({ allowPrivateNetworks: false }))).toBe(false);
  });
});
