import { describe, expect, it } from 'vitest';
import {
  accessFor,
  accessOf,
  anyone,
  decide,
  providerStaff,
  routesOf,
  signedIn,
  type Access,
  type CallerFacts,
} from './access';
import { contract } from './index';
import { ROLE } from './limits';
import { AccessCode } from './permissions';

const ALL_FEATURES = ['Reservation', 'ARC', 'Other', 'Equipment'].map((feature) => ({
  feature,
  functions: feature === 'Equipment' ? ['Edit'] : [],
}));

const caller = (more: Partial<CallerFacts> = {}): CallerFacts => ({
  role: ROLE.StandardUser,
  isPEUser: false,
  accessCodes: [AccessCode.ContractManagement],
  privileges: ALL_FEATURES,
  ...more,
});
const standard = caller();
const manager = caller({ role: ROLE.Manager, accessCodes: [AccessCode.ContractManagement, AccessCode.UserManagement] });
const admin = caller({ role: ROLE.Admin, accessCodes: manager.accessCodes });
const staff = caller({
  role: ROLE.StandardUser,
  isPEUser: true,
  accessCodes: Object.values(AccessCode),
});

const allowed = { allowed: true };
const refused = (status: 401 | 403, reason: string) => ({ allowed: false, status, reason });

describe('decide', () => {
  it('lets anyone call a route open to anyone, signed out too', () => {
    const { access } = anyone('none', { signInOrOut: true });
    expect(decide(access, null)).toEqual(allowed);
    expect(decide(access, standard)).toEqual(allowed);
  });

  it('asks a signed-out caller to sign in (401) for every other route', () => {
    for (const { access } of [signedIn('customer'), providerStaff('anyCustomer')]) {
      expect(decide(access, null)).toEqual(refused(401, 'Sign in first'));
    }
  });

  it('lets any signed-in user call a signed-in route', () => {
    for (const facts of [standard, manager, admin, staff])
      expect(decide(signedIn('customer').access, facts)).toEqual(allowed);
  });

  it('keeps provider staff routes to PE users, whatever the role', () => {
    const { access } = providerStaff('anyCustomer');
    expect(decide(access, admin)).toEqual(refused(403, 'Only provider staff may do this'));
    expect(decide(access, staff)).toEqual(allowed);
  });

  it('asks for the role, counting provider staff as admins', () => {
    const managers = signedIn('customerUsers', { minRole: 'manager' }).access;
    const admins = signedIn('customerUsers', { minRole: 'admin' }).access;
    expect(decide(managers, standard)).toEqual(refused(403, 'Only a manager or admin may do this'));
    expect(decide(managers, manager)).toEqual(allowed);
    expect(decide(managers, admin)).toEqual(allowed);
    expect(decide(admins, manager)).toEqual(refused(403, 'Only an admin may do this'));
    expect(decide(admins, admin)).toEqual(allowed);
    expect(decide(admins, staff)).toEqual(allowed);
    expect(decide(admins, { ...staff, role: ROLE.StandardUser })).toEqual(allowed);
  });

  it('asks for the access code', () => {
    const { access } = signedIn('customer', { accessCode: AccessCode.ContractManagement });
    expect(decide(access, standard)).toEqual(allowed);
    expect(decide(access, { ...standard, accessCodes: [] })).toEqual(
      refused(403, 'This needs the CONTRACT_MANAGEMENT access code'),
    );
    const routing = providerStaff('none', { accessCode: AccessCode.EmailRouting }).access;
    expect(decide(routing, { ...staff, accessCodes: [AccessCode.Admin] })).toEqual(
      refused(403, 'This needs the EMAIL_ROUTING access code'),
    );
  });

  it('asks for the feature, and for one of the function codes when some are named', () => {
    const feature = signedIn('customer', { feature: 'Reservation' }).access;
    const withFunction = signedIn('customerEquipment', {
      feature: 'Equipment',
      functions: ['AllowEHSSetting', 'IsEHSAdmin'],
    }).access;
    const noReservation = caller({ privileges: ALL_FEATURES.filter((p) => p.feature !== 'Reservation') });
    expect(decide(feature, standard)).toEqual(allowed);
    expect(decide(feature, noReservation)).toEqual(refused(403, 'Needs the Reservation feature'));
    expect(decide(withFunction, standard)).toEqual(
      refused(403, 'Needs the Equipment feature with AllowEHSSetting or IsEHSAdmin'),
    );
    const ehsAdmin = caller({
      privileges: ALL_FEATURES.map((p) => (p.feature === 'Equipment' ? { ...p, functions: ['IsEHSAdmin'] } : p)),
    });
    expect(decide(withFunction, ehsAdmin)).toEqual(allowed);
    expect(
      decide(signedIn('customer', { feature: 'Equipment', functions: ['Edit'] }).access, caller({ privileges: [] })),
    ).toEqual(refused(403, 'Needs the Equipment feature with Edit'));
  });

  it('checks the rules in order: caller, role, access code, feature', () => {
    const access = providerStaff('anyCustomer', {
      minRole: 'admin',
      accessCode: AccessCode.Admin,
      feature: 'ARC',
    }).access;
    expect(decide(access, caller({ accessCodes: [], privileges: [] }))).toEqual(
      refused(403, 'Only provider staff may do this'),
    );
    const strict = signedIn('customer', {
      minRole: 'manager',
      accessCode: AccessCode.UserManagement,
      feature: 'ARC',
    }).access;
    expect(decide(strict, caller({ accessCodes: [], privileges: [] }))).toEqual(
      refused(403, 'Only a manager or admin may do this'),
    );
    expect(decide(strict, caller({ role: ROLE.Manager, accessCodes: [], privileges: [] }))).toEqual(
      refused(403, 'This needs the USER_MANAGEMENT access code'),
    );
    expect(
      decide(strict, caller({ role: ROLE.Manager, accessCodes: [AccessCode.UserManagement], privileges: [] })),
    ).toEqual(refused(403, 'Needs the ARC feature'));
  });

  describe('admin mode', () => {
    const users = signedIn('ownOrCustomerUsers', {
      minRole: 'manager',
      accessCode: AccessCode.UserManagement,
      adminModeWidens: true,
    }).access;

    it('needs the admin access code, signed in, even on a route open to anyone', () => {
      expect(decide(anyone().access, null, true)).toEqual(refused(401, 'Sign in first'));
      expect(decide(anyone().access, admin, true)).toEqual(refused(403, 'Admin mode needs the admin access code'));
      expect(decide(anyone().access, staff, true)).toEqual(allowed);
      expect(decide(users, admin, true)).toEqual(refused(403, 'Admin mode needs the admin access code'));
    });

    it('stands in for the access code of a route that it widens', () => {
      const portalAdmin = caller({ role: ROLE.Admin, accessCodes: [AccessCode.Admin] });
      expect(decide(users, portalAdmin)).toEqual(refused(403, 'This needs the USER_MANAGEMENT access code'));
      expect(decide(users, portalAdmin, true)).toEqual(allowed);
    });

    it('does not stand in for the access code of a route it does not widen, nor for the other rules', () => {
      const routing = providerStaff('none', { accessCode: AccessCode.EmailRouting }).access;
      const onlyAdminCode = caller({ isPEUser: true, accessCodes: [AccessCode.Admin] });
      expect(decide(routing, onlyAdminCode, true)).toEqual(refused(403, 'This needs the EMAIL_ROUTING access code'));
      const standardWithCode = caller({ accessCodes: [AccessCode.Admin] });
      expect(decide(users, standardWithCode, true)).toEqual(refused(403, 'Only a manager or admin may do this'));
      expect(decide(providerStaff('anyCustomer').access, standardWithCode, true)).toEqual(
        refused(403, 'Only provider staff may do this'),
      );
    });
  });
});

describe('accessFor', () => {
  const list: Access = signedIn('customerEquipment', {
    variant: {
      field: 'listType',
      access: {
        productsManagement: { caller: 'providerStaff', scope: 'anyCustomer' },
        ehs: { caller: 'signedIn', scope: 'customerEquipment', feature: 'Equipment', functions: ['IsEHSAdmin'] },
      },
    },
  }).access;

  it('answers the declaration itself when it names no variant', () => {
    const plain = signedIn('customer').access;
    expect(accessFor(plain, { body: { listType: 'productsManagement' } })).toBe(plain);
  });

  it('answers the variant named by the body, or else by the query', () => {
    expect(accessFor(list, { body: { listType: 'productsManagement' } })).toEqual({
      caller: 'providerStaff',
      scope: 'anyCustomer',
    });
    expect(accessFor(list, { query: { listType: 'ehs' } }).functions).toEqual(['IsEHSAdmin']);
    expect(accessFor(list, { body: { listType: 'ehs' }, query: { listType: 'productsManagement' } }).feature).toBe(
      'Equipment',
    );
  });

  it('answers the declaration for a value without a variant, a missing field, a value that is not text', () => {
    for (const args of [
      { body: { listType: 'inventory' } },
      { body: {} },
      { body: null, query: undefined },
      {},
      { body: { listType: ['productsManagement'] } },
      { body: { listType: 'toString' } },
      { body: { listType: '__proto__' } },
    ]) {
      expect(accessFor(list, args)).toBe(list);
    }
  });

  it('lets the variant decide the call', () => {
    expect(decide(accessFor(list, { body: { listType: 'inventory' } }), admin)).toEqual(allowed);
    expect(decide(accessFor(list, { body: { listType: 'productsManagement' } }), admin)).toEqual(
      refused(403, 'Only provider staff may do this'),
    );
  });
});

describe('the contract', () => {
  it('every contract route declares its access', () => {
    const undeclared = routesOf(contract)
      .filter(({ route }) => accessOf(route) === undefined)
      .map(({ name, route }) => `${name} (${route.method} ${route.path})`);
    expect(undeclared, 'routes without metadata.access (contract/access.ts: signedIn, anyone, providerStaff)').toEqual(
      [],
    );
  });

  it('names the routes by their dotted names, each once', () => {
    const names = routesOf(contract).map((r) => r.name);
    expect(names).toContain('location.summary');
    expect(new Set(names).size).toBe(names.length);
  });
});
