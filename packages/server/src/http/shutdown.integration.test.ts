import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { VitrineApp } from '../../test-support/boot.js';
import { startTestServer } from '../../test-support/server.js';

describe('closing the server', () => {
  // A keep-alive client whose response is still being written when the server starts closing: once the
  // response ends the connection is idle, and must be closed then, not when the keep-alive timeout (72 s)
  // runs out. The test's own timeout (30 s) is what fails when it is not.
  it('ends a keep-alive connection whose response finishes after closing began', async () => {
    const server = await startTestServer({
      routes: (app) =>
        app.get('/_test/slow', (_request, reply) => {
          reply.hijack();
          reply.raw.writeHead(200, { 'content-type': 'text/plain', 'content-length': '2' });
          reply.raw.write('a');
          setTimeout(() => reply.raw.end('b'), 300);
        }),
    });
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(`GET /_test/slow HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n\r\n`);
    // The headers are out (so the connection is kept alive), the body is not finished yet.
    await new Promise<void>((resolve) => socket.once('data', () => resolve()));

    await server.close();
    await ended;
    expect(received).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(received).toMatch(/\r\n\r\nab$/);
    expect(received.toLowerCase()).toContain('connection: keep-alive');
  });
});

describe('closing the server while requests are in flight', () => {
  const slowRoute = (app: VitrineApp['app']) =>
    app.get('/_test/slow', async () => {
      await new Promise((r) => setTimeout(r, 400));
      return { slow: true };
    });

  // A request that reaches an open connection after closing began (pipelined behind a slow one, as a
  // proxy may send it) is served, not answered 503: a deploy must not show clients errors.
  it('serves a request that arrives on an open connection after closing began', async () => {
    const server = await startTestServer({ routes: slowRoute });
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(`GET /_test/slow HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    await new Promise((r) => setTimeout(r, 100));
    const closing = server.close();
    await new Promise((r) => setTimeout(r, 20));
    socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    await closing;
    await ended;
    const statuses = [...received.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]));
    expect(statuses).toEqual([200, 200]);
  });

  // VITRINE_SHUTDOWN_TIMEOUT_MS: a request that never ends cannot hold the close past the bound.
  it('cuts a request still running when the shutdown timeout ends', async () => {
    const server = await startTestServer({
      config: (c) => ({ ...c, shutdownTimeoutMs: 300 }),
      routes: (app) => app.get('/_test/hang', () => new Promise(() => {})),
    });
    const hung = fetch(`${server.url}/_test/hang`).then(
      () => 'answered',
      () => 'cut',
    );
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await hung).toBe('cut');
  });
});
