/**
 * Every concern's table of route schemas (`schemas.ts` beside its routes), merged for the route-docs
 * hook. Routes that declare their schema inline (token endpoint, data items, identity) are not here.
 */
import { Type } from 'typebox';
import { GRAPHQL_SCHEMAS } from '../../graphql/schemas.js';
import { OPERATIONS_SCHEMAS } from '../../health/schemas.js';
import { OAUTH_ROUTE_SCHEMAS } from '../../oauth/schemas.js';
import { OWNER_SCHEMAS } from '../../owners/schemas.js';
import { SHOP_SCHEMAS } from '../../shop/schemas.js';
import { STOREFRONT_SCHEMAS } from '../../storefront/schemas.js';
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
  ...OWNER_SCHEMAS,
  ...SHOP_SCHEMAS,
  ...GRAPHQL_SCHEMAS,
  ...OPERATIONS_SCHEMAS,
  ...STOREFRONT_SCHEMAS,
};
