/** The demo sign-ins printed by `npm start` and used by the tests. */
export const DEMO_PASSWORD = 'Portal2026';

export const DEMO_ACCOUNTS = [
  { email: 'user@acme-labs.example', what: 'standard user, Acme Labs' },
  { email: 'manager@acme-labs.example', what: 'manager, Acme Labs' },
  { email: 'admin@acme-labs.example', what: 'admin, Acme Labs' },
  { email: 'new@acme-labs.example', what: 'user without a location (profile completion)' },
  { email: 'pe@provider.example', what: 'provider staff (PE user)' },
  { email: 'user@globex.example', what: 'standard user, Globex' },
  { email: 'admin@globex.example', what: 'admin, Globex' },
] as const;
