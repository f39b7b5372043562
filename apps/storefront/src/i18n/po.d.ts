// `.po` catalogs are compiled by the Lingui Vite plugin into a module exporting `messages`, and so
// are the two parts of each (`virtual:storefront-catalog/<lang>/shell|pages`, lingui-plugin.ts).
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
declare module 'virtual:storefront-catalog/*' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
