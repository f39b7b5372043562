import type { LookupAddress } from 'node:dns';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundError, outboundFetch, outboundRequest, type ResolveAll } from './index.js';

/**
 * The outbound client (request.ts, fetch.ts) against a real peer on 127.0.0.1: the guard at connect time,
 * redirects not followed, the timeout, the size cap, no ambient headers, and failures in words that never
 * name the address (audit V5-7, S-13).
 */
interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}
const seen: Seen[] = [];
let peer: Server;
let base: string;
beforeAll(async () => {
  peer = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      if (req.url === '/redirect') return res.writeHead(302, { location: `${base}/elsewhere` }).end();
      if (req.url === '/big') return res.writeHead(200).end(Buffer.alloc(256 * 1024, 'x'));
      if (req.url === '/silent') return; // never answers
      if (req.url === '/empty') return res.writeHead(204).end();
      res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'sid=1' }).end('{"success":true}');
    });
  });
  await new Promise<void>((r) => peer.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  peer.closeAllConnections();
  await new Promise((r) => peer.close(r));
});

const open = { allowPrivateNetworks: true, timeoutMs: 2_000, maxResponseBytes: 64 * 1024 };
const closed = { ...open, allowPrivateNetworks: false };
const answering =
  (address: string): ResolveAll =>
  (_hostname, _options, callback) =>
    callback(null, [{ address, family: address.includes(':') ? 6 : 4 } as LookupAddress]);
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('the request was expected to fail');
    },
    (error: unknown) => error as OutboundError,
  );

describe('the guard', () => {
  it('refuses a loopback literal without the operator switch: the peer receives nothing', async () => {
    const before = seen.length;
    const error = await failure(outboundFetch(closed)(`${base}/hook`, { method: 'POST', body: 'x' }));
    expect(error).toBeInstanceOf(OutboundError);
    expect(error.kind).toBe('not-allowed');
    expect(error.message).not.toContain('127.0.0.1');
    expect(seen).toHaveLength(before);
  });

  it('refuses a name that resolves to a private address at connect time (DNS rebinding)', async () => {
    const before = seen.length;
    const port = new URL(base).port;
    for (const address of ['127.0.0.1', '10.0.0.8', '::ffff:127.0.0.1']) {
      const send = outboundFetch({ ...closed, resolve: answering(address) });
      const error = await failure(send(`http://public.example:${port}/hook`));
      expect(error.kind).toBe('not-allowed');
      expect(error.message).toBe(
        'the host resolves to an address that is not allowed (private, loopback or reserved; webhooks.allowPrivateNetworks is off)',
      );
    }
    expect(seen).toHaveLength(before);
    // With the switch on, the same name reaches the address the resolver gave.
    const send = outboundFetch({ ...open, resolve: answering('127.0.0.1') });
    expect((await send(`http://public.example:${port}/hook`)).status).toBe(200);
    expect(seen.at(-1)!.headers.host).toBe(`public.example:${port}`);
  });

  it('takes http and https only', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/x', 'gopher://example.com/', 'not a url'])
      expect((await failure(outboundFetch(open)(url))).kind).toBe('not-allowed');
  });

  it('says a failed connection in fixed words, without the address or port', async () => {
    const spare = createServer();
    await new Promise<void>((r) => spare.listen(0, '127.0.0.1', r));
    const port = (spare.address() as AddressInfo).port;
    await new Promise((r) => spare.close(r));
    const error = await failure(outboundFetch(open)(`http://127.0.0.1:${port}/`));
    expect(error).toMatchObject({ kind: 'unreachable', message: 'the connection was refused (ECONNREFUSED)' });
    const tls = await failure(outboundFetch(open)(`${base.replace('http:', 'https:')}/`));
    expect(tls.kind).toBe('unreachable');
    expect(tls.message).not.toMatch(/127\.0\.0\.1|ssl|version/i);
  });
});

describe('the request', () => {
  it('sends the body fetch would (form fields with their content type), no cookies or ambient headers', async () => {
    const response = await outboundFetch(open)(`${base}/verify`, {
      method: 'POST',
      body: new URLSearchParams({ secret: 's', response: 'r' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    const got = seen.at(-1)!;
    expect(got).toMatchObject({ method: 'POST', url: '/verify', body: 'secret=s&response=r' });
    expect(got.headers['content-type']).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    expect(got.headers['user-agent']).toBe('Vitrine/1');
    expect(got.headers.cookie).toBeUndefined();
    expect(got.headers['accept-encoding']).toBeUndefined();
    expect(got.headers.authorization).toBeUndefined();
  });

  it('never follows a redirect, whatever init.redirect says: the 3xx is the answer', async () => {
    const before = seen.length;
    const response = await outboundFetch(open)(`${base}/redirect`, { redirect: 'follow' });
    expect(response.status).toBe(302);
    expect(seen.slice(before).map((s) => s.url)).toEqual(['/redirect']);
  });

  it('fails an answer bigger than the cap; a caller keeping an excerpt gets its first bytes', async () => {
    const error = await failure(outboundFetch({ ...open, maxResponseBytes: 1024 })(`${base}/big`));
    expect(error).toMatchObject({ kind: 'too-large', message: 'the answer is larger than allowed' });
    const cut = await outboundRequest(
      `${base}/big`,
      { method: 'GET' },
      { ...open, maxResponseBytes: 1024, oversize: 'truncate' },
    );
    expect(cut).toMatchObject({ status: 200, truncated: true });
    expect(cut.body).toHaveLength(1024);
  });

  it('gives up at the timeout, and when the caller aborts', async () => {
    const started = Date.now();
    const error = await failure(outboundFetch({ ...open, timeoutMs: 300 })(`${base}/silent`));
    expect(error).toMatchObject({ kind: 'timeout', message: 'no answer within 1 s' });
    expect(Date.now() - started).toBeLessThan(1_500);
    const aborted = await failure(outboundFetch(open)(`${base}/silent`, { signal: AbortSignal.timeout(200) }));
    expect((aborted as Error).name).toBe('TimeoutError');
  });

  it('answers a 204 as a Response without a body', async () => {
    const response = await outboundFetch(open)(`${base}/empty`);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
  });
});
