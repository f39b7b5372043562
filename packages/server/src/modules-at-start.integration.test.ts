/**
 * What a server loads at start, on a real process built as `npm run build` builds dist/ (scripts/build.mjs, into
 * a scratch folder beside it: other tests' servers may be loading dist/). Libraries only some shops or some
 * requests need load when first used (docs/operating.md → Memory of the embedded database; issue #54): a default
 * embedded shop has none of them in memory after its start, typebox comes from its one vendored bundle, and
 * GraphQL's engine arrives with the first operation.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: the build script is plain JavaScript, without types.
import { buildServer } from '../scripts/build.mjs';
import { freePort, startServerProcess } from '../test-support/server-process.js';

const cleanups: (() => void)[] = [];
afterAll(() => cleanups.reverse().forEach((cleanup) => cleanup()));

/** Loaded in the server process with --import: on SIGUSR2 it writes the files the process has loaded. */
const TRACKER = `
import { register, createRequire } from 'node:module';
import { renameSync, writeFileSync } from 'node:fs';
register(${JSON.stringify(
  'data:text/javascript,' +
    encodeURIComponent(`
import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  if (url.startsWith('file:')) appendFileSync(process.env.MODULES_LOG + '.esm', url + '\\n');
  return next(url, context);
}`),
)});
const require = createRequire(import.meta.url);
process.on('SIGUSR2', () => {
  // Renamed into place: the test reads the list as soon as the file exists.
  writeFileSync(process.env.MODULES_LOG + '.tmp', Object.keys(require.cache).join('\\n'));
  renameSync(process.env.MODULES_LOG + '.tmp', process.env.MODULES_LOG + '.cjs');
});
`;

/** Loaded only when a shop or a request needs them. */
const WHEN_FIRST_USED = [
  'graphql',
  'mercurius',
  'stripe',
  'nodemailer',
  'web-push',
  'sharp',
  '@simplewebauthn/server',
  'pg',
  'ioredis',
  'libphonenumber-js',
  'papaparse',
  'bcryptjs',
  'otpauth',
  'bowser',
];

describe('modules a server loads at start', () => {
  it(
    'loads no library a default shop does not use yet; GraphQL arrives with the first operation',
    { timeout: 180_000 },
    async () => {
      // Beside dist/, so the built files find node_modules and the package's assets as dist/'s do.
      const built = mkdtempSync(join(import.meta.dirname, '..', '.modules-at-start-'));
      cleanups.push(() => rmSync(built, { recursive: true, force: true }));
      await buildServer(built);
      const scratch = mkdtempSync(join(tmpdir(), 'vitrine-modules-'));
      cleanups.push(() => rmSync(scratch, { recursive: true, force: true }));
      const tracker = join(scratch, 'tracker.mjs');
      writeFileSync(tracker, TRACKER);
      const log = join(scratch, 'modules');
      const server = await startServerProcess(join(built, 'main.js'), await freePort(), {
        NODE_OPTIONS: `--import=${pathToFileURL(tracker).href}`,
        MODULES_LOG: log,
        DATABASE_URL: '',
        REDIS_URL: '',
        VITRINE_DATA_DIR: join(scratch, 'data'),
      });
      cleanups.push(() => void server.child.kill('SIGKILL'));

      /** The packages of node_modules the process has loaded, by name. */
      const loadedPackages = async (): Promise<Set<string>> => {
        rmSync(`${log}.cjs`, { force: true });
        server.child.kill('SIGUSR2');
        for (let i = 0; i < 200; i++) {
          try {
            const files = `${readFileSync(`${log}.cjs`, 'utf8')}\n${readFileSync(`${log}.esm`, 'utf8')}`;
            const names = [...files.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)\//g)].map((m) => m[1]!);
            return new Set(names);
          } catch {
            await new Promise((resolve) => setTimeout(resolve, 25));
          }
        }
        throw new Error(`the server wrote no module list:\n${server.output()}`);
      };

      const atStart = await loadedPackages();
      expect(atStart.has('fastify'), 'the tracker sees what the server loaded').toBe(true);
      expect(WHEN_FIRST_USED.filter((name) => atStart.has(name))).toEqual([]);
      expect(atStart.has('typebox'), 'typebox from dist/vendor/, not node_modules').toBe(false);

      const answer = await fetch(`${server.url}/graphql/alpha`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ __typename }' }),
      });
      expect(answer.status).toBe(200);
      const afterGraphql = await loadedPackages();
      expect(afterGraphql.has('graphql')).toBe(true);
    },
  );
});
