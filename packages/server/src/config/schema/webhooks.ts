/** `sites[].webhooks` endpoints and the top-level `webhooks` settings. Secret and event names: webhooks/config.ts. */
import { Flag, HttpUrl, Id, List, Optional, SecretText, Strict, Text } from './common.js';

export const WebhookEndpointSchema = Strict({
  id: Id(),
  url: HttpUrl(),
  secret: SecretText(),
  events: Optional(List(Text(), { minItems: 1, 'x-too-few': 'must list at least one event type' })),
});

export const WebhookSettingsSchema = Strict({
  allowPrivateNetworks: Optional(Flag()),
  ownerEmail: Optional(Text({ pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', 'x-hint': 'an email address' })),
});
