export { ColumnFilterDialog, type ColumnFilterDialogProps, type FilterSuggestions } from './ColumnFilterDialog';
export { ColumnsPanel, type ColumnsPanelProps } from './ColumnsPanel';
export { FilterChips, type FilterChipsProps } from './FilterChips';
export { ListBody, type ListBodyProps } from './ListBody';
export { listColumnHeader, type ListColumnHeaderProps } from './listColumnHeader';
export {
  describeFilter,
  exportLayoutOf,
  movedColumns,
  reorderedColumns,
  sortOf,
  valueText,
  visibleColumns,
  withFilter,
  type FieldKind,
  type ListFields,
  type ListLayout,
} from './listLayout';
export { SEARCH_DEBOUNCE_MS, useSearchText } from './useSearchText';
export { useGridKeyboard, type GridKeyboardOptions } from './useGridKeyboard';
export {
  columnHeaders,
  controlColumn,
  DocumentsButton,
  historyColumn,
  namedHeader,
  RowButton,
  type ColumnHeadersOptions,
  type RowButtonProps,
} from './columns';
