/** Schemas of the single sign-on routes (issue #15): provider redirects, callbacks, connections. */
import { Type } from 'typebox';
import { AnyObject, Body, Described, Empty, Key, Open, op } from '../../http/schemas/common.js';

const redirect = (summary: string) => ({ summary, description: 'Answers with a redirect (302) or an HTML page', produces: ['text/html'], response: { 200: Type.String({ description: 'HTML' }) } });

/** Route schemas of the SSO routes (sso/routes.ts). */
export const SSO_SCHEMAS = {
  login: { ...redirect('Start signing in at a provider'), params: Type.Object({ tenantId: Type.String(), idpConnectionId: Type.String() }) },
  callback: redirect("The provider's callback (PUBLIC_URL/_api/iam/authentication/v1/sso/callback)"),
  callbackPost: redirect("The provider's callback (form_post)"),
  continue: redirect('Continue a provider sign-in with its session token'),
  tokenParams: op('Sign in with tokens from a provider', AnyObject('A StateMachineResponse or tokens'), { body: Body({ tokenParams: Described('The provider\'s tokens') }) }),
  connections: op('The member\'s provider connections', Open({ connections: Key('Connected providers') })),
  disconnect: op('Disconnect a provider', Empty, { params: Type.Object({ idpConnectionId: Type.String() }) }),
  providers: op('The site\'s providers', Open({ siteId: Key('The site'), providers: Key('[{idpConnectionId, name}]') })),
  connect: op('Connect a provider to the signed-in member', Open({ authUrl: Key('Open this to connect') }), { params: Type.Object({ idpConnectionId: Type.String() }) }),
};
