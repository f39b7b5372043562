/** One entry of `sites[]`. */
import { Id, List, Optional, Strict, Text } from './common.js';
import { ApiKeySchema, ClientsSchema } from './clients.js';
import { BrandSchema } from './brand.js';
import { CollectionSchema, GraphqlSchema } from './collections.js';
import { IdentityProvidersSchema } from './identity-providers.js';
import { LanguagesSchema } from './languages.js';
import { MailSchema } from './mail.js';
import { PoliciesSchema, SessionsSchema, TokensSchema } from './policies.js';
import { PhoneSchema } from './phone.js';
import { ShippingSchema } from './shipping.js';
import { ShopSchema } from './shop.js';
import { PushSchema } from './push.js';
import { WebhookEndpointSchema } from './webhooks.js';

export const SiteSchema = Strict({
  id: Id(),
  name: Optional(Text()),
  policies: Optional(PoliciesSchema),
  tokens: Optional(TokensSchema),
  sessions: Optional(SessionsSchema),
  clients: ClientsSchema,
  apiKeys: Optional(List(ApiKeySchema)),
  collections: Optional(List(CollectionSchema)),
  webhooks: Optional(List(WebhookEndpointSchema)),
  graphql: Optional(GraphqlSchema),
  identityProviders: Optional(IdentityProvidersSchema),
  languages: Optional(LanguagesSchema),
  phone: Optional(PhoneSchema),
  // Who the site's mail comes from and through which relay (mail/index.ts); absent = MAIL_FROM and SMTP_URL.
  mail: Optional(MailSchema),
  shipping: Optional(ShippingSchema),
  shop: Optional(ShopSchema),
  push: Optional(PushSchema),
  brand: Optional(BrandSchema),
});
