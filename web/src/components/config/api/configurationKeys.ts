import { queryKeys } from '../../../lib/queryKeys';

/** The application configuration's lists: vendors, a vendor's models, service types and priorities. */
export const configurationKeys = queryKeys('configuration', {
  vendors: () => [],
  models: (vendor: string) => [vendor],
  optionSettings: () => [],
});
