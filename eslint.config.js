import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * Imports a folder may not make: the one-way architecture of DESIGN.md and STYLE.md. A later entry replaces an
 * earlier one for the same files, so each entry lists every pattern that applies to its files.
 */
/** A list is paged by lib/paging.ts (pageOf, pageOfIds, onePage) and nowhere else. */
const ONE_WAY_TO_PAGE = {
  selector: "CallExpression[callee.property.name='offset']",
  message: 'Page a list with lib/paging.ts (pageOf, pageOfIds or onePage).',
};
const restrict = (files, patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } });
const NO_SERVER = {
  regex: '(^|/)api-mock(/|$)',
  message: 'The web app talks to the server only through the contract.',
};

const FEATURE_FILE = [
  NO_SERVER,
  { regex: '^\\.\\./(?!\\.\\.)[^/]+/', message: 'A feature never imports another feature.' },
  { regex: '^\\.\\./\\.\\./app(/|$)', message: 'Features do not import the app shell.' },
];
const FEATURE_SUBFOLDER_FILE = [
  NO_SERVER,
  { regex: '^\\.\\./\\.\\./(?!\\.\\.)[^/]+/', message: 'A feature never imports another feature.' },
  { regex: '^\\.\\./\\.\\./\\.\\./app(/|$)', message: 'Features do not import the app shell.' },
];
const SHARED_FILE = [
  NO_SERVER,
  { regex: '^\\.\\./(app|features)(/|$)', message: 'Shared code imports neither the app nor features.' },
];
/** A feature owns its server state: query hooks and calls live in its api module (STYLE.md). */
const NO_CLIENT = {
  regex: '(^|/)lib/api$',
  importNames: ['client'],
  message: 'Components call the hooks and calls of their api module (features/<x>/api, components/<area>/api).',
};
/** Components that still call the client, by name with the reason. */
/** Blueprint 6's props only: the deprecated boolean style props and the old table names are refused. */
const BLUEPRINT_6_PROPS = [
  {
    selector:
      'JSXOpeningElement[name.name=/^(Button|AnchorButton|ButtonGroup)$/] > JSXAttribute[name.name=/^(minimal|small|large|outlined)$/]',
    message: 'Blueprint 6: use variant="minimal"/"outlined" and size="small"/"large".',
  },
  {
    selector: 'JSXOpeningElement[name.name=/^(Tag|CompoundTag)$/] > JSXAttribute[name.name="large"]',
    message: 'Blueprint 6: use size="large".',
  },
  {
    selector:
      'JSXOpeningElement[name.name=/^(Button|AnchorButton|Tag|CompoundTag)$/] > JSXAttribute[name.name="rightIcon"]',
    message: 'Blueprint 6: use endIcon.',
  },
  { selector: 'JSXOpeningElement[name.name="Table2"]', message: 'Blueprint 6: Table2 is Table.' },
  {
    selector: 'JSXAttribute[name.name=/^(enableFocusedCell|focusedCell|onFocusedCell)$/]',
    message:
      'Blueprint 6: a table takes focusMode, focusedRegion and onFocusedRegion (components/list/useGridKeyboard).',
  },
];

/** Every dialog is a PortalDialog (spec 1 section 9): not closed by a click on the mask, moved by its header. */
const ONE_DIALOG = [
  {
    selector: 'JSXOpeningElement[name.name="Dialog"]',
    message: 'Use PortalDialog (components/dialog): a click on the mask never closes it and its header moves it.',
  },
  {
    selector: 'JSXAttribute[name.name="canOutsideClickClose"]',
    message: 'No dialog closes on a click on the mask (spec 1 section 9).',
  },
];

const NO_WEB = { regex: '(^|/)web(/|$)', message: 'The server does not import the web app.' };
/** Kysely's ways into the database: a router calls its folder's queries instead. */
const QUERY_BUILDERS = ['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto', 'with'];
const ROUTER_SQL = "A router holds no SQL: put the query in its folder's queries.ts.";

export default tseslint.config(
  { ignores: ['node_modules', 'web/dist', 'data', 'docs', 'pacts', '.tmp', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['scripts/**/*.mjs'], languageOptions: { globals: { process: 'readonly', console: 'readonly' } } },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  restrict(['web/**/*.{ts,tsx}'], [NO_SERVER]),
  restrict(['web/src/features/*/*.{ts,tsx}'], FEATURE_FILE),
  // One folder down in a feature, "../x/" is the feature's own folder and "../../x/" another feature.
  restrict(['web/src/features/*/*/*.{ts,tsx}'], FEATURE_SUBFOLDER_FILE),
  restrict(['web/src/lib/**/*.{ts,tsx}', 'web/src/components/**/*.{ts,tsx}'], SHARED_FILE),
  // Components call their api module's hooks and calls; only api modules (and what is not a component) use the client.
  restrict(['web/src/features/*/*.tsx'], [...FEATURE_FILE, NO_CLIENT]),
  restrict(['web/src/features/*/*/*.tsx'], [...FEATURE_SUBFOLDER_FILE, NO_CLIENT]),
  restrict(['web/src/components/**/*.tsx'], [...SHARED_FILE, NO_CLIENT]),
  { files: ['web/src/**/*.tsx'], rules: { 'no-restricted-syntax': ['error', ...BLUEPRINT_6_PROPS, ...ONE_DIALOG] } },
  {
    files: ['web/src/components/dialog/PortalDialog.tsx'],
    rules: { 'no-restricted-syntax': ['error', ...BLUEPRINT_6_PROPS] },
  },
  restrict(['machines/**/*.ts'], [{ regex: '(^|/)(web|api-mock)(/|$)', message: 'Machines are pure.' }]),
  restrict(
    ['contract/**/*.ts'],
    [{ regex: '(^|/)(web|api-mock|machines)(/|$)', message: 'The contract stands alone.' }],
  ),
  restrict(['api-mock/**/*.ts'], [NO_WEB]),
  restrict(
    ['api-mock/src/lib/*.ts'],
    [
      NO_WEB,
      {
        regex: '^\\.\\./(?!\\.\\./\\.\\./contract(/|$))',
        message: 'lib/ is the ground floor: it imports only lib/ and the contract.',
      },
    ],
  ),
  restrict(
    ['api-mock/src/db/migrations/*.ts'],
    [
      {
        regex: '^\\.',
        message: 'A migration keeps the values it needs: live code changes, an applied migration may not.',
      },
    ],
  ),
  {
    files: ['api-mock/src/**/*.ts'],
    ignores: ['api-mock/src/lib/paging.ts'],
    rules: { 'no-restricted-syntax': ['error', ONE_WAY_TO_PAGE] },
  },
  {
    files: ['api-mock/src/**/router.ts', 'api-mock/src/**/*.router.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ONE_WAY_TO_PAGE,
        {
          selector: `CallExpression[callee.property.name=/^(${QUERY_BUILDERS.join('|')})$/]`,
          message: ROUTER_SQL,
        },
        { selector: "TaggedTemplateExpression[tag.name='sql']", message: ROUTER_SQL },
        { selector: "MemberExpression[object.name='sql']", message: ROUTER_SQL },
      ],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: 'kysely', allowTypeImports: true, message: ROUTER_SQL }] },
      ],
    },
  },
);
