import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.e2e-data/**', 'apps/web/public/**', 'bench/results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // A service is built from one options object, not a row of positional arguments (issue 52).
    files: ['apps/server/src/services/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MethodDefinition[kind='constructor'] > FunctionExpression[params.length>3]",
          message:
            'A service takes one options object beyond three parameters: `constructor(private readonly deps: {…})`.',
        },
      ],
    },
  },
  {
    // The web calls the API through the endpoint catalogue (lib/api-client.ts), never by a URL of its own.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/api\\//], TemplateElement[value.raw=/^\\/api\\//]',
          message: 'Call the endpoint from @cloudphone/contracts/endpoints with `call` (lib/api-client.ts).',
        },
      ],
    },
  },
  {
    // Features never import each other (STYLE: bulletproof-react): a piece two features use lives in
    // components/, hooks/ or lib/, and a view of one shown inside another is joined in app/joined-views.ts.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../../*/**', '!../../../**'],
              message:
                'Features never import each other: share it from components/, hooks/ or lib/, or join it in app/.',
            },
          ],
        },
      ],
    },
  },
  {
    // The endpoint catalogue is plain data for clients: its schemas are named, never imported (endpoint.ts).
    files: ['packages/contracts/src/endpoints/**/*.ts'],
    ignores: ['packages/contracts/src/endpoints/schemas.ts', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['*', '.*'],
              allowTypeImports: true,
              message: 'The catalogue takes only types: name a schema through `s` instead of importing it.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server reaches the device host only through its contract (packages/contracts/src/host-api.ts)
    // and its public entry, never its internals (issue 21).
    files: ['apps/server/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // The test tools in its `testing/` (the adb client, the huge-body sender, the adb command table, the
              // scrcpy device double, the demo game's gold as the store keeps it) are public too.
              group: [
                '@cloudphone/device-host/*',
                '!@cloudphone/device-host/adb-client',
                '!@cloudphone/device-host/huge-body',
                '!@cloudphone/device-host/adb-commands',
                '!@cloudphone/device-host/scrcpy-double',
                '!@cloudphone/device-host/game-gold',
                '**/device-host/src/**',
              ],
              message: "Import the device host from '@cloudphone/device-host' (its public entry) or the host contract.",
            },
          ],
        },
      ],
    },
  },
  { files: ['**/*.js', '**/*.mjs'], languageOptions: { globals: { ...globals.node } } },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } } },
);
