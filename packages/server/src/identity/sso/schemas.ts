/** Schemas of the single sign-on routes (issue #15): provider redirects, callbacks, connections. */
import { Type } from 'typebox';
import { AnyObject, Body, Described, Empty, Key, Open, op } from '../../http/schemas/common.js';
import type { RouteTable } from '../../http/schemas/route-table.js';
import { SSO_PREFIX } from './buttons.js';

const redirect = (summary: string) => ({ summary, description: 'Answers with a redirect (302) or an HTML page', produces: ['text/html'], response: { 200: Type.String({ description: 'HTML' }) } });

export const SSO_SCHEMAS: RouteTable = {
  [`GET ${SSO_PREFIX}/sso/login/{tenantId}/{idpConnectionId}`]: { ...redirect('Start signing in at a provider'), params: Type.Object({ tenantId: Type.String(), idpConnectionId: Type.String() }) },
  [`GET ${SSO_PREFIX}/sso/callback`]: redirect("The provider's callback (PUBLIC_URL/_api/iam/authentication/v1/sso/callback)"),
  [`POST ${SSO_PREFIX}/sso/callback`]: redirect("The provider's callback (form_post)"),
  [`GET ${SSO_PREFIX}/callback`]: redirect('Continue a provider sign-in with its session token'),
  [`POST ${SSO_PREFIX}/sso/login-with-token-params`]: op('Sign in with tokens from a provider', AnyObject('A StateMachineResponse or tokens'), { body: Body({ tokenParams: Described('The provider\'s tokens') }) }),
  [`GET ${SSO_PREFIX}/sso/connections`]: op('The member\'s provider connections', Open({ connections: Key('Connected providers') })),
  [`DELETE ${SSO_PREFIX}/sso/connections/{idpConnectionId}`]: op('Disconnect a provider', Empty, { params: Type.Object({ idpConnectionId: Type.String() }) }),
  [`GET ${SSO_PREFIX}/sso/providers`]: op('The site\'s providers', Open({ siteId: Key('The site'), providers: Key('[{idpConnectionId, name}]') })),
  [`POST ${SSO_PREFIX}/sso/connect/{idpConnectionId}`]: op('Connect a provider to the signed-in member', Open({ authUrl: Key('Open this to connect') }), { params: Type.Object({ idpConnectionId: Type.String() }) }),
};
