/** `sites[].identityProviders`: OpenID Connect providers. https-only issuers, "openid" in scopes and secrets from the environment: identity/sso/config.ts. */
import { Choice, EnvName, Flag, HttpUrl, Id, List, Optional, SecretText, Strict, Text } from './common.js';

export const PROVIDER_TYPES = ['oidc', 'google', 'microsoft', 'apple'] as const;

export const IdentityProviderSchema = Strict(
  {
    id: Id(),
    type: Optional(Choice(PROVIDER_TYPES)),
    name: Optional(Text()),
    issuer: Optional(
      HttpUrl({
        'x-required':
          'is required for type "oidc" (the provider\'s issuer URL; discovery reads issuer + /.well-known/openid-configuration)',
      }),
    ),
    clientId: Text(),
    clientSecret: Optional(SecretText()),
    clientSecretEnv: Optional(EnvName('^[A-Za-z_][A-Za-z0-9_]*$')),
    scopes: Optional(List(Text())),
    linkByVerifiedEmail: Optional(Flag()),
    tokenNonce: Optional(Choice(['server', 'app'] as const)),
  },
  // A preset knows its issuer; a generic provider (the default type) must name one.
  { if: { properties: { type: { const: 'oidc' } } }, then: { required: ['issuer'] } },
);
export const IdentityProvidersSchema = List(IdentityProviderSchema);
