import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SERVICE_CALL_SIDEBAR_PAGE_SIZE } from '../../../../../contract/limits';
import { serviceCallKeys } from '../../../components/serviceCalls';
import { client, resultOf } from '../../../lib/api';

/** A page of the side panel's service calls: GET Equipment/{id}/servicecall, 15 a page (spec 1 section 9). */
export const useServiceCallsOf = (equipmentId: number, pageIndex: number) =>
  useQuery({
    queryKey: serviceCallKeys.equipment(equipmentId, pageIndex),
    queryFn: () =>
      resultOf(
        client.serviceCalls.equipmentServiceCalls({
          params: { id: equipmentId },
          query: { pageIndex, pageSize: SERVICE_CALL_SIDEBAR_PAGE_SIZE },
        }),
      ),
    placeholderData: keepPreviousData,
  });
