import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SERVICE_CALL_PAGE_SIZE } from '../../../../../contract/equipment';
import { serviceCallKeys } from '../../../components/serviceCalls';
import { client, resultOf } from '../../../lib/api';

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
