import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config-files/load.js';
import { startTestServer, type TestServer } from './server.js';

/**
 * A test server whose sites come from a config file, as an operator's would: the file is written to a folder of
 * its own and read by the loader with `env`, so its keys are locked against the console (`siteFiles`).
 */
export async function startWithConfigFile(
  sites: Record<string, unknown>[],
  env: Record<string, string> = {},
): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-config-file-'));
  const path = join(dir, 'config.json');
  writeFileSync(path, JSON.stringify({ sites }));
  const file = loadConfig({ configPath: path, env: { ...env }, ephemeral: true, port: 0 });
  return startTestServer({
    config: (c) => ({
      ...c,
      sites: file.sites,
      siteFiles: file.siteFiles,
      configBaseDir: dir,
      storefront: file.storefront,
    }),
  });
}
