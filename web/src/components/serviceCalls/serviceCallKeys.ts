import { queryKeys } from '../../lib/queryKeys';

/**
 * The keys of every service-call list (work orders, an instrument's service calls): a new service request or a
 * document change invalidates them all, so each list shows the calls as they are now.
 */
export const serviceCallKeys = queryKeys('serviceCalls', {
  workOrders: (...parts: unknown[]) => parts,
  workOrderCount: (...parts: unknown[]) => parts,
  filterFields: (activeType: unknown) => [activeType],
  equipment: (equipmentId: number, pageIndex: number) => [equipmentId, pageIndex],
  instrument: (...parts: unknown[]) => parts,
  reportTarget: (serviceOrderId: number | null) => [serviceOrderId],
});
