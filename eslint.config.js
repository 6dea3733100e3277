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
  'district',
  'inventory',
  'not-found',
  'notifications',
  'profile',
  'public-report',
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
          {
            ...layer(
              'features',
              ['sync'],
              'Features reach sync only through its public entry, sync/index.ts (or photo-compress.ts, which holds no device state: the public poster form shrinks its photo without the sync engine).',
            ),
            except: ['./index.ts', './photo-compress.ts'],
          },
          {
            ...layer(
              'features/**/!(*.test).tsx',
              ['db'],
              "Components read and write IndexedDB through their feature's data module (queries as hooks, writes as functions), never db/ itself.",
            ),
          },
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

/**
 * Inside api/src imports run one way (docs/decisions/025-api-layers.md): the composition root
 * -> adapters (routes/, sync/, middleware/) -> services/ (rules) -> data/, db/, auth/ (schema,
 * SQL, wire rows, identity, session checking) -> storage/ -> lib/ and env.ts. Knowing who is
 * calling is auth/'s job, so middleware/ (the guard both adapters use) calls no service. Tests
 * (`*.test.ts`, `test-kit.ts`, test/) may reach across to build fixtures; nothing else is exempt.
 */
const API = 'api/src';
const API_ROOT = [
  'index.ts',
  'app.ts',
  'startup.ts',
  'public.ts',
  'create-admin.ts',
  'create-school.ts',
];
const API_TESTS = [`${API}/**/*.test.ts`, `${API}/**/test-kit.ts`, `${API}/test/**`];
const API_DATA = ['data', 'db', 'auth'];
const API_ADAPTERS = ['routes', 'sync', 'middleware'];
const apiZone = (target, from, message) => ({
  target: target.map((t) => `${API}/${t}`),
  from: from.map((f) => `${API}/${f}`),
  message,
});
const apiZones = [
  apiZone(
    ['routes'],
    [...API_ROOT, 'sync'],
    'routes/ are HTTP adapters: they import no sync route and none of the wiring above them.',
  ),
  apiZone(
    ['sync'],
    [...API_ROOT, 'routes'],
    'sync/ imports no REST route and none of the wiring: a rule both apply is a service both call.',
  ),
  apiZone(
    ['middleware'],
    [...API_ROOT, 'routes', 'sync', 'services'],
    'middleware/ is shared by routes/ and sync/: it imports neither, nor services/ (sessions are checked in auth/).',
  ),
  apiZone(
    ['services'],
    [...API_ROOT, ...API_ADAPTERS],
    'services/ hold the rules: they never import an adapter (routes/, sync/, middleware/) or the wiring.',
  ),
  apiZone(
    API_DATA,
    [...API_ROOT, ...API_ADAPTERS, 'services'],
    'data/, db/ and auth/ sit below services/ and the adapters.',
  ),
  apiZone(
    ['storage'],
    [...API_ROOT, ...API_ADAPTERS, 'services', ...API_DATA],
    'storage/ keeps photos: it imports only lib/ and env.ts.',
  ),
  apiZone(
    ['lib', 'env.ts'],
    [...API_ROOT, ...API_ADAPTERS, 'services', ...API_DATA, 'storage'],
    'lib/ and env.ts are the bottom layer: they import nothing above them.',
  ),
  apiZone(
    ['lib'],
    ['env.ts'],
    'lib/ is leaf utilities: the configuration reaches them as arguments.',
  ),
  apiZone(
    [
      ...API_ROOT.filter((file) => file !== 'public.ts'),
      ...API_ADAPTERS,
      'services',
      ...API_DATA,
      'storage',
      'lib',
      'env.ts',
    ],
    ['test'],
    "test/ holds fixtures for tests (and, through public.ts, for the scripts' tests) only.",
  ),
];
const importGraph = (project) => ({
  'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
  'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
  'import-x/resolver-next': [createTypeScriptImportResolver({ project })],
});
const apiLayers = [
  {
    files: [`${API}/**`],
    plugins: { 'import-x': importX },
    settings: importGraph('api/tsconfig.json'),
    // Type-only circles too: madge, in `npm run lint:cycles`, as no-cycle skips them.
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: [`${API}/**`],
    ignores: API_TESTS,
    plugins: { 'import-x': importX },
    settings: importGraph('api/tsconfig.json'),
    rules: { 'import-x/no-restricted-paths': ['error', { zones: apiZones }] },
  },
];

/**
 * scripts/src: each tool (seed/, bench/, lighthouse/, convergence/, icons/) imports another only
 * through seed/index.ts, seed's library surface; what two tools share sits in lib/, which
 * imports no tool; start.ts (the process entry of npm start) sits on top. The API is used
 * through its package entry (api/src/public.ts), the web through its package exports.
 */
const SCRIPTS = 'scripts/src';
const WEB_EXPORTS_ONLY =
  "Scripts use the web app through its package exports ('@urs/web/db', '@urs/web/sync') only.";
const TOOLS = ['seed', 'bench', 'lighthouse', 'convergence', 'icons'];
const ONE_TOOL =
  'A tool imports another only through seed/index.ts; move what two tools share to lib/.';
const scriptsZone = (target, from, message) => ({
  target: `${SCRIPTS}/${target}`,
  from: from.map((f) => `${SCRIPTS}/${f}`),
  message,
});
const scriptsLayers = {
  files: [`${SCRIPTS}/**`],
  plugins: { 'import-x': importX },
  settings: importGraph('scripts/tsconfig.json'),
  rules: {
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
    'import-x/no-restricted-paths': [
      'error',
      {
        zones: [
          ...TOOLS.map((name) =>
            scriptsZone(
              name,
              TOOLS.filter((other) => other !== name && other !== 'seed'),
              ONE_TOOL,
            ),
          ),
          ...TOOLS.filter((name) => name !== 'seed').map((name) => ({
            ...scriptsZone(name, ['seed'], ONE_TOOL),
            except: ['./index.ts'],
          })),
          scriptsZone(
            'lib',
            [...TOOLS, 'start.ts'],
            'lib/ is shared by the tools: it imports none of them.',
          ),
          scriptsZone(
            '',
            ['start.ts'],
            'start.ts is the process entry of npm start: nothing imports it.',
          ),
        ],
      },
    ],
    'no-restricted-imports': [
      'error',
      {
        paths: [{ name: '@urs/web', message: WEB_EXPORTS_ONLY }],
        patterns: [
          {
            group: ['@urs/api/*', '**/api/src/**', '**/api/dist/**'],
            message: "Scripts use the API through '@urs/api' (api/src/public.ts) only.",
          },
          {
            group: ['**/web/src/**', '**/web/dist/**'],
            message: WEB_EXPORTS_ONLY,
          },
        ],
      },
    ],
  },
};

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
  ...apiLayers,
  scriptsLayers,
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
