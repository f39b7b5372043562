/** Schemas of the token endpoint and the key set (docs/wire-format.md §2; RFC 6749, RFC 7517). */
import { Type, type Static } from 'typebox';
import { AnyObject, Body, Open, violation } from '../http/schemas/common.js';

const str = (description: string) => Type.Optional(Type.String({ description }));

/**
 * Both spellings the reference client sends (camelCase for most grants, snake_case for authorized_client,
 * docs/wire-format.md §2.1) and RFC 6749 form fields; `token-request.ts` folds them into one shape.
 */
export const TokenRequestBody = Body(
  {
    grantType: str('anonymous | refresh_token | authorization_code | authorized_client'),
    grant_type: str('RFC 6749 spelling of grantType'),
    clientId: str('The client id of a configured client'),
    client_id: str('RFC 6749 spelling of clientId'),
    refreshToken: str('refresh_token grant'),
    refresh_token: str('RFC 6749 spelling of refreshToken'),
    code: str('authorization_code grant: the code from the redirect'),
    codeVerifier: str('authorization_code grant: the PKCE verifier (43–128 characters)'),
    code_verifier: str('RFC 6749 spelling of codeVerifier'),
    redirectUri: str('authorization_code grant: the redirect URI of the redirect session, when it had one'),
    redirect_uri: str('RFC 6749 spelling of redirectUri'),
    memberId: str('authorized_client grant'),
    member_id: str("authorized_client grant (the reference client's spelling)"),
    sessionToken: str('authorized_client grant with a sign-on session token'),
    session_token: str("authorized_client grant (the reference client's spelling)"),
    scope: str('offline_access (ignored)'),
  },
  {
    description: 'JSON or application/x-www-form-urlencoded. `grantType` (or `grant_type`) is required.',
    examples: [{ clientId: 'demo-storefront', grantType: 'anonymous' }],
  },
);
// One of the two spellings of the grant type must be there; the message is the one RFC 6749 clients saw before.
Object.assign(TokenRequestBody, {
  anyOf: [
    { required: ['grantType'], ...violation('grantType is required') },
    { required: ['grant_type'], ...violation('grantType is required') },
  ],
});

export type TokenRequestBody = Static<typeof TokenRequestBody>;

export const TokenResponseSchema = Open(
  {
    access_token: Type.String({ description: 'A JWT; send it raw as `Authorization`' }),
    refresh_token: Type.String({ description: 'Opaque; visitor or member' }),
    expires_in: Type.Integer({
      description: 'Seconds until the access token expires (14400 by default)',
      examples: [14400],
    }),
    token_type: Type.Literal('Bearer'),
  },
  { description: 'Tokens (RFC 6749 §5.1)' },
);

export const JwksSchema = Open(
  { keys: Type.Array(AnyObject('A public JWK (ES256 or EdDSA) with its kid')) },
  { description: 'The access-token signing keys (RFC 7517)' },
);
