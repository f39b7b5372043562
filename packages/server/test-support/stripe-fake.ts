/**
 * A local fake of the few Stripe API endpoints Vitrine's Stripe provider calls, on a real port, answering with
 * Stripe's JSON shapes and defaults, so the real `stripe` SDK can be pointed at it (`host`, `port`, `protocol`):
 *   POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id, POST /v1/checkout/sessions/:id/expire,
 *   POST /v1/refunds.
 * Like Stripe: the secret key is checked (401), form bodies in bracket notation, idempotency keys replay the first
 * answer (and refuse the same key with other parameters), a refund beyond what is left is refused, an expired or
 * completed session cannot be expired. `complete()` and `event()` stand in for the shopper paying on Stripe's
 * page and for the event Stripe would send. Never part of the production build.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;

export interface StripeFake {
  api: { host: string; port: number; protocol: 'http' };
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, Json>;
  /** Every request as received: method, path, idempotency key, parsed body. */
  requests: { method: string; path: string; idempotencyKey: string | undefined; body: Json }[];
  /** The shopper pays (or starts a delayed payment) on Stripe's page: the session as Stripe then has it. */
  complete(sessionId: string, options?: { paymentStatus?: 'paid' | 'unpaid' }): Json;
  /** An event of `type` about `object`, as Stripe sends it. */
  event(type: string, object: Json): Json;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** `a[b][0][c]=1` → `{a: {b: [{c: '1'}]}}`, as Stripe reads its form bodies. */
export function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Record<string, unknown> = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else {
        const nextIsIndex = /^\d+$/.test(path[i + 1]!);
        node[part] ??= nextIsIndex ? [] : {};
        node = node[part] as Record<string, unknown>;
      }
    });
  }
  return root;
}

const stripeError = (res: ServerResponse, status: number, type: string, message: string, code?: string) => {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
  res.end(JSON.stringify({ error: { type, message, ...(code ? { code } : {}) } }));
};

export async function startStripeFake(): Promise<StripeFake> {
  const secretKey = `sk_test_${randomBytes(16).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const sessions = new Map<string, Json>();
  const intents = new Map<string, { amount: number; refunded: number; currency: string }>();
  const idempotent = new Map<string, { params: string; status: number; body: string }>();
  const requests: StripeFake['requests'] = [];

  function handle(req: IncomingMessage, raw: string, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = raw ? parseStripeForm(raw) : {};
    const key = req.headers['idempotency-key'] as string | undefined;
    requests.push({ method: req.method ?? '', path: url.pathname, idempotencyKey: key, body });
    if (req.headers.authorization !== `Bearer ${secretKey}`)
      return stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided');
    if (req.method === 'POST' && key) {
      const seen = idempotent.get(key);
      if (seen && seen.params !== raw)
        return stripeError(
          res,
          400,
          'idempotency_error',
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        );
      if (seen) {
        res.writeHead(seen.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true' });
        return res.end(seen.body);
      }
    }
    const send = (status: number, value: Json) => {
      const text = JSON.stringify(value);
      if (req.method === 'POST' && key) idempotent.set(key, { params: raw, status, body: text });
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(text);
    };
    const sessionPath = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/);
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const lines = (body.line_items ?? []) as { quantity?: string; price_data?: Json }[];
      if (body.mode !== 'payment' || !lines.length)
        return stripeError(
          res,
          400,
          'invalid_request_error',
          'Missing required param: line_items.',
          'parameter_missing',
        );
      const currency = String(lines[0]!.price_data?.currency ?? '');
      const total = lines.reduce((sum, l) => sum + Number(l.price_data?.unit_amount) * Number(l.quantity ?? 1), 0);
      const sessionId = id('cs');
      const now = Math.floor(Date.now() / 1000);
      const expiresAt = body.expires_at ? Number(body.expires_at) : now + 24 * 3600;
      if (expiresAt < now + 1800 || expiresAt > now + 24 * 3600)
        return stripeError(res, 400, 'invalid_request_error', 'expires_at must be within 30 minutes and 24 hours');
      const session: Json = {
        id: sessionId,
        object: 'checkout.session',
        amount_subtotal: total,
        amount_total: total,
        cancel_url: body.cancel_url ?? null,
        client_reference_id: body.client_reference_id ?? null,
        created: now,
        currency,
        customer_email: body.customer_email ?? null,
        expires_at: expiresAt,
        livemode: false,
        metadata: body.metadata ?? {},
        mode: 'payment',
        payment_intent: null,
        payment_status: 'unpaid',
        status: 'open',
        success_url: body.success_url ?? null,
        ui_mode: 'hosted',
        url: `https://checkout.stripe.com/c/pay/${sessionId}`,
        _paymentIntentMetadata: (body.payment_intent_data as Json | undefined)?.metadata ?? {},
      };
      sessions.set(sessionId, session);
      return send(200, visible(session));
    }
    if (sessionPath && req.method === 'GET' && !sessionPath[2]) {
      const session = sessions.get(sessionPath[1]!);
      if (!session)
        return stripeError(
          res,
          404,
          'invalid_request_error',
          `No such checkout.session: '${sessionPath[1]}'`,
          'resource_missing',
        );
      return send(200, visible(session));
    }
    if (sessionPath && req.method === 'POST' && sessionPath[2]) {
      const session = sessions.get(sessionPath[1]!);
      if (!session)
        return stripeError(
          res,
          404,
          'invalid_request_error',
          `No such checkout.session: '${sessionPath[1]}'`,
          'resource_missing',
        );
      if (session.status !== 'open')
        return stripeError(
          res,
          400,
          'invalid_request_error',
          `Only Checkout Sessions with a status of open can be expired.`,
        );
      session.status = 'expired';
      return send(200, visible(session));
    }
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      const intent = intents.get(String(body.payment_intent ?? ''));
      if (!intent)
        return stripeError(
          res,
          404,
          'invalid_request_error',
          `No such payment_intent: '${String(body.payment_intent)}'`,
          'resource_missing',
        );
      const amount = body.amount === undefined ? intent.amount - intent.refunded : Number(body.amount);
      if (amount <= 0 || intent.refunded + amount > intent.amount)
        return stripeError(
          res,
          400,
          'invalid_request_error',
          `Refund amount (${amount}) is greater than unrefunded amount on charge (${intent.amount - intent.refunded})`,
          'amount_too_large',
        );
      intent.refunded += amount;
      return send(200, {
        id: id('re'),
        object: 'refund',
        amount,
        currency: intent.currency,
        payment_intent: body.payment_intent,
        metadata: body.metadata ?? {},
        reason: null,
        status: 'succeeded',
        created: Math.floor(Date.now() / 1000),
      });
    }
    return stripeError(res, 404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${url.pathname}).`);
  }

  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => handle(req, raw, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    api: { host: '127.0.0.1', port, protocol: 'http' },
    secretKey,
    webhookSecret,
    sessions,
    requests,
    complete(sessionId, options = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const intentId = id('pi');
      session.status = 'complete';
      session.payment_status = options.paymentStatus ?? 'paid';
      session.payment_intent = intentId;
      intents.set(intentId, { amount: Number(session.amount_total), refunded: 0, currency: String(session.currency) });
      return visible(session);
    },
    event(type, object) {
      return {
        id: id('evt'),
        object: 'event',
        api_version: '2026-10-28.endive',
        created: Math.floor(Date.now() / 1000),
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The session without the fake's own bookkeeping. */
function visible(session: Json): Json {
  const { _paymentIntentMetadata: _ignored, ...rest } = session;
  return rest;
}

/** A PaymentIntent as `payment_intent.payment_failed` carries it. */
export function failedIntent(session: Json, decline = 'insufficient_funds'): Json {
  return {
    id: id('pi'),
    object: 'payment_intent',
    amount: session.amount_total,
    currency: session.currency,
    status: 'requires_payment_method',
    metadata: session.metadata,
    last_payment_error: {
      type: 'card_error',
      code: 'card_declined',
      decline_code: decline,
      message: 'Your card has insufficient funds.',
    },
  };
}
