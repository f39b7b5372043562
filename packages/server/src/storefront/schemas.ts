/** Schemas of the storefront's files and its run-time config. */
import { Type } from 'typebox';
import { Open, op } from '../http/schemas/common.js';
import type { RouteTable } from '../http/schemas/route-table.js';

const file = (summary: string) => ({ summary, produces: ['text/html', '*/*'], response: { 200: Type.String({ description: 'A page or a file' }) } });

export const STOREFRONT_SCHEMAS: RouteTable = {
  'GET /_vitrine/config.json': op('The storefront\'s run-time config', Open({ apiBaseUrl: Type.String(), clientId: Type.String(), siteId: Type.String(), siteName: Type.String(), devMailbox: Type.Boolean() })),
  'GET /assets/products/{*}': file('Demo product images'),
  'GET /': file('The storefront'),
  'GET /{*}': file('The storefront\'s files; unknown page paths get the app'),
};
