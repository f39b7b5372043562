/**
 * scripts/build.mjs's vendored dependencies (issue #54): typebox's ~680 ES modules become one bundle in
 * dist/vendor/, and the built modules import it instead of `typebox`. Run on a scratch folder, not on dist/,
 * which other tests' servers may be loading.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: the build script is plain JavaScript, without types.
import { buildVendored, VENDORED } from '../scripts/build.mjs';

const scratch = mkdtempSync(join(import.meta.dirname, '..', '.vendored-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('vendored dependencies in the build', () => {
  it('points built imports of typebox at one bundle that works, and leaves other text alone', async () => {
    mkdirSync(join(scratch, 'config'));
    const module = join(scratch, 'config', 'schema.js');
    writeFileSync(
      module,
      [
        'import { Type } from "typebox";',
        'import { Value } from "typebox/value";',
        'export { Compile } from "typebox/compile";',
        'export const named = "typebox";',
        'export const ok = Value.Check(Type.Object({ a: Type.String() }), { a: "x" });',
        'export const refused = Value.Check(Type.Object({ a: Type.String() }), { a: 1 });',
        'export { Type };',
      ].join('\n'),
    );
    await buildVendored(scratch);

    const built = readFileSync(module, 'utf8');
    expect(built).toContain('import { Type } from "../vendor/typebox.js";');
    expect(built).toContain('import { Value } from "../vendor/typebox-value.js";');
    expect(built).toContain('export { Compile } from "../vendor/typebox-compile.js";');
    expect(built).toContain('export const named = "typebox";');
    const vendor = readdirSync(join(scratch, 'vendor'));
    for (const name of Object.values(VENDORED) as string[]) expect(vendor).toContain(`${name}.js`);
    // The bundle holds typebox itself: no import in it loads the package from node_modules (its compiler's
    // code-generation strings name "typebox/system" and stay as they are).
    for (const file of vendor.filter((f) => f.endsWith('.js')))
      expect(readFileSync(join(scratch, 'vendor', file), 'utf8')).not.toMatch(/^(import|export)\b[^\n`]*"typebox/m);

    const loaded = await import(pathToFileURL(module).href);
    expect(loaded.ok).toBe(true);
    expect(loaded.refused).toBe(false);
    expect(typeof loaded.Compile).toBe('function');
    // Its own instance, not the package's: the built server loads typebox from the bundle alone.
    expect(loaded.Type).not.toBe((await import('typebox')).Type);
  });

  it('refuses to build a module importing an entry point of typebox it does not bundle', async () => {
    const other = mkdtempSync(join(import.meta.dirname, '..', '.vendored-'));
    try {
      writeFileSync(join(other, 'guarded.js'), 'import { Guard } from "typebox/guard";\nexport { Guard };\n');
      await expect(buildVendored(other)).rejects.toThrow(
        /guarded\.js imports "typebox\/guard": add it to VENDORED in scripts\/build\.mjs/,
      );
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});
