export { UtilizationTab } from './UtilizationTab';
export { useHasAssetGeniusSite } from './utilizationQueries';
