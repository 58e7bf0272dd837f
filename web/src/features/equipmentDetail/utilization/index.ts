export { UtilizationTab } from './UtilizationTab';
export { useHasAssetGeniusSite, usePrefetchUtilization } from './utilizationQueries';
