export { historyKeys, type HistoryKind } from './historyKeys';
export { historyQuery } from './api/useHistory';
export {
  EMPTY_VALUE,
  historyEventLabel,
  historyFieldLabel,
  historyFieldsOfList,
  historyValueText,
  type HistoryFields,
} from './historyValues';
export { HistoryList, type HistoryListProps } from './HistoryList';
export { LazyHistoryDialog } from './LazyHistoryDialog';
export type { HistoryDialogProps } from './HistoryDialog';
