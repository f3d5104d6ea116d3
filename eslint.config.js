import js from '@eslint/js';
import globals from 'globals';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      '.reports/**',
      '**/test-results/**',
      'web/src/routeTree.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      // Modules talk through their public index only (docs/architecture.md, Boundary rules).
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@app/*/src/*', '@app/*/dist/*'], message: 'Import a package through its public index.' },
          ],
        },
      ],
    },
  },
  {
    // Typed lint (issue 22): rules that need the type checker (floating promises, unsafe `any` flows,
    // needless awaits) over the server code the tsconfig projects cover. Tests and libs/testing (test
    // support, built by jest alone) are in no tsconfig project, so they stay on the untyped set.
    files: ['libs/*/src/**/*.ts', 'api/src/**/*.ts', 'worker/src/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/test/**', 'libs/testing/**'],
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    // A `!` hides the case it asserts away; outside tests, check it (or type it out) instead.
    rules: { '@typescript-eslint/no-non-null-assertion': 'error' },
  },
  {
    // Nest resolves constructor parameters from emitted type metadata: those imports must stay values.
    files: ['api/src/**/*.ts', 'worker/src/**/*.ts', 'libs/platform/src/nest/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Accessibility of the markup (issue 22): labels tied to inputs, roles, keyboard access.
    ...jsxA11y.flatConfigs.recommended,
    files: ['web/**/*.tsx'],
  },
  {
    files: ['**/*.spec.ts', '**/test/**/*.ts', 'web/e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
