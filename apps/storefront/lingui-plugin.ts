/**
 * The Lingui Vite plugin with the storefront's catalog config: importing `src/locales/<lang>.po`
 * gives compiled messages (ICU parsed at build time, so the page needs no message parser).
 * Used by vite.config.ts and by the repository's vitest config.
 */
import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';

export const storefrontCatalogs = () => lingui({ configPath: fileURLToPath(new URL('./lingui.config.ts', import.meta.url)), failOnCompileError: true });
