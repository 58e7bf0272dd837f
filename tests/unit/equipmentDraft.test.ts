import { describe, expect, it } from 'vitest';
import { PROVIDER_MAKE, USER_ADDED_DATA_SOURCE_ID, type Equipment } from '../../contract/equipment';
import {
  bodyOf,
  constructionYears,
  draftOf,
  errorCountByTab,
  hasContractTab,
  instrumentAgeOf,
  isDirty,
  parseDraft,
  withChange,
  withContract,
} from '../../web/src/components/equipmentForm/equipmentDraft';

const newDraft = (changes: Record<string, string> = {}) =>
  Object.entries({ mfg: 'Agilent', model: '7890B', ...changes }).reduce(
    (d, [k, v]) => withChange(d, k, v),
    draftOf(null, 7),
  );

const equipment = (overrides: Partial<Equipment> = {}) =>
  ({
    equipmentId: 5,
    mfg: 'Waters',
    model: 'ACQUITY',
    location: { locationId: 3, city: 'Basel', siteAddress: null },
    dataSourceId: 1,
    createdBy: null,
    contractInfoHistory: [],
    ...overrides,
  }) as Equipment;

describe('the add/edit equipment form rules', () => {
  it('new equipment starts at the user location and is not dirty', () => {
    const draft = draftOf(null, 7);
    expect(draft.locationId).toBe('7');
    expect(isDirty(draft, draftOf(null, 7))).toBe(false);
    expect(isDirty(withChange(draft, 'room', '1'), draft)).toBe(true);
  });

  it('the provider make, in any case, fills the service company with its name', () => {
    expect(newDraft({ mfg: 'perkinELMER ' }).vendorName).toBe(PROVIDER_MAKE);
    expect(newDraft({ mfg: 'Perkin' }).vendorName).toBe('');
  });

  it('an invalid phone and e-mail are errors of their field on the basic tab, with the spec keys', () => {
    const { errors, body } = parseDraft(newDraft({ contactPhone: 'abc', contactEmail: 'x@', mfg: ' ' }), null);
    expect(body).toBeNull();
    expect(Object.fromEntries(errors)).toEqual({
      contactPhone: { key: 'phone' },
      contactEmail: { key: 'lblEmailsWarning' },
      mfg: { key: 'required_field' },
    });
    expect(errorCountByTab(errors)).toEqual({ basic: 3, additional: 0, contract: 0 });
  });

  it('a too-long text answers max_length with its maximum, counted on its tab', () => {
    const { errors } = parseDraft(newDraft({ vendorName: 'v'.repeat(31) }), null);
    expect(errors.get('vendorName')).toEqual({ key: 'max_length', max: 30 });
    expect(errorCountByTab(errors).additional).toBe(1);
  });

  it('contract rules: other fields need a number, the end is not before the start', () => {
    const noNumber = parseDraft(newDraft({ 'contract.poNumber': 'PO-1' }), null);
    expect(noNumber.errors.get('contract.contractId')).toEqual({ key: 'enter_contract_number' });
    const backwards = parseDraft(
      newDraft({
        'contract.contractId': 'C-1',
        'contract.contractType': 'ZCSA',
        'contract.effectiveDate': '2027-01-01',
        'contract.contractExpiry': '2026-01-01',
      }),
      null,
    );
    expect(backwards.errors.get('contract.contractExpiry')).toEqual({ key: 'calendar_end_grater' });
    expect(errorCountByTab(backwards.errors).contract).toBe(1);
  });

  it('empty contract info is dropped when adding, and sent as null (removed) when editing user-added equipment', () => {
    expect(bodyOf(newDraft(), null)).not.toHaveProperty('contract');
    const own = equipment({ dataSourceId: USER_ADDED_DATA_SOURCE_ID });
    expect(bodyOf(draftOf(own, null), own)).toMatchObject({ equipmentId: 5, contract: null });
    const provider = equipment();
    expect(hasContractTab(provider)).toBe(false);
    expect(bodyOf(draftOf(provider, null), provider)).not.toHaveProperty('contract');
  });

  it('a picked contract fills every contract field', () => {
    const draft = withContract(newDraft(), {
      contractId: 'C-9',
      effectiveDate: '2026-01-01',
      contractExpiry: '2027-01-01',
      contractType: 'ZW01',
      desc: 'Warranty',
    });
    const { body } = parseDraft(draft, null);
    expect(body?.contract).toMatchObject({ contractId: 'C-9', contractType: 'ZW01', desc: 'Warranty', poNumber: null });
  });

  it('construction years span 10 back to 9 ahead; the age is months since construction', () => {
    const now = new Date(2026, 4, 15);
    const years = constructionYears(now);
    expect(years[0]).toBe(2016);
    expect(years.at(-1)).toBe(2035);
    expect(years).toHaveLength(20);
    expect(constructionYears(now, '2001')[0]).toBe(2001);
    expect(instrumentAgeOf('2024', '3', now)).toBe(26);
    expect(instrumentAgeOf('', '3', now)).toBeNull();
    expect(instrumentAgeOf('2030', '1', now)).toBe(0);
  });
});
