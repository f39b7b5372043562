// `npm start`: build whatever is missing or out of date, then serve everything on one port.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeEnvFromEnv, nodeFlagsFromEnv } from '../packages/server/bin/node-flags.js';

const root = dirname(dirname(fileURLToPath(import.meta.url)));

function newest(dir) {
  if (!existsSync(dir)) return 0;
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : -1);

function step(label, command, args) {
  const started = Date.now();
  process.stdout.write(`• ${label}…\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`✗ ${label} failed (exit ${result.status}). Fix the error above and run npm start again.`);
    process.exit(result.status ?? 1);
  }
  process.stdout.write(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

const serverSrc = join(root, 'packages/server/src');
if (builtAt(join(root, 'packages/server/dist/cli.js')) < newest(serverSrc)) {
  step('Building the server', process.execPath, [join(root, 'packages/server/scripts/build.mjs')]);
}

const storefrontInputs = [
  'apps/storefront/src',
  'apps/storefront/index.html',
  'packages/sdk/src',
  'packages/react/src',
];
const storefrontNewest = Math.max(
  ...storefrontInputs.map((p) =>
    existsSync(join(root, p)) && statSync(join(root, p)).isDirectory() ? newest(join(root, p)) : builtAt(join(root, p)),
  ),
);
if (
  existsSync(join(root, 'apps/storefront/index.html')) &&
  builtAt(join(root, 'apps/storefront/dist/index.html')) < storefrontNewest
) {
  step('Building the storefront', 'npm', ['run', 'build', '--silent', '-w', '@vitrine/storefront']);
}

const consoleInputs = ['apps/console/src', 'apps/console/index.html'];
const consoleNewest = Math.max(
  ...consoleInputs.map((p) =>
    existsSync(join(root, p)) && statSync(join(root, p)).isDirectory() ? newest(join(root, p)) : builtAt(join(root, p)),
  ),
);
if (
  existsSync(join(root, 'apps/console/index.html')) &&
  builtAt(join(root, 'apps/console/dist/index.html')) < consoleNewest
) {
  step('Building the owner console', 'npm', ['run', 'build', '--silent', '-w', '@vitrine/console']);
}

// The very first start needs no step here: `vitrine serve` prints a one-time setup link for the first
// owner (owner@localhost, or VITRINE_OWNER_EMAIL) while no owner has a password.
// The server's node flags go on its command line here, and glibc's setting in its environment, so
// `vitrine serve` need not start itself again.
const nodeFlags = nodeFlagsFromEnv();
const nodeEnv = nodeEnvFromEnv();
if (nodeFlags.error || nodeEnv.error) {
  console.error(`✗ ${nodeFlags.error ?? nodeEnv.error}`);
  process.exit(1);
}
const child = spawn(
  process.execPath,
  [...nodeFlags.flags, join(root, 'packages/server/bin/vitrine.js'), 'serve', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...nodeEnv.env, PORT: process.env.PORT ?? '8080' },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
