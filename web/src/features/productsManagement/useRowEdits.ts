import { useState } from 'react';
import type { Equipment } from '../../../../contract/equipment';
import { useUnsavedData } from '../../lib/unsavedData';
import type { EditableField } from './productsFields';
import { withChange, type CellProblems, type Edits } from './rowEdits';

/**
 * The grid's unsaved edits (spec 3 section 4 "Products management edits"): changed cells by row, the selected rows
 * (a changed row joins them), the problems found at the last Update, and `guard` for a change of view, page,
 * filter, sort or search, which asks first while edits exist and drops them once the user agrees.
 */
export function useRowEdits() {
  const [edits, setEdits] = useState<Edits>(new Map());
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [problems, setProblems] = useState<CellProblems>(new Map());
  const [pending, setPending] = useState<(() => void) | null>(null);
  const dirty = edits.size > 0;
  useUnsavedData(dirty);

  const clear = () => {
    setEdits(new Map());
    setSelected(new Set());
    setProblems(new Map());
  };
  const select = (id: number, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const change = (
    equipment: Equipment,
    change: { field: EditableField; value: string } | { field: 'isHidden'; value: boolean },
  ) => {
    setEdits((e) => withChange(e, equipment, change));
    select(equipment.equipmentId, true);
    const cells = problems.get(equipment.equipmentId);
    if (cells && change.field !== 'isHidden' && cells[change.field]) {
      const next = new Map(problems);
      const rest = { ...cells };
      delete rest[change.field];
      next.set(equipment.equipmentId, rest);
      setProblems(next);
    }
  };

  return {
    edits,
    selected,
    problems,
    dirty,
    setProblems,
    clear,
    change,
    select,
    selectAll: (ids: number[], on: boolean) => setSelected(on ? new Set(ids) : new Set()),
    /** Run `action` now, or once the user agrees to drop the edits. */
    guard: (action: () => void) => {
      if (!dirty) action();
      else setPending(() => action);
    },
    confirmation: {
      isOpen: pending !== null,
      onKeepEditing: () => setPending(null),
      onDiscard: () => {
        const action = pending;
        setPending(null);
        clear();
        action?.();
      },
    },
  };
}
