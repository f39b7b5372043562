import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * `@vitrine/sdk` from its sources as one browser script that sets `window.OAuthStrategy`, for the small
 * third-party "shop" pages the redirect-login and account-page journeys serve from another origin.
 */
export async function sdkBrowserBundle(): Promise<string> {
  const sdkEntry = fileURLToPath(new URL('../../../packages/sdk/src/index.ts', import.meta.url));
  const out = await build({
    stdin: {
      contents: `import { OAuthStrategy } from ${JSON.stringify(sdkEntry)}; window.OAuthStrategy = OAuthStrategy;`,
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    write: false,
  });
  return out.outputFiles[0]!.text;
}
