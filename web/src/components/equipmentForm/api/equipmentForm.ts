import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EquipmentEdit, EquipmentInput } from '../../../../../contract/equipment';
import { AUTOCOMPLETE_COUNT } from '../../../../../contract/limits';
import { client, resultOf } from '../../../lib/api';
import { equipmentKeys } from '../../../lib/equipmentKeys';

/** Remove an instrument from the user's list, or delete it when the user added it. */
export const removeEquipment = (id: number) => resultOf(client.equipment.remove({ params: { id } }));

/** The same, one of several: its failure is the caller's to report (with the others'), not a toast of its own. */
export const removeEquipmentQuietly = (id: number) =>
  resultOf(client.equipment.remove({ params: { id }, silent: true, ignoreCancel: true }));

/** Link the customer's instruments to the user's list. */
export const linkEquipment = (ids: number[]) => resultOf(client.equipment.link({ body: ids }));

/** Every instrument of the customer by location, read afresh each time the dialog opens: GET Equipment/list/all. */
export const useLinkableEquipment = () =>
  useQuery({
    queryKey: equipmentKeys.linkable(),
    queryFn: () => resultOf(client.equipment.listAll({ query: {} })),
    staleTime: 0,
  });

/** The instruments of one location that match a keyword; nothing is asked without one. */
export const useLinkableInLocation = (locationId: number, keyword: string) =>
  useQuery({
    queryKey: equipmentKeys.linkable(locationId, keyword),
    queryFn: () => resultOf(client.equipment.listAll({ query: { locationId, keyword } })).then((r) => r.locations[0]),
    enabled: keyword !== '',
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** How many instruments a picked contract covers. */
export const useContractEquipmentCount = (contractId: string, enabled: boolean) =>
  useQuery({
    queryKey: equipmentKeys.contractCount(contractId),
    queryFn: () => resultOf(client.equipment.contractEquipmentCount({ params: { contractId } })),
    enabled,
  });

/** The customer's contracts whose number matches what is typed. */
export const searchContracts = (keyword: string) =>
  resultOf(client.equipment.contracts({ query: { keyword, count: AUTOCOMPLETE_COUNT } }));

/** Save an instrument: the edit of an existing one, or a new one. */
export const saveEquipment = (body: Record<string, unknown>, existing: boolean) =>
  existing
    ? resultOf(client.equipment.update({ body: body as EquipmentEdit }))
    : resultOf(client.equipment.create({ body: body as EquipmentInput }));

/** Vendors (makes) matching what is typed. */
export const searchVendors = (keyword: string) =>
  resultOf(client.configuration.vendors({ query: { keyword, count: 100 } }));

/** A vendor's models matching what is typed (any vendor's without one). */
export const searchModels = (keyword: string, vendor: string | undefined) =>
  resultOf(client.configuration.models({ query: { keyword, count: 100, vendor } }));
