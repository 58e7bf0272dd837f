import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

export default tseslint.config(
  { ignores: ['node_modules', 'web/dist', 'data', 'docs', 'pacts', '.tmp', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['scripts/**/*.mjs'], languageOptions: { globals: { process: 'readonly', console: 'readonly' } } },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'import-x/no-cycle': 'error',
      // Feature folders with one-way imports: app -> features -> shared; a feature never imports another.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './web/src/features/auth', from: './web/src/features', except: ['./auth'] },
            { target: './web/src/features/welcome', from: './web/src/features', except: ['./welcome'] },
            { target: './web/src/features/profile', from: './web/src/features', except: ['./profile'] },
            { target: './web/src/features', from: './web/src/app' },
            { target: ['./web/src/lib', './web/src/components'], from: ['./web/src/app', './web/src/features'] },
            { target: './machines', from: ['./web', './api-mock'] },
            { target: './contract', from: ['./web', './api-mock', './machines'] },
            { target: './web', from: './api-mock' },
            { target: './api-mock', from: './web' },
          ],
        },
      ],
    },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
  },
);
