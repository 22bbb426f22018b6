// One flat config for every workspace: typescript-eslint everywhere, React rules and
// jsx-a11y only where JSX lives.
import { readFileSync } from 'node:fs';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** A repository is imported only beside it (`./x.repository`): other modules call its service. */
const OTHER_REPOSITORY = {
  regex: '^(?!\\./[^/]+$).*\\.repository$',
  message: "Call the other module's service (src/services.ts), not its repository.",
};

/** Outside repositories and src/db/: neither Drizzle nor the schema, nor another's repository. */
const LAYERS = [
  {
    regex: '^drizzle-orm(/|$)|(^|/)db/schema(/|$)|^\\./schema(/|$)',
    message:
      'Only repositories (*.repository.ts) and src/db/ use Drizzle and the schema; the seed goes through services.',
  },
  OTHER_REPOSITORY,
];

/**
 * Each file of src/db/schema/ and the folder of src/ whose repositories own its tables: declared
 * once, in the schema's folder, and read by test/table-owners.test.ts as well.
 */
const SCHEMA_OWNERS = JSON.parse(
  readFileSync(new URL('./apps/api/src/db/schema/owners.json', import.meta.url), 'utf8'),
);

/** Forbids every schema file but `own` (none when null), the shared views and columns. */
const schemaImportsBut = (own) => ({
  regex: `(^|/)db/schema(/index)?$|(^|/)db/schema/(?!(${own === null ? '' : `${own}|`}views|columns)$)[^/]+$`,
  message:
    own === null
      ? 'This folder owns no tables: it imports db/schema/views (what it reads of the modules) or calls their services.'
      : `This folder's repositories import db/schema/${own} (their own tables) and db/schema/views (what they read of other modules).`,
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      'apps/api/drizzle/**',
      'e2e/artifacts/**',
      'test-results/**',
      'playwright-report/**',
      '.reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['scripts/**', '**/*.config.*', '**/build.mjs', '.ci/**'],
    languageOptions: { globals: globals.node },
    rules: { 'no-console': 'off' },
  },
  {
    files: ['apps/api/**', 'apps/game-demo/server/**', 'e2e/**'],
    languageOptions: { globals: globals.node },
  },
  {
    // The API's layering (docs/architecture.md): only repositories and src/db/ touch Drizzle and
    // the schema, and a module reaches another module through its service, never its repository.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.repository.ts', 'apps/api/src/db/**', '!apps/api/src/db/seed.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: LAYERS,
        },
      ],
    },
  },
  // A routes file shapes its own module's answers: what two modules' routes share (a wire mapper)
  // lives in the owning module's service or the contract, never in another module's routes.
  {
    files: ['apps/api/src/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...LAYERS,
            {
              regex: '\\.routes$',
              message:
                "A routes file imports no routes file: take the mapper from the owning module's service or the contract.",
            },
          ],
        },
      ],
    },
  },
  // A repository reads and writes its own module's tables only (src/db/schema/<module>.ts), in
  // whatever folder below its module it sits; what it needs of another module's tables is a named
  // view of src/db/schema/views.ts. Denied by default: a repository outside every owner's folder
  // may import the views and columns only.
  {
    files: ['apps/api/src/**/*.repository.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [OTHER_REPOSITORY, schemaImportsBut(null)] }],
    },
  },
  ...Object.entries(SCHEMA_OWNERS).map(([schema, folder]) => ({
    files: [`apps/api/src/${folder}/**/*.repository.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [OTHER_REPOSITORY, schemaImportsBut(schema)] },
      ],
    },
  })),
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/game-demo/src/**/*.ts'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['apps/web/src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['apps/web/src/**/*.tsx'],
    ...jsxA11y.flatConfigs.strict,
    rules: {
      ...jsxA11y.flatConfigs.strict.rules,
      // A named region that scrolls sideways (a wide table on a tablet) must take the focus so
      // the keyboard can scroll it (WCAG 2.1.1; axe's scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['tabpanel', 'region'] }],
    },
  },
);
