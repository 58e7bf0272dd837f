import { EquipmentRowEdit, type Equipment } from '../../../../contract/equipment';
import { EDITABLE_FIELDS, isEditable, type EditableField } from './productsFields';

/** The cells of one row the user changed: texts as typed, and the hidden flag. */
export type RowChanges = Partial<Record<EditableField, string>> & { isHidden?: boolean };

/** Changed cells by equipment id. */
export type Edits = ReadonlyMap<number, RowChanges>;

/** A cell's problem by field, by equipment id: an i18n key of this page. */
export type CellProblems = ReadonlyMap<number, Partial<Record<EditableField, string>>>;

/** The messages of the contract's rules that have a key of their own here; any other problem reads cell_invalid. */
const MESSAGE_KEYS: Record<string, string> = {
  endUser_email_warning: 'productsManagement:endUser_email_warning',
  phone: 'productsManagement:phone_invalid',
  required_field: 'productsManagement:required_field',
};

/** The value a cell shows: the user's change, else the stored one. */
export function cellValue(equipment: Equipment, changes: RowChanges | undefined, field: EditableField): string {
  const changed = changes?.[field];
  if (changed !== undefined) return changed;
  const stored = equipment[field as keyof Equipment];
  return typeof stored === 'string' ? stored : '';
}

export const hiddenValue = (equipment: Equipment, changes: RowChanges | undefined) =>
  changes?.isHidden ?? equipment.isHidden ?? false;

/**
 * One cell changed: the row keeps the change, or loses it when the value is the stored one again (a row without
 * changes is not a changed row any more).
 */
export function withChange(
  edits: Edits,
  equipment: Equipment,
  change: { field: EditableField; value: string } | { field: 'isHidden'; value: boolean },
): Map<number, RowChanges> {
  const next = new Map(edits);
  const row: RowChanges = { ...next.get(equipment.equipmentId) };
  const stored =
    change.field === 'isHidden'
      ? (equipment.isHidden ?? false)
      : ((equipment[change.field as keyof Equipment] as string | null | undefined) ?? '');
  if (change.value === stored) delete row[change.field];
  else Object.assign(row, { [change.field]: change.value });
  if (Object.keys(row).length === 0) next.delete(equipment.equipmentId);
  else next.set(equipment.equipmentId, row);
  return next;
}

/** The body of PUT Equipment/editingList: every selected row with its changed cells (an empty optional is null). */
export function rowsToSave(edits: Edits, selected: Iterable<number>): EquipmentRowEdit[] {
  return [...selected].map((equipmentId) => {
    const changes = edits.get(equipmentId) ?? {};
    const row: Record<string, unknown> = { equipmentId };
    for (const [field, value] of Object.entries(changes)) {
      const required = field === 'mfg' || field === 'model';
      row[field] = typeof value === 'string' && value.trim() === '' && !required ? null : value;
    }
    return row as EquipmentRowEdit;
  });
}

/** What the contract's row rule finds wrong in the rows to save, by row and cell; empty when they may be sent. */
export function problemsOf(rows: readonly EquipmentRowEdit[]): CellProblems {
  const problems = new Map<number, Partial<Record<EditableField, string>>>();
  for (const row of rows) {
    const parsed = EquipmentRowEdit.safeParse(row);
    if (parsed.success) continue;
    const cells: Partial<Record<EditableField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (!isEditable(field) || cells[field]) continue;
      cells[field] =
        MESSAGE_KEYS[issue.message] ??
        (issue.code === 'too_big' ? 'productsManagement:too_long' : 'productsManagement:cell_invalid');
    }
    problems.set(row.equipmentId, cells);
  }
  return problems;
}

/** The most characters of an editable cell. */
export const maxLengthOf = (field: EditableField) => EDITABLE_FIELDS[field];
