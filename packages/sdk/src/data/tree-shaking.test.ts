/**
 * The data module's calls are separate modules, so an app that binds only `coreItems` (query, get,
 * insert, save, update, remove, truncate, filter) ships none of the bulk, reference, aggregate or patch
 * code — the storefront's first load depends on it (issue #18). Bundled for real with esbuild, minified,
 * as an app would be; the wire paths are the markers of each group of calls.
 */
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { createClient } from '../client.js';
import { coreItems, items } from './index.js';

const src = fileURLToPath(new URL('../', import.meta.url));

async function bundle(module: 'items' | 'coreItems') {
  const contents = `import { createClient } from './client.ts';
import { ${module} } from './data/index.ts';
export const client = createClient({ auth: { getAuthHeaders: async () => ({ headers: {} }) }, modules: { items: ${module} } });`;
  const result = await build({
    stdin: { contents, resolveDir: src, loader: 'ts', sourcefile: 'app.ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.text;
  return { code, gzip: gzipSync(code, { level: 9 }).length };
}

const markers = {
  bulk: ['/bulk/items/insert', '/bulk/items/remove', 'BulkError'],
  references: ['/items/query-referenced', '/items/is-referenced', '/items/replace-references'],
  aggregate: ['/items/aggregate', 'itemCount'],
  patch: ['/items/patch', 'fieldModifications'],
};
const left = Object.values(markers).flat();

describe('tree-shaking of the data module', () => {
  it('an app binding coreItems ships the core calls and none of bulk, references, aggregate or patch', async () => {
    const core = await bundle('coreItems');
    expect(core.code).toContain('/items/query');
    expect(core.code).toContain('/items/update');
    expect(left.filter((marker) => core.code.includes(marker))).toEqual([]);

    const full = await bundle('items');
    expect(left.filter((marker) => !full.code.includes(marker))).toEqual([]);
    // The saving is real: over a kilobyte of gzip for an app such as the storefront.
    expect(full.gzip - core.gzip).toBeGreaterThan(1024);
  });

  it('coreItems offers exactly the core calls of items, which keeps every call', () => {
    const auth = { getAuthHeaders: async () => ({ headers: {} }) };
    const full = createClient({ auth, modules: { items } }).items;
    const core = createClient({ auth, modules: { items: coreItems } }).items;
    expect(Object.keys(core).sort()).toEqual([
      'filter',
      'get',
      'insert',
      'query',
      'remove',
      'save',
      'truncate',
      'update',
    ]);
    expect(Object.keys(full).sort()).toEqual(
      [
        ...Object.keys(core),
        'aggregate',
        'patch',
        'bulkInsert',
        'bulkRemove',
        'bulkSave',
        'bulkUpdate',
        'insertReference',
        'isReferenced',
        'queryReferenced',
        'removeReference',
        'replaceReferences',
      ].sort(),
    );
  });
});
