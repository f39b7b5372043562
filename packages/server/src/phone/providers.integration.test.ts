import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhoneConfig } from '../config/types.js';
import type { Queryable } from '../store/types.js';
import { generateSecret } from '../webhooks/signing.js';
import { startTwilioFake, type TwilioFake } from '../../test-support/twilio-fake.js';
import { startReceiver, type Receiver } from '../../test-support/webhook-receiver.js';
import { DEFAULT_PHONE_LIMITS } from './config.js';
import { PhoneDeliveryError, phoneSender, type PhoneMessage } from './delivery.js';
import { callScript, codeText } from './texts.js';

/**
 * The phone providers behind one interface (issue #32): Twilio's Messages and Calls APIs against a local
 * server speaking their shapes, and the signed webhook against a receiver that verifies with the
 * reference `standardwebhooks` library.
 */
const SID = `AC${'a1'.repeat(16)}`;
const TOKEN = 'twilio-test-auth-token-0123456789';
const noDb = {} as Queryable; // only the dev phone writes to the database
// The fakes listen on 127.0.0.1: reachable only with the operator's switch (webhooks.allowPrivateNetworks).
const loopback = { allowPrivateNetworks: true };
let twilio: TwilioFake;
let receiver: Receiver;
beforeAll(async () => {
  twilio = await startTwilioFake(SID, TOKEN);
  receiver = await startReceiver();
});
afterAll(async () => {
  await twilio.close();
  await receiver.close();
});

const twilioProvider = (over: Partial<Extract<PhoneConfig['provider'], { kind: 'twilio' }>> = {}): PhoneConfig => ({
  provider: {
    kind: 'twilio',
    accountSid: SID,
    authToken: TOKEN,
    from: '+33700000001',
    messagingServiceSid: undefined,
    whatsappFrom: undefined,
    apiBaseUrl: twilio.url,
    ...over,
  },
  allowedCountries: [],
  limits: DEFAULT_PHONE_LIMITS,
});

const message = (channel: PhoneMessage['channel'], language = 'en'): PhoneMessage => ({
  siteId: 'shop',
  to: '+33612345678',
  channel,
  text: codeText(language, 'Shop', 'shop.example', '123456', 10),
  spoken: callScript(language, 'Shop', '123456'),
});

describe('twilio', () => {
  it('a text: Messages API with To, From and the body ending in the domain-bound code line', async () => {
    await phoneSender(noDb, twilioProvider(), loopback).send(message('sms'));
    expect(twilio.requests.at(-1)).toEqual({
      resource: 'Messages',
      fields: {
        To: '+33612345678',
        From: '+33700000001',
        Body: 'Your Shop verification code is 123456. It expires in 10 minutes.\n\n@shop.example #123456',
      },
    });
  });

  it('a messaging service instead of a sender; WhatsApp with whatsapp: addressing on both ends', async () => {
    const mg = `MG${'b2'.repeat(16)}`;
    await phoneSender(noDb, twilioProvider({ from: undefined, messagingServiceSid: mg }), loopback).send(
      message('sms'),
    );
    expect(twilio.requests.at(-1)!.fields).toMatchObject({ To: '+33612345678', MessagingServiceSid: mg });
    expect(twilio.requests.at(-1)!.fields.From).toBeUndefined();
    await phoneSender(noDb, twilioProvider({ whatsappFrom: '+14155238886' }), loopback).send(message('whatsapp'));
    expect(twilio.requests.at(-1)!.fields).toMatchObject({
      To: 'whatsapp:+33612345678',
      From: 'whatsapp:+14155238886',
    });
  });

  it("a call: Calls API with TwiML that says the code twice, slowly, in the member's language", async () => {
    await phoneSender(noDb, twilioProvider(), loopback).send(message('call', 'fr'));
    const { resource, fields } = twilio.requests.at(-1)!;
    expect(resource).toBe('Calls');
    expect(fields).toMatchObject({ To: '+33612345678', From: '+33700000001' });
    const twiml = fields.Twiml!;
    expect(twiml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><Response>/);
    expect(twiml.match(/<Say voice="Polly.Lea" language="fr-FR"><prosody rate="slow">/g)).toHaveLength(4);
    expect(twiml.split('1, 2, 3, 4, 5, 6.')).toHaveLength(3);
    expect(twiml).toContain('Bonjour, ici Shop. Votre code de vérification est');
  });

  it('a refused token, a refused number and an unreachable API are PhoneDeliveryErrors', async () => {
    const wrongToken = twilioProvider({ authToken: 'not-the-token' });
    await expect(phoneSender(noDb, wrongToken, loopback).send(message('sms'))).rejects.toThrow(
      new PhoneDeliveryError('Twilio Messages answered 401 (error 20003)'),
    );
    twilio.refuse.add('+33612345678');
    await expect(phoneSender(noDb, twilioProvider(), loopback).send(message('call'))).rejects.toBeInstanceOf(
      PhoneDeliveryError,
    );
    twilio.refuse.clear();
    const nowhere = twilioProvider({ apiBaseUrl: 'http://127.0.0.1:9' });
    await expect(phoneSender(noDb, nowhere, loopback).send(message('sms'))).rejects.toBeInstanceOf(PhoneDeliveryError);
  });

  it('V5-7: an apiBaseUrl on a private address is refused without the operator switch: nothing is sent', async () => {
    const before = twilio.requests.length;
    const refused = phoneSender(noDb, twilioProvider()).send(message('sms'));
    await expect(refused).rejects.toThrow(
      new PhoneDeliveryError(
        "the phone provider could not be reached (the URL's address is not allowed (private, loopback or reserved; webhooks.allowPrivateNetworks is off))",
      ),
    );
    expect(twilio.requests).toHaveLength(before);
  });
});

describe('webhook', () => {
  it('a POST signed like the outgoing webhooks, verified by the standardwebhooks library', async () => {
    const secret = generateSecret();
    const config: PhoneConfig = {
      provider: { kind: 'webhook', url: receiver.url, secret },
      allowedCountries: [],
      limits: DEFAULT_PHONE_LIMITS,
    };
    // The receiver listens on 127.0.0.1: like a webhook endpoint, reachable only with allowPrivateNetworks.
    await expect(phoneSender(noDb, config).send(message('whatsapp'))).rejects.toThrow(
      /the phone webhook could not be reached \(the host resolves to an address that is not allowed|the URL's address is not allowed/,
    );
    expect(receiver.received).toHaveLength(0);
    const sender = phoneSender(noDb, config, { allowPrivateNetworks: true });
    await sender.send(message('whatsapp'));
    const [got] = await receiver.waitFor((all) => all.length === 1);
    const verified = new Webhook(secret).verify(got!.body, got!.headers) as Record<string, unknown>;
    expect(verified).toMatchObject({
      type: 'phone.code',
      siteId: 'shop',
      data: {
        to: '+33612345678',
        channel: 'whatsapp',
        text: expect.stringMatching(/@shop\.example #123456$/),
        spoken: { language: 'en', lines: expect.any(Array) },
      },
    });
    // Another secret does not verify it.
    expect(() => new Webhook(generateSecret()).verify(got!.body, got!.headers)).toThrow();

    receiver.respond = () => 500;
    await expect(sender.send(message('sms'))).rejects.toThrow(new PhoneDeliveryError('the phone webhook answered 500'));
    receiver.respond = () => 204;
  });
});
