import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'packages/db/src/generated/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      '**/.turbo/**',
      '**/.e2e-builds/**',
      '**/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'packages/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Layers point one way (docs/decisions/foundation.md): schemas ← services ← routers ← REST adapter and web.
  // Services take what they use (the database, the config, the services they call): never the request context
  // (context.ts: cookies, request details), the tRPC layer (trpc.ts) or a router. No import cycle in
  // packages/api/src: packages/api/src/no-import-cycle.test.ts.
  {
    files: ['packages/api/src/services/**/*.ts', 'packages/api/src/schemas/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/routers/**', '**/routers'], message: 'Services and schemas never import routers.' },
            {
              regex: '^(\\.\\./)+(context|trpc|auth-cookies|send-procedures)(\\.js)?$',
              message:
                'Services never import the request context (context.ts) or the tRPC layer (trpc.ts, auth-cookies.ts, send-procedures.ts): take what you use as parameters; cookies and request details stay in routers and the REST adapter.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/api/src/schemas/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/routers/**', '**/services/**', '@app/db', '@app/db/*'],
              message: 'Schemas are pure zod shared with the browser: no routers, services or database.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/api/src/routers/**/*.ts'],
    ignores: ['packages/api/src/routers/index.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['./*', '!./*.test.js'],
              message: 'Routers never import other routers: move shared code into services/ or schemas/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@app/api(?!/(client|schemas)$)',
              message:
                'The web imports only @app/api/client and @app/api/schemas (no server code in the browser).',
            },
            {
              group: ['**/packages/api/**', '**/packages/db/**', '@app/db', '@app/db/*'],
              message: 'No server code in the web app.',
            },
          ],
        },
      ],
    },
  },
  // Functions that read in one sitting (issue 41): no function or component in the web app over 200 lines,
  // counted as written (blank lines and comments included, as the issue measured them); tests are exempt.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: 200, skipBlankLines: false, skipComments: false, IIFEs: true },
      ],
    },
  },
  {
    files: ['packages/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', '@app/api', '@app/api/*', '@app/db', '@app/db/*'],
              message: 'packages/ui depends on no app or server code.',
            },
          ],
        },
      ],
    },
  },
  // Functions that read in one sitting (issue 41): at most 200 lines (blank lines and comments count) in the
  // services; tests are exempt. Files still listed under `ignores` hold a function over the limit that is being
  // split; remove a file from the list once it fits.
  {
    files: ['packages/api/src/services/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 200 }],
    },
  },
);
