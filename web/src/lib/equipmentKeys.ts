import { queryKeys } from './queryKeys';

/**
 * The keys of every equipment query (the inventory, an instrument's page and what it shows, the pickers): a save of
 * any instrument invalidates `equipmentKeys.all`, so they all re-read.
 */
export const equipmentKeys = queryKeys('equipment', {
  list: (...parts: unknown[]) => parts,
  count: (...parts: unknown[]) => parts,
  filterFields: () => [],
  detail: (equipmentId: number) => [equipmentId],
  systemComponents: (equipmentId: number, systemId: unknown) => [equipmentId, systemId],
  productResources: (equipmentId: number) => [equipmentId],
  fieldOption: (field: unknown, keyword: string) => [field, keyword],
  contractCount: (contractNumber: string) => [contractNumber],
  contracts: () => [],
  linkable: (locationId?: number, keyword?: string) => (locationId === undefined ? [] : [locationId, keyword]),
  new: () => [],
  reservationPicker: () => [],
  serviceIntervals: (equipmentId: number) => [equipmentId],
  productsManagement: (...parts: unknown[]) => parts,
});
