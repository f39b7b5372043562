import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A real HTTP receiver for the webhook tests: records every request and answers with `respond`. */
export interface Received {
  headers: Record<string, string>;
  body: string;
  json: {
    id: string;
    type: string;
    timestamp: string;
    siteId: string;
    identity: Record<string, string>;
    data: Record<string, unknown>;
  };
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Status to answer the next request with (default 204). */
  respond: (request: Received) => number;
  /** Resolves once `predicate` holds for what was received (polls; fails after `ms`). */
  waitFor(predicate: (all: Received[]) => boolean, ms?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const receiver = {
    received: [] as Received[],
    respond: (() => 204) as (request: Received) => number,
  } as Receiver;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const entry: Received = {
        headers: req.headers as Record<string, string>,
        body,
        json: JSON.parse(body) as Received['json'],
      };
      receiver.received.push(entry);
      const status = receiver.respond(entry);
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : `nope ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  receiver.waitFor = async (predicate, ms = 15_000) => {
    const until = Date.now() + ms;
    while (!predicate(receiver.received)) {
      if (Date.now() > until)
        throw new Error(
          `receiver: condition not met; got ${receiver.received.map((r) => r.json.type).join(', ') || 'nothing'}`,
        );
      await new Promise((r) => setTimeout(r, 25));
    }
    return receiver.received;
  };
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}
