import { describe, expect, it } from 'vitest';
import type { Equipment } from '../../contract/equipment';
import { problemsOf, rowsToSave, withChange } from '../../web/src/features/productsManagement/rowEdits';

const equipment = (id: number, changes: Partial<Equipment> = {}) =>
  ({
    equipmentId: id,
    mfg: 'PerkinElmer',
    model: 'LC 300',
    contactEmail: null,
    isHidden: false,
    ...changes,
  }) as Equipment;

describe('products-management row edits', () => {
  it('keeps a changed cell and forgets it when the stored value is typed again', () => {
    const one = withChange(new Map(), equipment(1), { field: 'contactName', value: 'Ana' });
    expect(one.get(1)).toEqual({ contactName: 'Ana' });
    const back = withChange(one, equipment(1), { field: 'contactName', value: '' });
    expect(back.has(1)).toBe(false);
    const hidden = withChange(new Map(), equipment(2), { field: 'isHidden', value: true });
    expect(rowsToSave(hidden, [2])).toEqual([{ equipmentId: 2, isHidden: true }]);
  });

  it('sends every selected row with its changed cells, an emptied optional cell as null', () => {
    const edits = new Map([[1, { contactPhone: '  ', partNumber: 'PN-1' }]]);
    expect(rowsToSave(edits, [1, 3])).toEqual([
      { equipmentId: 1, contactPhone: null, partNumber: 'PN-1' },
      { equipmentId: 3 },
    ]);
  });

  it('marks an invalid primary-user e-mail with endUser_email_warning, a bad phone and an emptied make', () => {
    const problems = problemsOf([
      { equipmentId: 1, contactEmail: 'not-an-address' },
      { equipmentId: 2, contactPhone: 'call me', mfg: '' },
      { equipmentId: 3, contactEmail: ' ana@acme-labs.example ' },
    ]);
    expect(problems.get(1)).toEqual({ contactEmail: 'productsManagement:endUser_email_warning' });
    expect(problems.get(2)).toEqual({
      contactPhone: 'productsManagement:phone_invalid',
      mfg: 'productsManagement:required_field',
    });
    expect(problems.has(3)).toBe(false);
  });
});
