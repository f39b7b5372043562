import { spawnSync } from 'node:child_process';
import { createPublicKey, sign, verify } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { generateEs256KeyPair } from './es256-key-pair.js';

describe('generateEs256KeyPair', () => {
  it('gives a P-256 private key and the JWKs of both halves, which sign and verify together', () => {
    const { privateKey, privateJwk, publicJwk } = generateEs256KeyPair();
    expect(privateKey.asymmetricKeyType).toBe('ec');
    expect(privateJwk).toMatchObject({ kty: 'EC', crv: 'P-256', x: publicJwk.x, y: publicJwk.y });
    expect(Buffer.from(privateJwk.d!, 'base64url')).toHaveLength(32);
    expect(publicJwk.d).toBeUndefined();
    const signature = sign('sha256', Buffer.from('payload'), privateKey);
    expect(
      verify('sha256', Buffer.from('payload'), createPublicKey({ key: publicJwk, format: 'jwk' }), signature),
    ).toBe(true);
  });

  // In a process of its own, killed when it hangs: the deadlock it guards against stops the thread for good
  // (es256-key-pair.ts says how), and generating then exporting the naive way hangs within a few hundred keys.
  it('makes 1,500 key pairs one after another in a fresh Node process without hanging', async () => {
    // The loop and the module in one script, bundled from source (Node 20 runs no TypeScript).
    const bundled = await build({
      stdin: {
        contents: `import { generateEs256KeyPair } from './es256-key-pair.ts';
          let made = 0;
          for (; made < 1500; made++) generateEs256KeyPair();
          console.log('made', made);`,
        resolveDir: fileURLToPath(new URL('.', import.meta.url)),
        loader: 'ts',
      },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      write: false,
      logLevel: 'error',
    });
    const loop = bundled.outputFiles[0]!.text;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', loop], {
      encoding: 'utf8',
      timeout: 20_000,
      killSignal: 'SIGKILL',
    });
    expect({ signal: child.signal, status: child.status, stdout: child.stdout.trim(), stderr: child.stderr }).toEqual({
      signal: null,
      status: 0,
      stdout: 'made 1500',
      stderr: '',
    });
  });
});
