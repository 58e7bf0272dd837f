import type { ReactNode } from 'react';
import { Button, Checkbox, Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { controlColumn, namedHeader } from './columns';
import type { RowSelection } from './useRowSelection';

/** Width of the checkbox column. */
export const SELECT_COLUMN_WIDTH = 44;

/**
 * The checkbox column of a grid whose rows can be selected, first and frozen: its header selects the page's rows
 * (checked, unchecked, or indeterminate while some are), each row's box selects that row, named by `nameOf`.
 */
export function selectColumn<T>(rows: T[], selection: RowSelection<T>, labels: { page: string; row(row: T): string }) {
  const state = selection.pageState(rows);
  const header = () => (
    <Checkbox
      className="list-select list-select-all"
      aria-label={labels.page}
      checked={state === 'all'}
      indeterminate={state === 'some'}
      disabled={state === 'none' && selection.full}
      onChange={() => selection.togglePage(rows)}
    />
  );
  return controlColumn('select', rows, namedHeader(labels.page, header), (row) => {
    const selected = selection.isSelected(row);
    return (
      <Checkbox
        className="list-select list-select-row"
        aria-label={labels.row(row)}
        checked={selected}
        disabled={!selected && selection.full}
        onChange={() => selection.toggle(row)}
      />
    );
  });
}

export interface SelectionBarProps {
  selection: RowSelection<unknown>;
  /** The bulk actions on the selected rows. */
  children?: ReactNode;
}

/**
 * Above a grid while rows are selected: how many (announced as it changes), the bulk actions and Clear selection.
 * It says that the selection lasts across pages and that a new search or filter clears it.
 */
export function SelectionBar({ selection, children }: SelectionBarProps) {
  const { t } = useTranslation();
  const { count, full } = selection;
  // The count stays on the page while nothing is selected, so that a screen reader announces each change of it.
  return (
    <div className="list-selection-bar">
      <strong aria-live="polite">
        {count === 0 ? '' : full ? t('list_selected_full', { count }) : t('list_selected', { count })}
      </strong>
      {count > 0 && (
        <>
          {children}
          <Button variant="minimal" icon="cross" text={t('list_selection_clear')} onClick={selection.clear} />
          <span className={Classes.TEXT_MUTED}>{t('list_selection_hint')}</span>
        </>
      )}
    </div>
  );
}
