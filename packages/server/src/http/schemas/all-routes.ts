/**
 * Every concern's table of route schemas (`schemas.ts` beside its routes), merged for the route-docs
 * hook. Routes that declare their schema inline (token endpoint, data items, identity) are not here.
 */
import { Type } from 'typebox';
import { OAUTH_ROUTE_SCHEMAS } from '../../oauth/schemas.js';
import type { RouteTable } from './route-table.js';

const CONVENTIONS: RouteTable = {
  'OPTIONS /{*}': {
    summary: 'CORS preflight for any path',
    description: 'Allowed origins are the configured clients\' `allowedOrigins`; allowed headers: authorization, content-type, x-wix-bi-gateway, x-wix-consistent, x-vitrine-site-id.',
    security: [],
    response: { 204: Type.Null({ description: 'No content; the access-control-* headers when the origin is allowed' }) },
  },
};

export const ROUTE_SCHEMAS: RouteTable = {
  ...CONVENTIONS,
  ...OAUTH_ROUTE_SCHEMAS,
};
