// Lint rules for the whole repository: TypeScript, React hooks and JSX accessibility.
// `npm run lint` runs it; `npm test` fails on any error or warning.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['node_modules/', 'dist/', 'client/dist/', 'electron/dist/', 'release/', 'data/', 'test-results/', 'playwright-report/', '.node-lts/', '.tmp-binary/', '.bench-scale/', 'coverage/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Type-only imports keep server code out of the client bundle.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always'],
      // Several checks deliberately refuse control characters (\u0000-\u001f) in paths and addresses.
      'no-control-regex': 'off',
      'no-console': 'off',
    },
  },
  {
    // Plain scripts served to browsers as they are (client/public/boot.js).
    files: ['client/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    ignores: ['client/vite.config.ts', 'client/build/**', 'client/e2e/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // Nothing of the server in the browser bundle: run-time vocabularies come from @shared/domain
      // (and the form labels of request fields from @shared/field-labels),
      // API shapes from @shared/api-types and only as types (erased at build); the address and text
      // rules both sides apply from @shared/public-paths and @shared/text (no server code in them).
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [{ name: '@shared/api-types', allowTypeImports: true, message: 'API shapes are types: use `import type`.' }],
        patterns: [
          {
            group: ['@shared/*', '!@shared/domain', '!@shared/api-types', '!@shared/field-labels', '!@shared/public-paths', '!@shared/text'],
            message: 'The client may use @shared/domain, @shared/field-labels, @shared/api-types, @shared/public-paths and @shared/text only.',
          },
          { group: ['**/src/**'], message: 'Server code never goes into the client: use @shared/domain or @shared/api-types.' },
        ],
      }],
    },
  },
  {
    files: ['client/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // Migrations are written against Kysely<any> so that a landed migration never depends on
    // today's schema types.
    files: ['src/db/migrations/**', 'src/db/migrator.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Declaration files describe shapes defined elsewhere.
    files: ['**/*.d.ts', '**/*.d.mts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
