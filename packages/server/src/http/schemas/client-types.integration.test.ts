/**
 * A client generated from /openapi.json with openapi-typescript type-checks the README's example
 * (the block after `<!-- openapi-typescript example -->`): the document's types are what integrators get.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test-support/index.js';

const run = promisify(execFile);
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../../../..');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

let server: TestServer;
let dir: string;

beforeAll(async () => {
  server = await startTestServer();
  dir = await mkdtemp(join(tmpdir(), 'vitrine-openapi-'));
});
afterAll(async () => {
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/**
 * Type-checks `files` (name → source) against the generated `api` in one `tsc` run (one program: lib.dom and the
 * generated types are checked once, not once per file) and answers tsc's output, '' when nothing is wrong.
 */
async function typeCheck(files: Record<string, string>, api: string): Promise<string> {
  await writeFile(join(dir, 'vitrine-api.d.ts'), api);
  for (const [name, source] of Object.entries(files)) await writeFile(join(dir, name), source);
  const config = {
    compilerOptions: {
      strict: true,
      noEmit: true,
      target: 'ES2022',
      module: 'ES2022',
      moduleResolution: 'bundler',
      lib: ['ES2022', 'DOM'],
      types: [],
      skipLibCheck: false,
    },
    files: Object.keys(files),
  };
  await writeFile(join(dir, 'tsconfig.json'), JSON.stringify(config));
  try {
    await run(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json')]);
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout || error);
  }
}

describe('a client generated with openapi-typescript', () => {
  it("type-checks the README's example, and catches a field the API does not have", async () => {
    const readme = await readFile(join(repoRoot, 'README.md'), 'utf8');
    const example = /<!-- openapi-typescript example -->\s*```ts\n([\s\S]*?)```/.exec(readme)?.[1];
    // The README's example block, importing the generated types and reading the field the check below misspells.
    expect(example, 'the README example block').toContain("import type { paths } from './vitrine-api';");
    expect(example).toContain('tokens.expires_in');
    const doc = await (await fetch(`${server.url}/openapi.json`)).json();
    const api = astToString(await openapiTS(doc));
    expect(api).toContain('"/oauth2/token"');

    // The check has teeth: a misspelt field of the token answer is `unknown` (responses are open), not a number.
    const wrong = example!.replace('tokens.expires_in', 'tokens.expiresIn');
    const output = await typeCheck(
      { 'example.ts': `${example}\nexport {};\n`, 'misspelt.ts': `${wrong}\nexport {};\n` },
      api,
    );
    const errors = output.split('\n').filter((line) => /error TS\d+/.test(line));
    // The README's example has none; the misspelt copy has exactly that one.
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /(^|\/)misspelt\.ts\(\d+,\d+\): error TS2322: Type 'unknown' is not assignable to type 'number'/,
    );
  }, 60_000);
});
