/** Schemas of the token endpoint and the key set (wire-contract §2; RFC 6749, RFC 7517). */
import { Type, type Static } from 'typebox';
import { AnyObject, Body, Open, op, violation } from '../http/schemas/common.js';
import { forPaths, type RouteTable } from '../http/schemas/route-table.js';

const str = (description: string) => Type.Optional(Type.String({ description }));

/**
 * Both spellings the reference client sends (camelCase for most grants, snake_case for authorized_client,
 * wire-contract §2.1) and RFC 6749 form fields; `token-request.ts` folds them into one shape.
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
    member_id: str('authorized_client grant (the reference client\'s spelling)'),
    sessionToken: str('authorized_client grant with a sign-on session token'),
    session_token: str('authorized_client grant (the reference client\'s spelling)'),
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
    expires_in: Type.Integer({ description: 'Seconds until the access token expires (14400 by default)', examples: [14400] }),
    token_type: Type.Literal('Bearer'),
  },
  { description: 'Tokens (RFC 6749 §5.1)' },
);

export const JwksSchema = Open({ keys: Type.Array(AnyObject('A public JWK (ES256 or EdDSA) with its kid')) }, { description: 'The access-token signing keys (RFC 7517)' });

/** Redirect sessions (wire-contract §4), the hosted pages behind them and signing-key administration. */
const RedirectSessionResponse = Open(
  {
    redirectSession: Open({
      id: Type.String(),
      fullUrl: Type.String({ description: 'Open this in the browser (or the hidden frame for silent login)' }),
      urlDetails: Open({ endpoint: Type.String(), searchParams: AnyObject() }),
      sessionToken: Type.Optional(Type.String()),
    }),
  },
  { description: 'A redirect session' },
);

const RedirectSessionBody = Body(
  {
    auth: Type.Optional(AnyObject('Sign-in: {authRequest: {clientId, codeChallenge, codeChallengeMethod: S256, redirectUri, responseMode, responseType, scope, state, prompt?, sessionToken?}}')),
    login: Type.Optional(AnyObject('The hosted sign-in page: {}')),
    logout: Type.Optional(AnyObject('Sign-out: {clientId}')),
    callbacks: Type.Optional(AnyObject('{postFlowUrl}')),
    preferences: Type.Optional(AnyObject('{additionalQueryParameters: {lang}}')),
  },
  {
    examples: [
      {
        auth: {
          authRequest: {
            clientId: 'demo-storefront', codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', codeChallengeMethod: 'S256',
            redirectUri: 'http://localhost:8080/callback', responseMode: 'fragment', responseType: 'code', scope: 'offline_access', state: 'xyz',
          },
        },
      },
    ],
  },
);

const Key = Open({ kid: Type.String(), createdDate: Type.String(), state: Type.String(), verifiesUntil: Type.Optional(Type.String()), encrypted: Type.Boolean() });
const html = (summary: string) => ({ summary, produces: ['text/html'], response: { 200: Type.String({ description: 'HTML' }) } });

export const OAUTH_ROUTE_SCHEMAS: RouteTable = {
  ...forPaths('POST', ['/_api/redirects-api/v1/redirect-session', '/headless/v1/redirect-session'], op('Create a redirect session (sign-in, silent sign-in, sign-out)', RedirectSessionResponse, { body: RedirectSessionBody })),
  'GET /oauth2/authorize': html('The hosted sign-in page of a redirect session (silent: posts {code, state} to the opener)'),
  'POST /oauth2/authorize': html('A submitted hosted form (sign in, register, verify, second step, recovery)'),
  'GET /oauth2/logout': html('The hosted sign-out of a redirect session'),
  'POST /oauth2/logout': html('Confirms the hosted sign-out'),
  'GET /_vitrine/hosted/simplewebauthn-browser.js': { summary: 'The passkey script of the hosted pages (served locally)', produces: ['text/javascript'], response: { 200: Type.String() } },
  'GET /_admin/v1/keys': op('The signing keys and their states', Open({ keys: Type.Array(Key) })),
  'POST /_admin/v1/keys/rotate': op('Start a new signing key; the old one verifies until its tokens expire', Open({ kid: Type.String(), keys: Type.Array(Key) })),
};
