import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const OUTBOUND =
  'Outbound HTTP goes through packages/server/src/http/outbound/ (outboundFetch, outboundRequest): the SSRF guard, timeout and size cap.';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.vitrine/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'no-restricted-syntax': [
        'error',
        {
          // Vitest's vi.unstubAllEnvs() deletes from the original object: after a swap, stubs outlive their test.
          selector: "AssignmentExpression[left.object.name='process'][left.property.name='env']",
          message: 'Do not replace process.env: use vi.stubEnv() and vi.unstubAllEnvs() in tests.',
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**', '**/bin/**', '**/cli.ts', 'packages/server/scripts/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // One outbound HTTP client (packages/server/src/http/outbound/, docs/webhooks.md "SSRF guard"): every
    // request whose address a site setting, an owner, a member or an API key can influence goes through
    // it, so the SSRF guard, the timeout, the size cap and the no-redirect rule cannot be forgotten (audit
    // V5-7). Elsewhere in the server, fetch and the HTTP client modules are refused. Exempt by name: the
    // client itself; the CLI commands (cli-*.ts, backup/commands.ts), which call the operator's own server
    // at the URL the operator typed. (Test helpers live in packages/server/test-support/, outside this rule.)
    // Inline browser scripts in template strings are text, not code, and are not affected.
    files: ['packages/server/src/**/*.ts'],
    ignores: [
      'packages/server/src/**/*.test.ts',
      'packages/server/src/http/outbound/**',
      'packages/server/src/cli-*.ts',
      'packages/server/src/backup/commands.ts',
    ],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: OUTBOUND }],
      'no-restricted-properties': ['error', { object: 'globalThis', property: 'fetch', message: OUTBOUND }],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            'node:http',
            'http',
            'node:https',
            'https',
            'node:http2',
            'http2',
            'undici',
            'node-fetch',
            'axios',
            'got',
          ].map((name) => ({ name, allowTypeImports: true, message: OUTBOUND })),
        },
      ],
    },
  },
);
