// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

/**
 * Import boundaries of docs/architecture.md §3:
 * shared ← server; shared ← api ← runtime ← app; panels import only src/runtime's panel SDK and src/shared.
 */
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const rule = (group, message) => ({ group, message });

export default tseslint.config(
  {
    ignores: ['dist/', 'var/', 'node_modules/', 'test-results/', 'playwright-report/', 'public/', 'storybook-static/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // No import cycles anywhere (docs/architecture.md §7): imports name the real file, so Node's resolution finds it.
    // Type-only imports are erased at build time and do not count.
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver()],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/**/*.tsx', 'panels/**/*.tsx', '.storybook/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      // A labelled region that scrolls must take the keyboard focus so its content can be scrolled without a mouse
      // (axe scrollable-region-focusable, WCAG 2.1.1): the system pages' tables scroll inside their panels.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
    },
  },
  {
    files: ['src/shared/**'],
    rules: restrict([
      rule(
        ['**/server/**', '**/api/**', '**/runtime/**', '**/app/**', '**/panels/**', '**/machines/**'],
        'src/shared depends on nothing else in the project.',
      ),
    ]),
  },
  {
    // src/shared is a leaf (docs/architecture.md §3): it imports nothing of the project outside itself, so the server,
    // the browser and the scripts can each take it without the others' code. The layout validator gets the panel kinds
    // and the layout schema passed in (schemas/layout-catalog.ts). Tests may read fixtures from anywhere.
    files: ['src/shared/**'],
    ignores: ['src/shared/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/shared',
              from: '.',
              except: ['./src/shared', './node_modules'],
              message:
                'src/shared imports nothing outside src/shared (pass what it needs in, e.g. the layout catalog).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**'],
    rules: restrict([
      rule(
        ['**/api/**', '**/runtime/**', '**/app/**', '**/machines/**', '**/panels/**', 'react', 'react-dom'],
        'src/server imports only src/shared.',
      ),
    ]),
  },
  {
    // The code several reports share (their context, period, measures, KPI comparisons, OEE) belongs to no report.
    files: ['src/server/reports/common/**'],
    rules: restrict([
      rule(
        ['**/api/**', '**/runtime/**', '**/app/**', '**/machines/**', '**/panels/**', 'react', 'react-dom'],
        'src/server imports only src/shared.',
      ),
      rule(['../*/**', '!../../**'], 'src/server/reports/common imports no report folder: the reports import it.'),
    ]),
  },
  {
    files: ['src/api/**'],
    rules: restrict([
      rule(['**/server/**', '**/runtime/**', '**/app/**', '**/panels/**'], 'src/api imports only src/shared.'),
    ]),
  },
  {
    files: ['src/machines/**'],
    rules: restrict([
      rule(
        ['**/server/**', '**/runtime/**', '**/app/**', '**/panels/**'],
        'machines import only src/shared and src/api.',
      ),
    ]),
  },
  {
    files: ['src/runtime/**'],
    rules: restrict([
      rule(['**/server/**', '**/app/**'], 'src/runtime must not import the server or the app shell.'),
      rule(['**/panels/*/**', '!**/panels/registry*'], 'src/runtime reaches panels only through panels/registry.ts.'),
    ]),
  },
  {
    files: ['src/app/**'],
    rules: restrict([
      rule(['**/server/**'], 'the browser app must not import server code.'),
      rule(['**/panels/*/**'], 'the app reaches panels only through the layout runtime.'),
    ]),
  },
  {
    files: ['panels/**'],
    rules: restrict([
      rule(
        ['**/server/**', '**/app/**', '**/api/**', '**/machines/**'],
        'panels import only the runtime panel SDK (src/runtime/panel-sdk) and src/shared.',
      ),
      rule(
        ['**/runtime/*', '!**/runtime/panel-sdk*', '!**/runtime/panel-definition*'],
        'panels import only the runtime panel SDK (src/runtime/panel-sdk.ts; its React-free panel-definition.ts in index.ts).',
      ),
    ]),
  },
  {
    files: ['panels/*/**'],
    rules: restrict([
      rule(
        ['**/server/**', '**/app/**', '**/api/**', '**/machines/**'],
        'panels import only the runtime panel SDK and src/shared.',
      ),
      rule(
        ['**/runtime/*', '!**/runtime/panel-sdk*', '!**/runtime/panel-definition*'],
        'panels import only the runtime panel SDK (src/runtime/panel-sdk.ts; its React-free panel-definition.ts in index.ts).',
      ),
      rule(['../*/**', '!../registry*', '!../../**'], 'a panel never imports another panel.'),
    ]),
  },
);
