// @ts-check
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));

/** File names are kebab-case; dots separate suffixes (`.test`, `.config`, `.d`). */
const kebabCase = {
  meta: { type: 'suggestion', schema: [], messages: { name: "File name '{{name}}' is not kebab-case." } },
  /** @param {import('eslint').Rule.RuleContext} context */
  create(context) {
    const name = path.basename(context.filename);
    const ok = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*$/.test(name);
    return {
      Program(node) {
        if (!ok) context.report({ node, messageId: 'name', data: { name } });
      },
    };
  },
};

/**
 * The local stack's lint (ADR 0022: a package of its own). `npm run lint` here lints the package alone; the
 * repository's eslint.config.js includes this config for local-supabase/ (and lints nothing there itself), so a
 * lint of the repository applies exactly these rules, once.
 */
export default defineConfig(
  globalIgnores(['node_modules', '.data']),
  {
    files: ['**/*.{js,mjs,cjs,ts}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    plugins: { 'import-x': importX, local: { rules: { 'filename-kebab-case': kebabCase } } },
    languageOptions: { globals: globals.node, parserOptions: { tsconfigRootDir: root } },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.mjs', '.json', '.d.ts'] })],
    },
    rules: {
      'local/filename-kebab-case': 'error',
      // local-supabase stands in for hosted Supabase: it knows nothing of the app that uses it.
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            {
              target: '.',
              from: '..',
              except: ['./local-supabase', './node_modules'],
              message: 'local-supabase stands in for hosted Supabase; it knows nothing of the app.',
            },
          ],
        },
      ],
      'import-x/first': 'error',
      'import-x/no-self-import': 'error',
      // Reported, not fatal, in code written by several hands at once: worth a look, never a blocked build.
      '@typescript-eslint/no-unused-vars': [
        'warn',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      'prefer-const': 'warn',
      'no-warning-comments': ['error', { terms: ['fixme'], location: 'start' }],
      // Test doubles and wire-level code handle untyped JSON on purpose.
      '@typescript-eslint/no-explicit-any': 'off',
      // `/[]/` is used deliberately as a "stop at nothing" character set by the REST query parser.
      'no-empty-character-class': 'off',
    },
  },
);
