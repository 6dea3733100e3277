// @ts-check
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The dependency direction is the architecture's one hard rule: web -> sync-protocol <- api.
 * Each package is refused the imports that would break it, by package name and by path.
 */
const ZOD_VIA_PROTOCOL = {
  name: 'zod',
  message:
    "Import { z } from '@urs/sync-protocol' (or its src/zod.ts): it sets zod's jitless mode, which the CSP needs.",
};

const boundary = (files, forbidden, why, paths = []) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths,
        patterns: forbidden.map((name) => ({
          group: [`@urs/${name}`, `@urs/${name}/*`, `**/${name}/src/**`, `**/${name}/dist/**`],
          message: why,
        })),
      },
    ],
  },
});

/**
 * Inside web/src imports run one way: app -> features -> components -> sync -> client -> lib, with
 * db/ beside client and pwa/ beside components. A feature reaches another only through a shared
 * layer below both.
 */
const WEB = 'web/src';
const FEATURES = [
  'admin-areas',
  'admin-users',
  'analytics',
  'announcements',
  'auth',
  'dashboard',
  'inventory',
  'not-found',
  'profile',
  'reports',
  'settings',
  'shell',
];
const layer = (target, from, message) => ({
  target: `${WEB}/${target}`,
  from: from.map((f) => `${WEB}/${f}`),
  message,
});
const webLayers = {
  files: ['web/src/**'],
  plugins: { 'import-x': importX },
  settings: {
    'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
    'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
    'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'web/tsconfig.json' })],
  },
  rules: {
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
    'import-x/no-restricted-paths': [
      'error',
      {
        zones: [
          ...FEATURES.map((name) => ({
            ...layer(
              `features/${name}`,
              FEATURES.filter((other) => other !== name).map((o) => `features/${o}`),
              "A feature imports another only through that feature's index.ts (its public surface); move what both need to components/, sync/ or lib/.",
            ),
            except: ['./index.ts'],
          })),
          layer('features', ['app'], 'Features are wired by app/, never the other way round.'),
          layer(
            'components',
            ['app', 'features'],
            'components/ is shared by features: it imports none.',
          ),
          layer(
            'sync',
            ['app', 'features', 'components', 'pwa'],
            'sync/ imports no feature, component or app wiring.',
          ),
          layer(
            'client',
            ['app', 'features', 'components', 'sync', 'db', 'pwa'],
            'client/ holds the stateful client services (API client, session, pollers, admin resources): it imports only lib/.',
          ),
          layer(
            'db',
            ['app', 'features', 'components', 'sync', 'client', 'pwa'],
            'db/ is the storage schema: it imports only lib/.',
          ),
          layer(
            'lib',
            ['app', 'features', 'components', 'sync', 'client', 'db', 'pwa'],
            'lib/ is the leaf toolkit (formatting, i18n helpers, small pure utilities): it imports nothing of the app.',
          ),
          layer(
            'pwa',
            ['app', 'features'],
            'pwa/ is shared by features and app: it imports neither.',
          ),
        ],
      },
    ],
  },
};

const API_NOT_WEB = {
  group: ['@urs/web', '@urs/web/*', '**/web/src/**', '**/web/dist/**'],
  message: 'api never imports web; share code through @urs/sync-protocol.',
};

/**
 * Inside the API, imports run one way: routes -> services -> data (db/, data/, auth/), and
 * sync -> data/auth. Tests may reach across to build fixtures.
 */
const apiLayer = (files, forbidden, why, ignores = []) => ({
  files,
  ignores: ['**/*.test.ts', '**/test-kit.ts', ...ignores],
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: [API_NOT_WEB, { group: forbidden, message: why }] },
    ],
  },
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dev-dist/**',
      '**/coverage/**',
      '**/.turbo/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.mjs', 'scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': 'off',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  { files: ['web/src/**'], languageOptions: { globals: { ...globals.browser } } },
  webLayers,
  boundary(
    ['web/**'],
    ['api'],
    'web talks to the API over HTTP only; share code through @urs/sync-protocol.',
    [ZOD_VIA_PROTOCOL],
  ),
  // The browser tests start the API as a process of its own; they may share the API tests'
  // fixtures (a test OpenID provider), never the API's code.
  {
    files: ['web/e2e/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [ZOD_VIA_PROTOCOL],
          patterns: [
            {
              regex: '^@urs/api(/|$)|(^|/)api/(dist|src(?!/test/))/',
              message: 'Browser tests drive the API over HTTP; they may share only api/src/test.',
            },
          ],
        },
      ],
    },
  },
  boundary(['api/**'], ['web'], 'api never imports web; share code through @urs/sync-protocol.'),
  apiLayer(
    ['api/src/db/**', 'api/src/data/**', 'api/src/auth/**'],
    ['**/services/*', '**/sync/*', '**/routes/*', '**/middleware/*'],
    'The data layer and the policy sit below services, sync and routes.',
  ),
  apiLayer(
    ['api/src/sync/**'],
    ['**/services/*', '**/routes/*', '**/middleware/*'],
    'Sync reads and writes through data/ and db/ and authorises through auth/.',
    ['api/src/sync/routes.ts'],
  ),
  apiLayer(
    ['api/src/services/**'],
    ['**/routes/*', '**/sync/*', '**/middleware/*'],
    'Services sit below routes and beside sync; share through data/ or auth/.',
  ),
  boundary(
    ['sync-protocol/**'],
    ['api', 'web', 'scripts'],
    'sync-protocol is the shared contract: it imports neither side.',
  ),
  {
    files: ['sync-protocol/src/**'],
    ignores: ['sync-protocol/src/zod.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [ZOD_VIA_PROTOCOL],
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'http', 'crypto'],
              message: 'sync-protocol does no I/O and runs in the browser too.',
            },
            {
              group: ['@urs/api', '@urs/web', '**/api/src/**', '**/web/src/**'],
              message: 'sync-protocol is the shared contract: it imports neither side.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
