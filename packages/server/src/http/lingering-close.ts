import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * How much of an unread request body the server still reads and throws away after answering early
 * (a 413, a 415, a 401 from a hook…), so the client can read that answer: docs/operating.md "HTTP conventions".
 */
export const LINGER_MAX_BYTES = 64 * 1024 * 1024;
/** How long it waits for the next bytes of that body (nginx's `lingering_timeout`). */
export const LINGER_IDLE_MS = 5_000;
/**
 * How long it drains in all, from the moment it answered (nginx's `lingering_time`, 30 s there). A headless
 * Chromium on a loaded 2-core machine took up to 47 s to send 50 MB; the idle and byte bounds already stop
 * stalled and flooding clients, and a slow body under the limit holds a connection longer (the server sets no
 * `requestTimeout`), so this only ends a trickle that would go on and on.
 */
export const LINGER_MAX_MS = 120_000;

export interface LingerBounds {
  maxBytes: number;
  idleMs: number;
  maxMs: number;
}

/**
 * Lingering close, as nginx does it. Answering while the client is still sending and then closing at once
 * resets the connection: the kernel answers the bytes still arriving with a RST, and the client (curl, Node's
 * fetch, Chromium) reports EPIPE/ECONNRESET instead of the answer it was sent. Fastify adds `connection:
 * close` to every body-parsing failure, and Node closes the socket as soon as such a response is written.
 *
 * So for a response sent before the body was read to its end, the rest is read and discarded (counted,
 * never parsed nor kept), within `bounds`: the connection then carries on as any keep-alive connection. Past
 * either bound the socket is destroyed, as before. A body declared larger than the byte bound is not
 * drained at all: the connection closes at once.
 */
export function installLingeringClose(
  app: FastifyInstance,
  bounds: LingerBounds = { maxBytes: LINGER_MAX_BYTES, idleMs: LINGER_IDLE_MS, maxMs: LINGER_MAX_MS },
): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    lingerOnUnreadBody(request, reply, bounds);
    done(null, payload);
  });
}

function lingerOnUnreadBody(request: FastifyRequest, reply: FastifyReply, bounds: LingerBounds): void {
  const raw = request.raw;
  if (raw.complete || raw.destroyed) return;
  if (Number(raw.headers['content-length']) > bounds.maxBytes) {
    reply.header('connection', 'close');
    return;
  }
  // Without it Node keeps the socket open after the response and its parser reads the rest of the body.
  reply.removeHeader('connection');
  const socket = raw.socket;
  let drained = 0;
  const cut = () => socket.destroy();
  const deadline = setTimeout(cut, bounds.maxMs);
  const idle = setTimeout(cut, bounds.idleMs);
  const onData = (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > bounds.maxBytes) cut();
    else idle.refresh();
  };
  const stop = () => {
    clearTimeout(deadline);
    clearTimeout(idle);
    raw.off('data', onData);
  };
  raw.on('data', onData);
  raw.once('end', stop);
  raw.once('close', stop);
  raw.resume();
}
