#!/usr/bin/env node
// The `vitrine` command. Runs the built server; builds it first when this checkout has not yet.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dist = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(fileURLToPath(dist))) {
  const { build } = await import('../scripts/build.mjs');
  await build();
}
const { main } = await import(dist.href);
const code = await main(process.argv.slice(2));
if (typeof code === 'number' && code !== 0) process.exit(code);
