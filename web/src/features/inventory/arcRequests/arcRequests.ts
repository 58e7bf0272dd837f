import { Intent } from '@blueprintjs/core';
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { CONTRACT_REQUEST_PAGE_SIZE, type ContractRequestStatus } from '../../../../../contract/equipment';
import { client, resultOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

/** The keys of an instrument's contract change requests (every page, or one). */
const arcRequestsKeys = queryKeys('contractChangeRequests', {
  of: (equipmentId: number, pageIndex?: number) => (pageIndex === undefined ? [equipmentId] : [equipmentId, pageIndex]),
});

/** A page of the instrument's contract change requests: GET Equipment/{id}/contract/request, newest first. */
export function useArcRequests(equipmentId: number, pageIndex: number) {
  return useQuery({
    queryKey: arcRequestsKeys.of(equipmentId, pageIndex),
    queryFn: () =>
      resultOf(
        client.equipment.contractRequests({
          params: { id: equipmentId },
          query: { pageIndex, pageSize: CONTRACT_REQUEST_PAGE_SIZE },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** After a change request about the instrument was sent: its list is read again when next shown. */
export const invalidateArcRequests = (queryClient: QueryClient, equipmentId: number) =>
  queryClient.invalidateQueries({ queryKey: arcRequestsKeys.of(equipmentId) });

/** How each status reads and looks: submitted waits for the contract team, in progress is theirs, closed is done. */
export const STATUS_TAG: Record<ContractRequestStatus, { label: string; intent: Intent; minimal: boolean }> = {
  SUBMITTED: { label: 'contractRequest:status_submitted', intent: Intent.PRIMARY, minimal: true },
  IN_PROGRESS: { label: 'contractRequest:status_in_progress', intent: Intent.WARNING, minimal: true },
  CLOSED: { label: 'contractRequest:status_closed', intent: Intent.NONE, minimal: false },
};
