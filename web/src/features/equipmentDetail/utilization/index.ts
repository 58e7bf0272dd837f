export { UtilizationTab } from './UtilizationTab';
export { useHasAssetGeniusSite, usePrefetchUtilization } from '../api/utilization';
