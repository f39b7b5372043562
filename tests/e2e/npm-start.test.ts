/**
 * `npm start` (scripts/start.mjs) as a newcomer runs it, in a real child process on a fresh data
 * directory: it prints the console's address and, on the very first start only, a setup link for
 * owner@localhost on a line of its own (printed by `vitrine serve` itself, issue #31); following that
 * link in Chromium names the account, sets the password and lands the owner signed in.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript module of the server's bin folder, without types.
import { runsOnGlibc } from '../../packages/server/bin/node-flags.js';
import { launchChromium, newPhonePage } from './support/browser.js';
import { expectConsoleMessage } from './support/console-guard.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));
// A data directory that does not exist yet, as on a newcomer's first `npm start`.
const scratch = mkdtempSync(join(tmpdir(), 'vitrine-npm-start-'));
const dataDir = join(scratch, 'data');
const running: ChildProcess[] = [];

afterAll(async () => {
  for (const child of running) child.kill('SIGTERM');
  await Promise.all(
    running.map(
      (child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve))),
    ),
  );
  rmSync(scratch, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Runs `npm start`'s script until the server says it is running; returns everything it printed. */
async function npmStart(port: number): Promise<{ output: string; stop(): Promise<void> }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    VITRINE_DATA_DIR: dataDir,
    NODE_ENV: 'development',
  };
  delete env.DATABASE_URL;
  delete env.VITRINE_ADMIN_KEY;
  const child = spawn(process.execPath, [join(repo, 'scripts/start.mjs')], {
    cwd: repo,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      // The server's summary ends with the signing-keys line: everything before it has been printed.
      if (/owner console:.*\n(.*\n)*\s+signing keys:/.test(output)) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
  return {
    output,
    stop: () => new Promise<void>((resolve) => (child.once('exit', () => resolve()), child.kill('SIGTERM'))),
  };
}

const setupLinks = (output: string) =>
  output.split('\n').filter((line) => /^https?:\/\/\S+\/console\/setup\?token=[A-Za-z0-9_-]{43}$/.test(line));

describe('npm start', () => {
  it(
    'prints the console address, and on the first start only a setup link for owner@localhost that works',
    { timeout: 300_000 },
    async () => {
      const port = await freePort();
      const first = await npmStart(port);
      const base = `http://127.0.0.1:${port}`;
      expect(first.output).toContain(`owner console:        ${base}/console`);
      expect(first.output).toContain('owner@localhost');
      const [link] = setupLinks(first.output);
      expect(link, first.output).toBeDefined();
      expect(link!.startsWith(`${base}/console/setup?token=`)).toBe(true);

      expect(first.output).toContain('First start: no owner has a password yet');
      // npm start puts the server's node flags on its command line (bin/node-flags.js): the server reads them back.
      expect(first.output).toMatch(/memory: +node --max-semi-space-size=2 \(VITRINE_NODE_FLAGS\), collected when idle/);
      // …and glibc's trim threshold in its environment, read once when the process starts.
      if (runsOnGlibc())
        expect(first.output).toContain('malloc trim threshold 1048576 (VITRINE_MALLOC_TRIM_THRESHOLD)');

      // The link's page offers the account's address (the first owner may type their own, issue #53); kept here,
      // setting the password signs the owner in.
      const browser = await launchChromium();
      try {
        const page = await newPhonePage(browser, { onlyOrigin: base, stepTimeoutMs: 30_000 });
        await page.goto(link!);
        await page.getByRole('heading', { name: 'Set up your console account' }).waitFor();
        await expect(page.getByLabel('Your email').inputValue()).resolves.toBe('owner@localhost');
        await page.getByLabel('Password', { exact: true }).fill('newcomer password 1');
        await page.getByRole('button', { name: 'Set password and sign in' }).click();
        await page.getByRole('button', { name: 'Sign out' }).waitFor();
        await page.getByRole('heading', { name: 'Overview' }).waitFor();
        expect(new URL(page.url()).pathname).toBe('/console');
        // The link works once, and says so when opened again: the server answers the used token 410, which
        // Chromium logs.
        expectConsoleMessage(page, { text: /status of 410/, url: /\/_admin\/v1\/console\/setup\?token=[\w-]{43}$/ });
        await page.goto(link!);
        await page.getByRole('heading', { name: 'This link cannot be used' }).waitFor();
        expect(await page.getByRole('alert').innerText()).toContain('This link was used already: owner@localhost');
      } finally {
        await browser.close();
      }
      const signIn = await fetch(`${base}/_admin/v1/console/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'owner@localhost', password: 'newcomer password 1' }),
      });
      expect(signIn.status).toBe(200);
      expect(((await signIn.json()) as { owner: { role: string } }).owner.role).toBe('owner');
      await first.stop();

      // A later start on the same data directory: the address again, no new owner and no link.
      const again = await npmStart(port);
      expect(again.output).toContain(`owner console:        ${base}/console`);
      expect(setupLinks(again.output)).toEqual([]);
      expect(again.output).not.toContain('First start');
      await again.stop();
    },
  );
});
