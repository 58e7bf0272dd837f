import { describe, expect, it } from 'vitest';
import type { CallerFacts } from '../../contract/access';
import { ROLE } from '../../contract/limits';
import { AccessCode } from '../../contract/permissions';
import { contract } from '../../contract';
import { pagesFor, type PortalMode } from '../../web/src/app/portalPages';
import { mayCall } from '../../web/src/lib/access';

const EVERY_FEATURE: CallerFacts['privileges'] = [
  { feature: 'Reservation', functions: [] },
  { feature: 'ARC', functions: [] },
  { feature: 'Other', functions: [] },
  { feature: 'Equipment', functions: ['Edit'] },
];
const menuOf = (mode: PortalMode, facts: CallerFacts) =>
  pagesFor(mode, facts)
    .filter((p) => p.menu)
    .map((p) => p.path);

const standard: CallerFacts = {
  role: ROLE.StandardUser,
  isPEUser: false,
  accessCodes: [AccessCode.ContractManagement],
  privileges: EVERY_FEATURE,
};
const manager: CallerFacts = {
  ...standard,
  role: ROLE.Manager,
  accessCodes: [AccessCode.ContractManagement, AccessCode.UserManagement],
};
const staff: CallerFacts = {
  ...standard,
  role: ROLE.StandardUser,
  isPEUser: true,
  accessCodes: Object.values(AccessCode),
};

describe('the pages of the main menu, by the routes the pages call', () => {
  it('a standard user: no user list', () => {
    expect(menuOf('normal', standard)).toEqual([
      'welcome',
      'product',
      'workOrder',
      'calendar',
      'analytics',
      'contractManagement',
      'educationTraining',
      'contactUs',
    ]);
  });

  it('a manager with user management: the user list', () => {
    expect(menuOf('normal', manager)).toContain('userManagement');
    expect(menuOf('normal', { ...manager, accessCodes: [] })).not.toContain('userManagement');
  });

  it('without Reservation no calendar, without contract management no contracts', () => {
    const menu = menuOf('normal', { ...standard, accessCodes: [], privileges: [] });
    expect(menu).not.toContain('calendar');
    expect(menu).not.toContain('contractManagement');
  });

  it('provider staff: the administration pages in both modes', () => {
    expect(menuOf('normal', staff)).toEqual([
      'welcome',
      'product',
      'workOrder',
      'calendar',
      'analytics',
      'userManagement',
      'administration/importProdInfo',
      'administration/productsManagement',
      'administration/customerOnboarding',
      'administration/emailRouting',
      'contractManagement',
      'educationTraining',
      'contactUs',
    ]);
    expect(menuOf('admin', staff)).toEqual([
      'welcome',
      'administration/userManagement',
      'administration/importProdInfo',
      'administration/productsManagement',
      'administration/customerOnboarding',
      'administration/emailRouting',
    ]);
  });

  it('an access code alone does not open the provider staff pages to a customer user', () => {
    const menu = menuOf('normal', { ...manager, accessCodes: Object.values(AccessCode) });
    expect(menu).not.toContain('administration/emailRouting');
    expect(menu).not.toContain('administration/customerOnboarding');
  });
});

describe('the buttons, by the routes they call', () => {
  it('edit needs Equipment with Edit, EHS edit Equipment with IsEHSAdmin or AllowEHSSetting', () => {
    expect(mayCall(contract.equipment.update, standard, false)).toBe(true);
    expect(mayCall(contract.equipment.updateEhs, standard, false)).toBe(false);
    const ehs = { ...standard, privileges: [{ feature: 'Equipment', functions: ['AllowEHSSetting'] }] };
    expect(mayCall(contract.equipment.updateEhs, ehs, false)).toBe(true);
    expect(mayCall(contract.equipment.update, ehs, false)).toBe(false);
  });

  it('the contract search needs contract management; the logo an admin; the customer switch provider staff', () => {
    expect(mayCall(contract.equipment.contracts, standard, false)).toBe(true);
    expect(mayCall(contract.equipment.contracts, { ...standard, accessCodes: [] }, false)).toBe(false);
    expect(mayCall(contract.customers.updateLogo, manager, false)).toBe(false);
    expect(mayCall(contract.customers.updateLogo, { ...manager, role: ROLE.Admin }, false)).toBe(true);
    expect(mayCall(contract.customers.updateLogo, staff, false)).toBe(true);
    expect(mayCall(contract.customers.switchCustomer, { ...manager, role: ROLE.Admin }, false)).toBe(false);
    expect(mayCall(contract.customers.switchCustomer, staff, false)).toBe(true);
  });
});
