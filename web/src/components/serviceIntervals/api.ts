import { useQuery } from '@tanstack/react-query';
import { ErrorCode } from '../../../../contract/errors';
import type { BulkServiceIntervalInput, ServiceIntervalsInput } from '../../../../contract/serviceIntervals';
import { client, resultOf } from '../../lib/api';
import { equipmentKeys } from '../../lib/equipmentKeys';
import type { FailureRules } from '../../lib/failureMessage';

/** The intervals, last completions and next due dates of an instrument. */
export const useServiceIntervals = (equipmentId: number) =>
  useQuery({
    queryKey: equipmentKeys.serviceIntervals(equipmentId),
    queryFn: () => resultOf(client.serviceIntervals.get({ params: { id: equipmentId } })),
  });

export const setServiceIntervals = (equipmentId: number, body: ServiceIntervalsInput) =>
  resultOf(client.serviceIntervals.set({ params: { id: equipmentId }, body }));

export const setServiceIntervalOnMany = (body: BulkServiceIntervalInput) =>
  resultOf(client.serviceIntervals.bulkSet({ body }));

/** How saving intervals words its failures: another customer's instrument, a caller who may not set them. */
export const SAVE_FAILURES: FailureRules = {
  failed: { key: 'serviceIntervals:save_failed' },
  byErrorCode: { [ErrorCode.EquipmentNotFound]: { key: 'errorMessage:error_msg_10002' } },
};
