/**
 * How the storefront's catalogs reach the page. `src/locales/<lang>.po` stays one file per language
 * for translators; the build serves each in two compiled parts:
 *   - `virtual:storefront-catalog/<lang>/shell`: the texts of the first paint (header, catalog page,
 *     product cards, cart link, errors) — loaded with the page;
 *   - `virtual:storefront-catalog/<lang>/pages`: every other text — loaded with the first lazy page.
 * ICU is compiled at build time (Lingui's CLI API), so the page carries no message parser. Plain
 * `.po` imports still work through Lingui's own Vite plugin (tests import the pseudo-locale so).
 * Used by vite.config.ts and by the repository's vitest config.
 */
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCompiledCatalog, getCatalogForFile, getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { lingui } from '@lingui/vite-plugin';
import type { Plugin } from 'vite';

const configPath = fileURLToPath(new URL('./lingui.config.ts', import.meta.url));
const PREFIX = 'virtual:storefront-catalog/';

/** Ids whose texts the first paint shows; everything else waits for a lazy page. */
const SHELL =
  /^(app|area|catalog|common|error|header|layout|notFound|pagination)\.|^product\.(soldOut|fromPrice|wasPrice|chooseOptionsOf|chooseOptionsButton)$|^cart\.(add|added|link|linkLabel|updateFailed|limit\.(product|units|lines))$/;

export const isShellMessage = (id: string) => SHELL.test(id);

function catalogParts(): Plugin {
  const config = getConfig({ configPath });
  return {
    name: 'storefront-catalog-parts',
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : undefined),
    async load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const [locale, part] = id.slice(PREFIX.length + 1).split('/') as [string, 'shell' | 'pages'];
      const rootDir = config.rootDir ?? '.';
      const file = `${rootDir}/src/locales/${locale}.po`;
      const found = getCatalogForFile(relative(rootDir, file), await getCatalogs(config));
      if (!found) throw new Error(`No catalog for ${locale} (expected ${file})`);
      this.addWatchFile(file);
      const { messages } = await found.catalog.getTranslations(locale, {
        fallbackLocales: config.fallbackLocales || {},
        sourceLocale: config.sourceLocale ?? 'en',
      });
      const picked = Object.fromEntries(
        Object.entries(messages).filter(([key]) => isShellMessage(key) == (part == 'shell')),
      );
      const { source, errors } = createCompiledCatalog(locale, picked, {
        namespace: 'es',
        pseudoLocale: config.pseudoLocale,
      });
      if (errors.length)
        throw new Error(`${locale}.po: ${errors.map((e) => `${e.id}: ${String(e.error)}`).join('; ')}`);
      return source;
    },
  };
}

export const storefrontCatalogs = () => [catalogParts(), ...lingui({ configPath, failOnCompileError: true })];
