// @ts-check
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * An import pattern for a relative path into one of the repository's top-level `folders`.
 * @param {string} folders
 * @param {string} message
 */
const outside = (folders, message) => ({ regex: `^(\\.\\./)+(${folders})(/|$)`, message });

/** The repository's top-level folders beyond shared/ and server/. */
const elsewhere = 'site|backoffice|tests|bench|deploy|public';

const apiOverHttp =
  'site/ and backoffice/ reach the server over HTTP, through the typed client in shared/api.';
const serverKnowsNoPages = 'The server knows no pages: it mounts the built site, never imports it.';
const testCode = 'Test code lives in tests/ and beside the code as *.test.ts, never in the server.';
const sharedStandsAlone = 'shared/ imports nothing of ours outside shared/.';
const contractOnly = "The typed client takes only the API app's type from the server.";

export default defineConfig(
  {
    ignores: [
      'dist/',
      'dist-*/',
      '.astro/',
      'data/',
      'bench/.data/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      // Compiled from messages/*.json by `npm run i18n`.
      'shared/i18n/paraglide/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.strict,
  astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['info', 'warn', 'error'] }],
      // date-fns's index loads all of its few hundred modules: a start and every test file pay.
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='date-fns']",
          message: "Import each function from its own module ('date-fns/format').",
        },
      ],
    },
  },
  // Which way imports run (docs/architecture.md): shared/ imports nothing of ours; site/ and
  // backoffice/ reach the server over HTTP; the server knows no pages and no test code.
  {
    files: ['site/**', 'backoffice/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [outside('server', apiOverHttp)] }] },
  },
  {
    files: ['server/**'],
    ignores: ['server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [outside('site|backoffice', serverKnowsNoPages), outside('tests', testCode)] },
      ],
    },
  },
  {
    files: ['server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [outside('site|backoffice', serverKnowsNoPages)] },
      ],
    },
  },
  {
    files: ['shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [outside(`server|${elsewhere}`, sharedStandsAlone)] },
      ],
    },
  },
  {
    // The typed client's contract: the API app's type, erased at build, so no server code ships.
    files: ['shared/api/client.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { ...outside('server', contractOnly), allowTypeImports: true },
            outside(elsewhere, sharedStandsAlone),
          ],
        },
      ],
    },
  },
  {
    // In tests a missing value is a failed test anyway; asserting it is clearer than guarding.
    files: ['**/*.test.ts', 'tests/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
