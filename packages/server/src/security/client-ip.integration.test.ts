import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../test-support/boot.js';
import { ConfigError } from '../config/validate.js';
import { getVisitorToken, startTestServer, type TestServer } from '../../test-support/server.js';
import { clientIp } from './client-ip.js';

const trustProxyOf = (value: string) => loadConfig({ env: { TRUST_PROXY: value }, ephemeral: true });

describe('TRUST_PROXY', () => {
  it('takes a hop count, a list of proxy addresses or ranges, or nothing', () => {
    expect(trustProxyOf('1').trustProxy).toBe(1);
    expect(trustProxyOf('2').trustProxy).toBe(2);
    expect(trustProxyOf('0').trustProxy).toBe(false);
    expect(trustProxyOf('false').trustProxy).toBe(false);
    expect(trustProxyOf('').trustProxy).toBe(false);
    expect(loadConfig({ env: {}, ephemeral: true }).trustProxy).toBe(false);
    expect(trustProxyOf('10.0.0.1, 10.1.0.0/16 ,loopback,::1,fd00::/8').trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'loopback',
      '::1',
      'fd00::/8',
    ]);
  });

  it('reads `true` as one hop, and says so in a start-up warning', () => {
    const config = trustProxyOf('true');
    expect(config.trustProxy).toBe(1);
    expect(config.warnings).toEqual([expect.stringContaining('TRUST_PROXY=true is read as TRUST_PROXY=1')]);
  });

  it('refuses anything else with an error naming the variable', () => {
    for (const bad of ['banana', '-1', '1.5', '10.0.0.0/33', '10.0.0.1,', '300.1.1.1']) {
      let error: unknown;
      try {
        trustProxyOf(bad);
      } catch (caught) {
        error = caught;
      }
      expect(error, bad).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        expect.stringMatching(/^TRUST_PROXY must be a number of proxy hops .*\(got/),
      ]);
    }
  });
});

describe('rate-limit buckets behind one trusted proxy (audit F-3)', () => {
  let server: TestServer;
  let visitor: string;
  beforeAll(async () => {
    server = await startTestServer({ config: (c) => ({ ...c, trustProxy: 1 }) });
    visitor = (await getVisitorToken(server.url, server.clientId)).access_token;
  });
  afterAll(() => server.close());

  const sendReset = (i: number, forwardedFor: string) =>
    fetch(`${server.url}/_api/iam/recovery/v1/send-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: visitor, 'x-forwarded-for': forwardedFor },
      body: JSON.stringify({ email: `x${i}@example.com` }),
    });

  it('keys limits on the address the proxy appended, not on what the client wrote before it', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 14; i++) statuses.push((await sendReset(i, `10.0.${i}.1, 203.0.113.7`)).status);
    // Recovery allows 10 per address: the 11th request from 203.0.113.7 is refused whatever it forged.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);
    // Another real client behind the same proxy keeps its own bucket.
    expect((await sendReset(15, '203.0.113.8')).status).toBe(200);
  });
});

describe('trusting the proxies by address', () => {
  it('walks X-Forwarded-For back through the listed proxies only', async () => {
    const server = await startTestServer({
      config: (c) => ({ ...c, trustProxy: ['loopback', '10.0.0.0/8'] }),
      routes: (app) => app.get('/_test/ip', async (request) => ({ ip: clientIp(request) })),
    });
    const ipFor = async (forwardedFor: string) =>
      (
        (await (await fetch(`${server.url}/_test/ip`, { headers: { 'x-forwarded-for': forwardedFor } })).json()) as {
          ip: string;
        }
      ).ip;
    try {
      expect(await ipFor('198.51.100.1, 203.0.113.7')).toBe('203.0.113.7');
      expect(await ipFor('198.51.100.1, 203.0.113.7, 10.1.2.3')).toBe('203.0.113.7');
    } finally {
      await server.close();
    }
  });
});
