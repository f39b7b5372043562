/**
 * Test helper (not shipped): a tiny token endpoint that counts requests, for the client's own
 * concurrency and early-renewal behaviour. Token semantics are tested against @vitrine/server.
 */
import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';

export interface TokenCall {
  method: string;
  url: string;
  body: Record<string, string>;
  headers: IncomingHttpHeaders;
}

export type Answer = { status?: number; body: unknown; delayMs?: number };

export async function startCountingServer(answer: (call: TokenCall, n: number) => Answer) {
  const calls: TokenCall[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c));
    req.on('end', () => {
      const call = {
        method: req.method ?? '',
        url: req.url ?? '',
        body: raw ? (JSON.parse(raw) as Record<string, string>) : {},
        headers: req.headers,
      };
      calls.push(call);
      const a = answer(call, calls.length);
      setTimeout(() => {
        res.writeHead(a.status ?? 200, {
          'content-type': 'application/json',
          'x-wix-request-id': 'REQ-' + calls.length,
        });
        res.end(JSON.stringify(a.body));
      }, a.delayMs ?? 0);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
