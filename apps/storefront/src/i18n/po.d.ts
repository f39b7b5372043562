// `.po` catalogs are compiled by the Lingui Vite plugin into a module exporting `messages`.
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
