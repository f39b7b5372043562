/** Schemas of the single sign-on JSON routes (issue #15); the browser legs are the sign-in plugin's (sign-in/schemas.ts). */
import { Type } from 'typebox';
import { AnyObject, Body, Described, Empty, Key, Open, op } from '../../http/schemas/common.js';

/** Route schemas of the SSO JSON routes (sso/routes.ts). */
export const SSO_SCHEMAS = {
  tokenParams: op('Sign in with tokens from a provider', AnyObject('A StateMachineResponse or tokens'), {
    body: Body({ tokenParams: Described("The provider's tokens") }),
  }),
  connections: op("The member's provider connections", Open({ connections: Key('Connected providers') })),
  disconnect: op('Disconnect a provider', Empty, { params: Type.Object({ idpConnectionId: Type.String() }) }),
  providers: op("The site's providers", Open({ siteId: Key('The site'), providers: Key('[{idpConnectionId, name}]') })),
};
