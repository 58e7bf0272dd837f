import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Classes } from '@blueprintjs/core';
import { FocusMode, type TableProps } from '@blueprintjs/table';

/** The table package does not export its class names; they follow the core's namespace. */
const NS = Classes.getClassNamespace();
const TABLE_CONTAINER = `${NS}-table-container`;
const MAIN_QUADRANT = `${NS}-table-quadrant-main`;
const LEFT_QUADRANT = `${NS}-table-quadrant-left`;
const CONTROLS = 'input, select, textarea, a[href], button';

/** The package does not export its focused-region type. */
type FocusedRegion = NonNullable<TableProps['focusedRegion']>;
type FocusedCell = Extract<FocusedRegion, { type: FocusMode.CELL }>;

export interface GridKeyboardOptions {
  /** The grid's accessible name. */
  label: string;
  rowCount: number;
  /** The column whose link or button is the row's main action (Enter on a cell without its own control). */
  mainColumn?: number;
  /** Space on a row: selects or unselects it (only grids whose rows can be selected). */
  onToggle?(row: number): void;
}

/**
 * A cell's rendered element: in the main quadrant, or for a frozen column the left one (where the main quadrant
 * does not draw it; where both do, they hold the same handlers).
 */
const cellOf = (grid: HTMLElement, row: number, col: number) => {
  const cell = `.${NS}-table-cell-row-${row}.${NS}-table-cell-col-${col}`;
  return (
    grid.querySelector<HTMLElement>(`.${MAIN_QUADRANT} ${cell}`) ??
    grid.querySelector<HTMLElement>(`.${LEFT_QUADRANT} ${cell}`)
  );
};

/** Clicks a link or button, or puts the caret in an input: what a pointer on the control would do. */
function activate(control: HTMLElement) {
  if (control.matches('input:not([type=checkbox]), select, textarea')) control.focus();
  else control.click();
}

/**
 * Keyboard inside a Blueprint table (one hook for every grid): the table is one Tab stop whose focused cell the arrow
 * keys move; Enter works the focused cell's control (a link, button or input) or else the row's main action; Space
 * selects the row where rows can be selected; Escape in a cell's control returns to the grid. Tab and Enter inside
 * the grid keep their usual meaning (Blueprint would move the focused cell with them, trapping Tab in the table).
 * Spread `container` on an element around the table and `table` on the table.
 */
export function useGridKeyboard<T extends HTMLElement = HTMLDivElement>({
  label,
  rowCount,
  mainColumn = 0,
  onToggle,
}: GridKeyboardOptions) {
  const ref = useRef<T>(null);
  const [focused, setFocused] = useState<FocusedCell>({ type: FocusMode.CELL, row: 0, col: 0, focusSelectionIndex: 0 });
  const row = Math.max(0, Math.min(focused.row, rowCount - 1));
  const focusedRegion: FocusedCell = row === focused.row ? focused : { ...focused, row };

  useEffect(() => {
    const table = ref.current?.querySelector<HTMLElement>(`.${TABLE_CONTAINER}`);
    if (!table) return;
    table.setAttribute('role', 'region');
    table.setAttribute('aria-label', label);
    // axe asks that a scrolling region be reachable by keyboard even though the table's own focus scrolls it.
    const body = table.querySelector<HTMLElement>(`.${MAIN_QUADRANT} > .${NS}-table-quadrant-scroll-container`);
    if (body) body.tabIndex = 0;
  });

  useEffect(() => {
    const grid = ref.current;
    if (!grid) return;
    // A press on a cell's control is the control's: the table would move its focused cell to it and scroll that cell
    // into view, moving the control away from under the pointer before the click.
    const keepPress = (e: MouseEvent) => {
      const target = e.target as HTMLElement;
      // A press on a header's name is its sort's (listColumnHeader), and one on the header's checkbox selects rows
      // (RowSelection): neither is the start of selecting the column.
      if (
        target.closest(
          `.${NS}-table-cell ${CONTROLS.split(', ').join(`, .${NS}-table-cell `)}, .list-header-sort, .list-select`,
        )
      )
        e.stopPropagation();
    };
    grid.addEventListener('mousedown', keepPress, true);
    return () => grid.removeEventListener('mousedown', keepPress, true);
  }, []);

  const onKeyDownCapture = (e: KeyboardEvent<T>) => {
    const grid = ref.current;
    const target = e.target as HTMLElement;
    // Keys in a popover or dialog opened from a cell reach here through React's tree: they are not the grid's.
    if (!grid?.contains(target)) return;
    const onTable = target.classList.contains(TABLE_CONTAINER);
    if (e.key === 'Tab') {
      e.stopPropagation();
      return;
    }
    if (e.key === 'Escape' && !onTable) {
      target.closest<HTMLElement>(`.${TABLE_CONTAINER}`)?.focus();
      return;
    }
    if (e.key === 'Enter') {
      e.stopPropagation();
      if (!onTable || rowCount === 0 || e.shiftKey) return;
      e.preventDefault();
      const control =
        cellOf(grid, row, focused.col)?.querySelector<HTMLElement>(CONTROLS) ??
        cellOf(grid, row, mainColumn)?.querySelector<HTMLElement>(CONTROLS);
      if (control) activate(control);
      return;
    }
    if (e.key === ' ' && onTable && onToggle && rowCount > 0) {
      e.preventDefault();
      onToggle(row);
    }
  };

  return {
    container: { ref, onKeyDownCapture, 'data-focused-row': row, 'data-focused-column': focused.col },
    table: {
      focusMode: FocusMode.CELL,
      focusedRegion,
      onFocusedRegion: (region: FocusedRegion | undefined) => {
        if (region?.type === FocusMode.CELL) setFocused(region);
      },
    },
  };
}
