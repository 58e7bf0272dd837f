export { ColumnFilterDialog, type ColumnFilterDialogProps } from './ColumnFilterDialog';
export type { FilterSuggestions, SuggestionPage } from './useFilterValues';
export { ColumnsPanel, type ColumnsPanelProps } from './ColumnsPanel';
export { FilterChips, type FilterChipsProps } from './FilterChips';
export { ListBody, type ListBodyProps } from './ListBody';
export {
  describeFilter,
  exportLayoutOf,
  movedColumns,
  reorderedColumns,
  valueAt,
  valueText,
  visibleColumns,
  withFilter,
  type FieldKind,
  type ListFields,
  type ListLayout,
} from './listLayout';
export {
  filtersParam,
  gridFieldKinds,
  listLayoutParams,
  LIST_PAGE_DEFAULTS,
  LIST_PAGE_PARAMS,
  pageParam,
  searchParam,
  sortParam,
  useFirstPageOnChange,
  usePageWithinList,
  type FieldKindOf,
  type FilterValueKind,
} from './listParams';
export { SEARCH_DEBOUNCE_MS, useSearchText, type SearchedWords } from './useSearchText';
export { OwnKeys } from './OwnKeys';
export { useGridKeyboard, type GridKeyboardOptions } from './useGridKeyboard';
export {
  columnHeaders,
  controlColumn,
  DocumentsButton,
  fieldColumns,
  gridColumn,
  historyColumn,
  namedHeader,
  RowButton,
  textCell,
  thumbnailCell,
} from './columns';
export { useListCount, type ListCountState } from './useListCount';
export { useRowSelection, type RowSelection, type RowSelectionOptions } from './useRowSelection';
export { selectColumn, SelectionBar, SELECT_COLUMN_WIDTH, type SelectionBarProps } from './RowSelection';
