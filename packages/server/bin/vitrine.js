#!/usr/bin/env node
// The `vitrine` command. Runs the built server; builds it first when this checkout has not yet.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';
import { missingNodeEnv, missingNodeFlags, nodeEnvFromEnv, nodeFlagsFromEnv } from './node-flags.js';

const args = process.argv.slice(2);

if (args[0] === 'serve') {
  const { flags, error } = nodeFlagsFromEnv();
  const wanted = nodeEnvFromEnv();
  if (error || wanted.error) {
    console.error(`Vitrine cannot start: ${error ?? wanted.error}`);
    process.exit(1);
  }
  const missing = missingNodeFlags(flags);
  const missingEnv = missingNodeEnv(wanted.env);
  if (missing.length > 0 || Object.keys(missingEnv).length > 0) await serveWithFlags(missing, missingEnv);
}

const dist = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(fileURLToPath(dist))) {
  const { build } = await import('../scripts/build.mjs');
  await build();
}
const { main } = await import(dist.href);
const code = await main(args);
if (typeof code === 'number' && code !== 0) process.exit(code);

/**
 * `vitrine serve` again, in a child with the flags node, and the environment glibc, only take at start
 * (bin/node-flags.js). This
 * process stays as the child's parent and loads nothing else (~7 MB of its own beside the node binary's
 * shared pages). The child has a process group of its own, so a terminal's Ctrl-C reaches it once, from
 * here: twice would cut its shutdown short while the database closes.
 */
async function serveWithFlags(flags, env) {
  const child = spawn(process.execPath, [...process.execArgv, ...flags, fileURLToPath(import.meta.url), ...args], {
    env: { ...process.env, ...env },
    stdio: 'inherit',
    detached: true,
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.once('error', (error) => {
    console.error(`Vitrine cannot start: ${error.message}`);
    process.exit(1);
  });
  const [code, signal] = await new Promise((resolve) => child.once('exit', (...end) => resolve(end)));
  process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
}
