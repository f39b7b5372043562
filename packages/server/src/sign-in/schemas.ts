/**
 * Schemas of the sign-in routes: redirect sessions (docs/wire-format.md §4), the hosted pages behind them and
 * the browser legs of a provider sign-in (identity/sso keeps the JSON ones).
 */
import { Type, type Static } from 'typebox';
import { AnyObject, Body, Key, Open, op } from '../http/schemas/common.js';

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
    auth: Type.Optional(
      AnyObject(
        'Sign-in: {authRequest: {clientId, codeChallenge, codeChallengeMethod: S256, redirectUri, responseMode, responseType, scope, state, prompt?, sessionToken?}}',
      ),
    ),
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
            clientId: 'demo-storefront',
            codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
            codeChallengeMethod: 'S256',
            redirectUri: 'http://localhost:8080/callback',
            responseMode: 'fragment',
            responseType: 'code',
            scope: 'offline_access',
            state: 'xyz',
          },
        },
      },
    ],
  },
);

/** A route that answers a page (or a redirect to one). */
const page = (summary: string, description?: string) => ({
  summary,
  ...(description ? { description } : {}),
  produces: ['text/html'],
  response: { 200: Type.String({ description: 'HTML' }) },
});

const ProviderParams = Type.Object({ tenantId: Type.String(), idpConnectionId: Type.String() });
const ConnectParams = Type.Object({ idpConnectionId: Type.String() });
export type ProviderParams = Static<typeof ProviderParams>;
export type ConnectParams = Static<typeof ConnectParams>;

export const SIGN_IN_SCHEMAS = {
  redirectSession: op('Create a redirect session (sign-in, silent sign-in, sign-out)', RedirectSessionResponse, {
    body: RedirectSessionBody,
  }),
  authorizePage: page('The hosted sign-in page of a redirect session (silent: posts {code, state} to the opener)'),
  authorizeSubmit: page('A submitted hosted form (sign in, register, verify, second step, recovery)'),
  logoutPage: page('The hosted sign-out of a redirect session'),
  logoutSubmit: page('Confirms the hosted sign-out'),
  passkeyLibrary: {
    summary: 'The passkey script of the hosted pages (served locally)',
    produces: ['text/javascript'],
    response: { 200: Type.String() },
  },
  ssoLogin: {
    ...page('Start signing in at a provider', 'Answers with a redirect (302) or an HTML page'),
    params: ProviderParams,
  },
  ssoCallback: page(
    "The provider's callback (PUBLIC_URL/_api/iam/authentication/v1/sso/callback)",
    'Answers with a redirect (302) or an HTML page',
  ),
  ssoCallbackPost: page("The provider's callback (form_post)", 'Answers with a redirect (302) or an HTML page'),
  ssoContinue: page(
    'Continue a provider sign-in with its session token',
    'Answers with a redirect (302) or an HTML page',
  ),
  ssoConnect: op('Connect a provider to the signed-in member', Open({ authUrl: Key('Open this to connect') }), {
    params: ConnectParams,
  }),
};
