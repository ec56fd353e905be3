// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Dependency direction: shared (components, lib, utils, config, testing) -> features -> app.
// A feature imports only itself and shared code; shared code imports no feature and no app code.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const noAppImports = { regex: '(^@/app/|(^|/)app/)', message: 'Only src/app may import from src/app.' };

export default defineConfig(
  { ignores: ['dist', 'dist-wallet', 'node_modules', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
    },
  },
  {
    // This config file and the build scripts are plain JavaScript outside the TypeScript projects.
    files: ['**/*.js', 'scripts/**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    extends: [reactHooks.configs.flat['recommended-latest']],
  },
  {
    // The wallet (wallet/) is a separate app on its own origin: none of the site's code may run there.
    files: ['wallet/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    extends: [reactHooks.configs.flat['recommended-latest']],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@/|(\\.\\./)+src/)',
              message: 'The wallet imports nothing from the site (src/): it runs on another origin.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['*.{js,ts}', 'e2e/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/{components,lib,utils,config,testing}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^@/features/|(^|/)features/)', message: 'Shared code must not import features.' },
            noAppImports,
          ],
        },
      ],
    },
  },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(?!@/features/${feature}/).*features/`,
              message: 'No imports across features: move shared code to src/components, src/lib or src/utils.',
            },
            noAppImports,
          ],
        },
      ],
    },
  })),
);
