/** `sites[].clients` and `sites[].apiKeys`. */
import { Flag, HttpUrl, Id, List, Optional, Secret, Strict, Text } from './common.js';

export const ClientSchema = Strict({
  clientId: Id(),
  redirectUris: Optional(List(HttpUrl())),
  // An origin is a URL without a path; sites.ts names the bare origin when one has more.
  allowedOrigins: Optional(List(HttpUrl())),
  refreshTokenRotation: Optional(Flag()),
});

const ONE_CLIENT = 'must list at least one client ({ "clientId", "redirectUris", "allowedOrigins" })';
export const ClientsSchema = List(ClientSchema, { minItems: 1, 'x-too-few': ONE_CLIENT, 'x-required': ONE_CLIENT });

export const ApiKeySchema = Strict({ name: Text(), key: Secret() });
