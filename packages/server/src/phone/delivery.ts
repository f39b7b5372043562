import { randomUUID } from 'node:crypto';
import type { PhoneConfig } from '../config/types.js';
import { outboundFetch, type OutboundInit, type OutboundPolicy } from '../http/outbound/index.js';
import type { Queryable } from '../store/types.js';
import { callTwiml } from './texts.js';
import { postWebhook } from '../webhooks/send.js';
import { webhookHeaders } from '../webhooks/signing.js';

export type PhoneChannel = 'sms' | 'whatsapp' | 'call';

/** One code to deliver: `text` is the message (a call reads `spoken` out, twice). */
export interface PhoneMessage {
  siteId: string;
  /** E.164 */
  to: string;
  channel: PhoneChannel;
  text: string;
  spoken: { lines: string[]; language: string };
}

/** The one interface every provider implements (issue #32): resolves once the provider took the message. */
export interface PhoneSender {
  send(message: PhoneMessage): Promise<void>;
}

/** The provider refused or could not be reached: the member sees a clear error and may pick another factor. */
export class PhoneDeliveryError extends Error {}

const TIMEOUT_MS = 10_000;

/**
 * `network.allowPrivateNetworks`: the operator's switch (`webhooks.allowPrivateNetworks`, off by default):
 * both providers' requests go through the outbound client (http/outbound/), the webhook's POST like a
 * webhook delivery and Twilio's as well, so neither reaches a private address unless the switch is on.
 */
export function phoneSender(
  db: Queryable,
  phone: PhoneConfig,
  network: OutboundPolicy = { allowPrivateNetworks: false },
): PhoneSender {
  const p = phone.provider;
  switch (p.kind) {
    case 'dev':
      return { send: (m) => storeDevMessage(db, m) };
    case 'webhook':
      return { send: (m) => postToWebhook(p, m, network.allowPrivateNetworks) };
    case 'twilio':
      return { send: (m) => sendWithTwilio(p, m, network) };
  }
}

async function storeDevMessage(db: Queryable, m: PhoneMessage): Promise<void> {
  await db.query(
    'insert into phone_dev_messages (id, site_id, to_number, channel, body, created_at) values ($1, $2, $3, $4, $5, $6)',
    [randomUUID(), m.siteId, m.to, m.channel, m.channel === 'call' ? m.spoken.lines.join(' ') : m.text, new Date()],
  );
}

/**
 * A Standard Webhooks POST (the outgoing webhooks' signing) to the shop's own gateway, sent like a webhook
 * delivery (webhooks/send.ts): redirects not followed, and the address checked by the SSRF guard.
 */
async function postToWebhook(
  p: { url: string; secret: string },
  m: PhoneMessage,
  allowPrivateNetworks: boolean,
): Promise<void> {
  const id = `msg_${randomUUID()}`;
  const timestamp = Math.floor(Date.now() / 1000);
  const body = JSON.stringify({
    id,
    type: 'phone.code',
    timestamp: new Date(timestamp * 1000).toISOString(),
    siteId: m.siteId,
    data: { to: m.to, channel: m.channel, text: m.text, spoken: m.spoken },
  });
  const sent = await postWebhook(p.url, webhookHeaders([p.secret], id, timestamp, body), body, {
    timeoutMs: TIMEOUT_MS,
    allowPrivateNetworks,
  });
  if (sent.ok) return;
  throw new PhoneDeliveryError(
    sent.statusCode && !sent.error
      ? `the phone webhook answered ${sent.statusCode}`
      : `the phone webhook could not be reached (${sent.error ?? 'no answer'})`,
  );
}

type TwilioProvider = Extract<PhoneConfig['provider'], { kind: 'twilio' }>;

/**
 * Twilio's REST API (2010-04-01): Messages for SMS and WhatsApp (`whatsapp:` addressing on both ends),
 * Calls with inline TwiML. Basic auth with the Account SID and auth token.
 */
async function sendWithTwilio(p: TwilioProvider, m: PhoneMessage, network: OutboundPolicy): Promise<void> {
  const fields: Record<string, string> = {};
  let resource: 'Messages' | 'Calls' = 'Messages';
  if (m.channel === 'call') {
    resource = 'Calls';
    if (!p.from) throw new PhoneDeliveryError('calls need "from" (a Twilio voice number) in the phone settings');
    Object.assign(fields, { To: m.to, From: p.from, Twiml: callTwiml(m.spoken.lines, m.spoken.language) });
  } else if (m.channel === 'whatsapp') {
    fields.To = `whatsapp:${m.to}`;
    if (p.whatsappFrom) fields.From = `whatsapp:${p.whatsappFrom}`;
    else if (p.messagingServiceSid) fields.MessagingServiceSid = p.messagingServiceSid;
    else fields.From = `whatsapp:${p.from}`;
    fields.Body = m.text;
  } else {
    fields.To = m.to;
    if (p.messagingServiceSid) fields.MessagingServiceSid = p.messagingServiceSid;
    else fields.From = p.from!;
    fields.Body = m.text;
  }
  const res = await fetchOrFail(
    `${p.apiBaseUrl}/2010-04-01/Accounts/${p.accountSid}/${resource}.json`,
    {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${p.accountSid}:${p.authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams(fields).toString(),
    },
    network,
  );
  const answer = (await res.json().catch(() => ({}))) as { code?: unknown; message?: unknown };
  if (res.status !== 201 && res.status !== 200)
    throw new PhoneDeliveryError(
      `Twilio ${resource} answered ${res.status}${answer.code ? ` (error ${String(answer.code)})` : ''}`,
    );
}

// Twilio's answers are a few hundred bytes; a bigger one is not Twilio.
const MAX_ANSWER_BYTES = 64 * 1024;

async function fetchOrFail(url: string, init: OutboundInit, network: OutboundPolicy): Promise<Response> {
  const send = outboundFetch({ ...network, timeoutMs: TIMEOUT_MS, maxResponseBytes: MAX_ANSWER_BYTES });
  try {
    return await send(url, init);
  } catch (error) {
    // The outbound client's words never name the address the host resolved to (http/outbound/failure.ts).
    throw new PhoneDeliveryError(`the phone provider could not be reached (${(error as Error).message})`);
  }
}
