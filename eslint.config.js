// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Import boundaries (ARCHITECTURE.md §4.1): app → features → components/lib/contracts on the
 * web; a feature never imports another feature. Server code may use db and contracts; db only
 * contracts; contracts nothing of ours.
 */
const boundaryElements = [
  // The texts the server writes from (decision 038: the twin's, the demo sandbox's): with the web
  // app's translations, the one part of the web app the server may read.
  { type: 'server-texts', pattern: 'apps/web/src/locales/*/{twin,demo}.json', mode: 'file' },
  { type: 'web-app', pattern: 'apps/web/src/app' },
  { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
  {
    type: 'web-shared',
    pattern: [
      'apps/web/src/components',
      'apps/web/src/lib',
      'apps/web/src/locales',
      'apps/web/src/test-support',
    ],
  },
  { type: 'web-entry', pattern: 'apps/web/src/*.tsx', mode: 'file' },
  // Fake outside servers the server tests use; the end-to-end tests run the same fakes.
  { type: 'server-test-support', pattern: 'apps/server/src/test-support' },
  { type: 'server', pattern: 'apps/server' },
  { type: 'db', pattern: 'packages/db' },
  { type: 'contracts', pattern: 'packages/contracts' },
  { type: 'e2e', pattern: 'e2e' },
];

/** `../<module>/<file>` from inside a server module: another module's insides. */
const moduleFilesFromModules = {
  regex: '^\\.\\./[^./][^/]*/.+',
  message: 'Import another server module through its index.ts (`../<module>`), not its files.',
};
/** `…/modules/<module>/<file>` from outside the modules: a module's insides. */
const moduleFilesFromOutside = {
  regex: '(^|/)modules/[^/]+/.+',
  message: 'Import a server module through its index.ts (`…/modules/<module>`), not its files.',
};

const routesHoldNoSql = ['@doppel/db', 'drizzle-orm'].map((name) => ({
  name,
  allowTypeImports: true,
  message: 'Routes hold no SQL: call a domain function of the module.',
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'packages/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/only-throw-error': 'off',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // Fastify plugins are async functions by contract, with or without an await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', '**/test-support/**'],
    rules: {
      // Test assertions read untyped JSON bodies on purpose.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts', 'e2e/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': boundaryElements,
      'boundaries/include': ['apps/**/*', 'packages/**/*', 'e2e/**/*'],
      'import/resolver': {
        typescript: {
          noWarnOnMultipleProjects: true,
          project: [
            'apps/web/tsconfig.json',
            'apps/server/tsconfig.json',
            'packages/*/tsconfig.json',
            'e2e/tsconfig.json',
          ],
        },
      },
    },
    rules: {
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          rules: [
            { from: 'web-entry', allow: ['web-app', 'web-shared', 'contracts'] },
            { from: 'web-app', allow: ['web-app', 'web-feature', 'web-shared', 'contracts'] },
            {
              from: 'web-feature',
              allow: [['web-feature', { feature: '${from.feature}' }], 'web-shared', 'contracts'],
            },
            { from: 'web-shared', allow: ['web-shared', 'contracts'] },
            { from: 'server', allow: ['server', 'server-test-support', 'db', 'contracts', 'server-texts'] },
            { from: 'server-test-support', allow: ['server', 'server-test-support', 'db', 'contracts'] },
            { from: 'db', allow: ['db', 'contracts'] },
            { from: 'contracts', allow: ['contracts'] },
            { from: 'e2e', allow: ['e2e', 'server-test-support', 'contracts'] },
          ],
        },
      ],
    },
  },
  {
    // Server modules talk through each other's index.ts (docs/architecture.md), never through
    // another module's files; `npm run lint` also refuses import cycles
    // (scripts/check-server-modules.mjs).
    files: ['apps/server/src/modules/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [moduleFilesFromModules] }] },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/modules/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [moduleFilesFromOutside] }] },
  },
  {
    // A route parses its input, calls its module's domain functions and answers: no queries.
    files: ['apps/server/src/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: routesHoldNoSql, patterns: [moduleFilesFromOutside] }],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: routesHoldNoSql, patterns: [moduleFilesFromModules] }],
    },
  },
);
