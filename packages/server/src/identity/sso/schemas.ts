/** Schemas of the single sign-on JSON routes (issue #15); the browser legs are the sign-in plugin's (sign-in/schemas.ts). */
import { Type } from 'typebox';
import { AnyObject, Body, Described, Empty, Key, Open, op } from '../../http/schemas/common.js';

/** Route schemas of the SSO JSON routes (sso/routes.ts). */
export const SSO_SCHEMAS = {
  nonce: op(
    'A nonce for login-with-token-params',
    Open({
      nonce: Type.String({ description: "Put as is in the app's request to the provider; single use" }),
      expiresIn: Type.Integer({ description: 'Seconds the nonce stays valid (600)' }),
    }),
    {
      body: Body({ idpConnectionId: Described('The provider the app signs in with') }),
      description:
        'Issues the nonce the ID token posted to login-with-token-params must carry (audit S-9): single use, 10 minutes, for this provider only. Any access token of the site.',
    },
  ),
  tokenParams: op('Sign in with tokens from a provider', AnyObject('A StateMachineResponse or tokens'), {
    body: Body({
      idpConnectionId: Described('The provider'),
      tokenParams: Described(
        'The provider\'s tokens: {idToken, nonce?}. The ID token must carry a nonce from POST /v1/sso/nonce (unless the provider is configured tokenNonce: "app")',
      ),
    }),
  }),
  connections: op("The member's provider connections", Open({ connections: Key('Connected providers') })),
  disconnect: op('Disconnect a provider', Empty, { params: Type.Object({ idpConnectionId: Type.String() }) }),
  providers: op("The site's providers", Open({ siteId: Key('The site'), providers: Key('[{idpConnectionId, name}]') })),
};
