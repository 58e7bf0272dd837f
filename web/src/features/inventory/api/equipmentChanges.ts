import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SERVICE_CALL_PAGE_SIZE } from '../../../../../contract/equipment';
import type { ImageChanges } from '../../../../../contract/images';
import { AUTOCOMPLETE_COUNT } from '../../../../../contract/limits';
import { serviceCallKeys } from '../../../components/serviceCalls';
import { client, resultOf } from '../../../lib/api';
import { equipmentKeys } from '../../../lib/equipmentKeys';

/** Remove an instrument from the user's list, or delete it when the user added it. */
export const removeEquipment = (id: number) => resultOf(client.equipment.remove({ params: { id } }));

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

/** A page of the instrument's service calls: GET Equipment/{id}/servicecall, 10 a page (spec 2 section 9). */
export const useServiceCallsOf = (equipmentId: number, pageIndex: number) =>
  useQuery({
    queryKey: serviceCallKeys.equipment(equipmentId, pageIndex),
    queryFn: () =>
      resultOf(
        client.serviceCalls.equipmentServiceCalls({
          params: { id: equipmentId },
          query: { pageIndex, pageSize: SERVICE_CALL_PAGE_SIZE },
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** Register uploaded images of an instrument and remove others (PUT Equipment/{id}/images). */
export const updateImages = (equipmentId: number, body: ImageChanges) =>
  resultOf(client.equipment.updateImages({ params: { id: equipmentId }, body, silent: true }));
