/**
 * Oversized bodies get a 413 the client can read (lingering close, docs/operating.md "HTTP conventions"):
 * Node's fetch and curl upload 5 MB and 50 MB to the login route, with and without a content-length, and
 * every attempt must read the envelope; past the drain bounds the server closes the connection.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { LINGER_IDLE_MS, LINGER_MAX_BYTES } from './lingering-close.js';

const run = promisify(execFile);
const LOGIN = '/_api/iam/authentication/v2/login';
const MB = 1024 * 1024;
const ENVELOPE = {
  message: 'Request body is larger than this server accepts',
  details: {
    applicationError: {
      code: 'PAYLOAD_TOO_LARGE',
      description: 'Request body is larger than this server accepts',
      data: {},
    },
  },
};

let server: TestServer;
let dir: string;
beforeAll(async () => {
  server = await startTestServer();
  dir = mkdtempSync(join(tmpdir(), 'vitrine-lingering-'));
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every attempt's outcome: the status and body read, or the client's error code. */
async function outcomes(times: number, attempt: () => Promise<string>): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < times; i++) {
    seen.push(
      await attempt().catch(
        (error: Error & { cause?: { code?: string } }) => `failed: ${error.cause?.code ?? error.message}`,
      ),
    );
  }
  return seen;
}

const answered = (status: number, body: string) => `${status} ${body}`;
const expected = answered(413, JSON.stringify(ENVELOPE));

function chunkedStream(body: Buffer): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (let at = 0; at < body.length; at += 64 * 1024) controller.enqueue(body.subarray(at, at + 64 * 1024));
      controller.close();
    },
  });
}

describe.each([5, 50])('a %i MB body to the login route', (size) => {
  const body = Buffer.alloc(size * MB, 'a');
  const headers = { 'content-type': 'application/json' };

  it('fetch with a content-length reads the 413 envelope every time', async () => {
    const seen = await outcomes(10, async () => {
      const res = await fetch(server.url + LOGIN, { method: 'POST', headers, body });
      return answered(res.status, await res.text());
    });
    expect(seen).toEqual(Array(10).fill(expected));
  }, 180_000);

  it('fetch streaming the body (chunked, no content-length) reads the 413 envelope every time', async () => {
    const seen = await outcomes(10, async () => {
      const init = { method: 'POST', headers, body: chunkedStream(body), duplex: 'half' };
      const res = await fetch(server.url + LOGIN, init as RequestInit);
      return answered(res.status, await res.text());
    });
    expect(seen).toEqual(Array(10).fill(expected));
  }, 180_000);

  it.each([
    ['a content-length', []],
    ['chunked', ['-H', 'transfer-encoding: chunked']],
  ])(
    'curl with %s reads the 413 envelope every time',
    async (_how, extra) => {
      const file = join(dir, `body-${size}`);
      writeFileSync(file, body);
      const args = ['-sS', '-o', '-', '-w', '\n%{http_code}', '-H', 'content-type: application/json', ...extra];
      const seen = await outcomes(5, async () => {
        const { stdout } = await run('curl', [...args, '--data-binary', `@${file}`, server.url + LOGIN]);
        const [text, status] = [stdout.slice(0, stdout.lastIndexOf('\n')), stdout.slice(stdout.lastIndexOf('\n') + 1)];
        return answered(Number(status), text);
      }).catch((error: { stderr?: string }) => [`failed: ${error.stderr}`]);
      expect(seen).toEqual(Array(5).fill(expected));
    },
    180_000,
  );
});

/** A raw connection: what was read, and when the server closed it. */
function rawUpload(head: string): { socket: Socket; read: () => string; closed: Promise<number> } {
  const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('error', () => {}); // EPIPE / ECONNRESET once the server cuts: what these tests wait for.
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
  socket.write(head);
  return { socket, read: () => Buffer.concat(chunks).toString('latin1'), closed };
}

/** The most the kernel can hold in flight on one loopback connection (receive + send buffers), plus 4 MB. */
function socketBufferSlack(): number {
  const max = (name: string) => {
    try {
      return Number(readFileSync(`/proc/sys/net/ipv4/${name}`, 'utf8').trim().split(/\s+/)[2]) || 0;
    } catch {
      return 0; // Not Linux: the fallback below.
    }
  };
  return Math.max(16 * MB, max('tcp_rmem') + max('tcp_wmem') + 4 * MB);
}

const chunk = (data: Buffer) => `${data.length.toString(16)}\r\n${data.toString('latin1')}\r\n`;
const head = (extra: string) =>
  `POST ${LOGIN} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n${extra}\r\n`;

describe('past the drain bounds', () => {
  it(`closes a connection whose body stops arriving for ${LINGER_IDLE_MS} ms, after answering 413`, async () => {
    const { socket, read, closed } = rawUpload(head('transfer-encoding: chunked\r\n'));
    socket.write(chunk(Buffer.alloc(5 * MB, 'a')));
    const answeredAt = await waitFor(() => read().includes('PAYLOAD_TOO_LARGE'));
    const closedAt = await closed;
    expect(read()).toMatch(/^HTTP\/1\.1 413 /);
    expect(closedAt - answeredAt).toBeGreaterThanOrEqual(LINGER_IDLE_MS - 500);
    expect(closedAt - answeredAt).toBeLessThan(LINGER_IDLE_MS + 3_000);
  }, 30_000);

  it(`closes a connection that keeps sending past ${LINGER_MAX_BYTES / MB} MB`, async () => {
    const { socket, read, closed } = rawUpload(head('transfer-encoding: chunked\r\n'));
    const piece = chunk(Buffer.alloc(MB, 'a'));
    let ended = false;
    void closed.then(() => (ended = true));
    for (let sent = 0; sent < 200 && !ended; sent++) {
      if (!socket.write(piece)) await drainedOrClosed(socket);
    }
    await closed;
    expect(ended).toBe(true);
    expect(read()).toMatch(/^HTTP\/1\.1 413 /);
    // Drained up to the bound, never the 200 MB sent. What the client counts as written also holds what the body
    // limit read and what sat in the two kernel socket buffers when the server cut: on Linux those grow up to
    // tcp_rmem's and tcp_wmem's maxima (32 MB and 4 MB here), so the slack is read from the machine, not guessed.
    expect(socket.bytesWritten).toBeLessThan(LINGER_MAX_BYTES + socketBufferSlack());
  }, 60_000);

  it(`answers a body declared over ${LINGER_MAX_BYTES / MB} MB with 413 and closes without draining`, async () => {
    const { socket, read, closed } = rawUpload(head(`content-length: ${LINGER_MAX_BYTES + 1}\r\n`));
    socket.write(Buffer.alloc(64 * 1024, 'a'));
    await closed;
    expect(read()).toMatch(/^HTTP\/1\.1 413 /);
    expect(read().toLowerCase()).toContain('\r\nconnection: close\r\n');
  }, 30_000);
});

describe('after a drained 413', () => {
  it('the same connection answers the next request', async () => {
    const { socket, read } = rawUpload(head(`content-length: ${5 * MB}\r\n`));
    socket.write(Buffer.alloc(5 * MB, 'a'));
    await waitFor(() => read().includes('PAYLOAD_TOO_LARGE'));
    socket.write('GET /healthz HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n');
    await waitFor(() => read().includes('"status":"ok"'));
    expect(read().match(/HTTP\/1\.1 \d+/g)).toEqual(['HTTP/1.1 413', 'HTTP/1.1 200']);
    socket.destroy();
  }, 30_000);
});

function drainedOrClosed(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      socket.off('drain', done).off('close', done);
      resolve();
    };
    socket.on('drain', done).on('close', done);
  });
}

async function waitFor(condition: () => boolean): Promise<number> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
  return Date.now();
}
