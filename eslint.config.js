import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
);
