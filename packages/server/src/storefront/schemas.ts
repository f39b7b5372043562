/** Schemas of the storefront's files and its run-time config. */
import { Type } from 'typebox';
import { Open, op } from '../http/schemas/common.js';

const file = (summary: string) => ({
  summary,
  produces: ['text/html', '*/*'],
  response: { 200: Type.String({ description: 'A page or a file' }) },
});

export const runtimeConfig = op(
  "The storefront's run-time config",
  Open({
    apiBaseUrl: Type.String(),
    clientId: Type.String(),
    siteId: Type.String(),
    siteName: Type.String(),
    devMailbox: Type.Boolean(),
    cartLimits: Type.Object(
      {
        maxUnitsPerProduct: Type.Integer({ minimum: 1 }),
        maxUnitsPerOrder: Type.Integer({ minimum: 1 }),
        maxLinesPerOrder: Type.Integer({ minimum: 1 }),
      },
      { description: "Checkout's caps on one cart (sites[].shop): the storefront's steppers follow them" },
    ),
  }),
);
export const productImages = file('Demo product images');
export const storefrontApp = file('The storefront');
export const storefrontFiles = file("The storefront's files; unknown page paths get the app");
