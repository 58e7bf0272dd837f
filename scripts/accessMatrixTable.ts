import { accessOf, RECORD_SCOPES, routesOf, type Access, type RecordScope } from '../contract/access';
import { contract } from '../contract';

/** docs/access-matrix.md: who may call each route of the contract, from the routes' access declarations. */

export const ACCESS_MATRIX_FILE = 'docs/access-matrix.md';

const cell = (text: string) => (text === '' ? '' : text.replace(/\|/g, '\\|'));
const code = (text: string) => `\`${text}\``;

function who(access: Omit<Access, 'variant'>): string {
  const caller = { anyone: 'anyone', signedIn: 'signed in', providerStaff: 'provider staff' }[access.caller];
  if (!access.minRole) return caller;
  const role = access.minRole === 'admin' ? 'admin' : 'manager or admin';
  return access.caller === 'providerStaff' ? caller : `${caller}: ${role}`;
}

function feature(access: Omit<Access, 'variant'>): string {
  if (!access.feature) return '';
  return access.functions?.length ? `${access.feature}: ${access.functions.join(' or ')}` : access.feature;
}

function page(access: Access): string {
  const flags = access.page ?? {};
  return (
    [
      flags.signInOrOut && 'sign in/out',
      flags.acrossCustomers && 'across customers',
      flags.profileCompletion && 'profile completion',
    ].filter(Boolean) as string[]
  ).join(', ');
}

/** One variant in a line: its value and what differs from the route's own declaration. */
function variants(access: Access): string {
  if (!access.variant) return '';
  const { field, access: byValue } = access.variant;
  return Object.entries(byValue)
    .map(([value, v]) => {
      const parts = [who(v), v.accessCode && code(v.accessCode), feature(v), v.scope !== access.scope && code(v.scope)];
      return `${code(`${field}=${value}`)}: ${parts.filter(Boolean).join(', ')}`;
    })
    .join('; ');
}

const COLUMNS = [
  'Route',
  'Method',
  'Path',
  'Who may call',
  'Access code',
  'Feature / functions',
  'Admin mode',
  'Record scope',
  'Page',
  'Variants',
];

const LEGEND = [
  '- **Who may call**: *anyone* (no session needed), *signed in* (any signed-in user), *signed in: manager or admin* /',
  '  *admin* (that role at least; provider staff count as admins), *provider staff* (PE users only). A signed-out',
  '  caller of any other route gets 401; a signed-in caller that the declaration refuses gets 403.',
  '- **Access code**: a code of the user’s privilege list (`user_access_codes`).',
  '- **Feature / functions**: a feature that the user and the session’s customer both have (`user_features`,',
  '  `customer_features`), with at least one of the function codes when some are named.',
  '- **Admin mode**: every route is also served under `/admin/api`, to holders of `PORTAL_ADMIN` only. *widens*: there',
  '  admin mode stands in for the access code and the record scope reaches every customer.',
  '- **Page**: how the call relates to the page it comes from: *sign in/out* (not compared with the page’s user or',
  '  customer), *across customers* (not compared with the page’s customer), *profile completion* (callable before the',
  '  profile has a location).',
  '- **Variants**: a value of a body or query field that gives the call a stricter access instead.',
  '- **Record scope**: whose records the handler may touch once the caller is let in:',
  ...Object.entries(RECORD_SCOPES).map(([scope, text]) => `  - ${code(scope)}: ${text}`),
];

/** The text of docs/access-matrix.md. */
export function renderAccessMatrix(): string {
  const routes = routesOf(contract);
  const undeclared = routes.filter(({ route }) => !accessOf(route)).length;
  const lines = [
    '# Who may call what',
    '',
    'Written by `npm run access:matrix` (scripts/accessMatrix.ts) from the access declarations of the contract',
    '(`metadata.access` of each route, vocabulary in `contract/access.ts`); a unit test fails when this file differs from',
    'what the script writes. The server enforces each declaration before the route’s handler',
    '(`api-mock/src/access/guard.ts`); `tests/api/accessMatrix.api.test.ts` calls every route as each kind of caller',
    'and checks the outcome the declaration gives.',
    '',
    `${routes.length} routes in ${Object.keys(contract).length} resources${undeclared ? `; ${undeclared} not declared yet` : ''}.`,
    '',
    ...LEGEND,
  ];
  for (const resource of Object.keys(contract)) {
    lines.push('', `## ${resource}`, '', `| ${COLUMNS.join(' | ')} |`, `|${COLUMNS.map(() => '---').join('|')}|`);
    for (const { name, route } of routes.filter((r) => r.name.startsWith(`${resource}.`))) {
      const access = accessOf(route);
      const row = access
        ? [
            who(access),
            access.accessCode ? code(access.accessCode) : '',
            feature(access),
            access.adminModeWidens ? 'widens' : '',
            code(access.scope satisfies RecordScope),
            page(access),
            variants(access),
          ]
        : ['**not declared**', '', '', '', '', '', ''];
      lines.push(`| ${[code(name), route.method, code(route.path), ...row].map(cell).join(' | ')} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}
